// The waiting list follows the lifecycle (docs/after-sale.md → Waiting list): each freed seat
// is offered to the next member in line, and an open offer of someone who now holds the day
// (paid, received, given a team place) is settled, in the transaction that did it.

import type { Subscriber } from '../lifecycle/events';
import type { MailSettings } from '../mail/settings';
import { offerFreedSeats, restoreOffersOf, settleOffersOfHolders } from './service';

export function waitlistSubscriber(mail: MailSettings): Subscriber {
  return {
    name: 'waitlist',
    on: {
      'seats.freed': async (tx, { productDayIds, now }) => {
        await offerFreedSeats(tx, mail, productDayIds, now);
      },
      // Whoever now holds a day through a paid order settles their own open offer on it. A
      // payment took the offered seat itself (nothing freed); a transfer or a team place moved
      // a seat already taken, so the seat the offer kept goes on to the next in line.
      'order.paid': async (tx, { orderId, at }) => {
        await settleOffersOfHolders(tx, mail, orderId, at, false);
      },
      'days.transferred': async (tx, { toOrderId, at }) => {
        await settleOffersOfHolders(tx, mail, toOrderId, at);
      },
      // A place given to someone else puts its previous holder back in line where they were,
      // when getting it had settled their offer (docs/groups.md → Waiting list).
      'places.assigned': async (tx, { orderId, people, at }) => {
        for (const p of people) {
          if (p.previous)
            await restoreOffersOf(
              tx,
              mail,
              orderId,
              p.previous.userId,
              p.days.map((d) => d.productDayId),
              at,
            );
        }
        await settleOffersOfHolders(tx, mail, orderId, at);
      },
    },
  };
}
