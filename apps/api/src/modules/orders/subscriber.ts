// The e-mails that follow the order lifecycle's events (docs/lifecycle.md → Events): the
// confirmation with its receipt when an order is paid, the cancellation notice when the buyer
// cancels days, the two messages of a transfer, and those of a group order's place.

import type { Subscriber } from '../lifecycle/events';
import type { MailSettings } from '../mail/settings';
import { enqueueCancellationEmail } from '../mail/after-sale';
import { enqueueOrderConfirmation } from '../mail/order-confirmation';
import { enqueueTransferEmails } from '../mail/transfer';
import { enqueuePlaceEmails } from '../mail/group';
import { findOrderDayDetails, findOrderForConfirmation } from './repo';
import { receiptFileName } from './receipt';
import { receiptOf } from './service';

export const orderMailSubscriber = (mail: MailSettings): Subscriber => ({
  name: 'orders.mail',
  on: {
    'order.paid': async (tx, { orderId }) => {
      const found = await findOrderForConfirmation(tx, orderId);
      if (!found) return;
      // A paid amount comes with its receipt (a free claim has nothing to prove).
      const receipt =
        found.order.amountCentavos > 0
          ? [
              {
                filename: receiptFileName(orderId),
                contentType: 'application/pdf',
                content: await receiptOf(tx, found.order),
              },
            ]
          : [];
      await enqueueOrderConfirmation(tx, mail, found, receipt);
    },
    'days.cancelled': async (tx, e) => {
      if (e.by !== 'buyer') return;
      const buyer = await findOrderForConfirmation(tx, e.orderId);
      if (!buyer) return;
      const wanted = new Set(e.productDayIds);
      const days = await findOrderDayDetails(tx, e.orderId);
      await enqueueCancellationEmail(tx, mail, {
        to: buyer.email,
        name: buyer.name,
        orderId: e.orderId,
        days: days
          .filter((d) => wanted.has(d.productDayId))
          .map((d) => ({ productName: d.productName, label: d.label, startsAt: d.startsAt })),
        paidCentavos: e.paidCentavos,
        refundCentavos: e.refundCentavos,
        wholeOrder: e.wholeOrder,
        dedupeKey: `cancelacion:${e.refundId ?? `${e.orderId}:${[...wanted].sort().join(',')}`}`,
      });
    },
    'days.transferred': async (tx, e) => {
      await enqueueTransferEmails(tx, mail, {
        transferId: e.transferId,
        productName: e.productName,
        days: [...e.days],
        from: e.from,
        to: e.to,
        fromOrderId: e.fromOrderId,
        setPasswordToken: e.setPasswordToken,
        tokenDays: e.tokenDays,
      });
    },
    'place.assigned': async (tx, e) => {
      await enqueuePlaceEmails(tx, mail, { ...e, days: [...e.days] });
    },
  },
});
