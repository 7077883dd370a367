// The waiting list follows the seats the lifecycle gives back: each freed seat is offered to
// the next member in line, in the transaction that freed it (docs/after-sale.md → Waiting list).

import type { Subscriber } from '../lifecycle/events';
import { offerFreedSeats } from './service';

export const waitlistSubscriber: Subscriber = {
  name: 'waitlist',
  on: {
    'seats.freed': async (tx, { productDayIds, now }) => {
      await offerFreedSeats(tx, productDayIds, now);
    },
  },
};
