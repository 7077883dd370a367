// The waiting list follows the seats the lifecycle gives back: each freed seat is offered to
// the next member in line, in the transaction that freed it (docs/after-sale.md → Waiting list).

import type { Subscriber } from '../lifecycle/events';
import type { MailSettings } from '../mail/settings';
import { offerFreedSeats } from './service';

export function waitlistSubscriber(mail: MailSettings): Subscriber {
  return {
    name: 'waitlist',
    on: {
      'seats.freed': async (tx, { productDayIds, now }) => {
        await offerFreedSeats(tx, mail, productDayIds, now);
      },
    },
  };
}
