// The e-mails that follow the order lifecycle's events (docs/lifecycle.md → Events): the
// confirmation with its receipt when an order is paid, the cancellation notice when the buyer
// cancels days, the notice of an admin's refund or cancellation, the two messages of a
// transfer, and those of a group order's place.

import type { Subscriber } from '../lifecycle/events';
import type { MailSettings } from '../mail/settings';
import { PAYMENT_METHOD_LABELS } from '@store/shared/constants';
import type { Queryable, Tx } from '../../db/client';
import { paymentInstructionsOf } from '@store/shared/domain/mx-payments';
import { findPayment } from '../lifecycle';
import { enqueuePaymentLate, enqueuePaymentPending, type PendingPaymentMail } from '../mail/payments';
import { enqueueAdminChangeEmail, enqueueCancellationEmail } from '../mail/after-sale';
import type { OrderChangedByAdminData } from '../mail/catalogue/order-changed-by-admin';
import { enqueueOrderConfirmation, ticketAttachments } from '../mail/order-confirmation';
import type { LateAttachments } from '../mail/late-attachments';
import { enqueueTransferEmails } from '../mail/transfer';
import { enqueuePlaceEmails } from '../mail/group';
import { pendingRegistrationOf } from '../questions/service';
import { findOrderDayDetails, findOrderForConfirmation, type OrderRow } from './repo';
import { receiptFileName } from './receipt';
import { receiptOf } from './service';

/**
 * The confirmation's files, made when it is sent (mail/late-attachments.ts): the QR tickets and,
 * for a paid amount, the receipt (a free claim has nothing to prove).
 */
export function confirmationFiles(mail: MailSettings): LateAttachments {
  return async (db, orderId) => {
    const found = await findOrderForConfirmation(db, orderId);
    if (!found) return [];
    const tickets = await ticketAttachments(mail, found);
    if (found.order.amountCentavos <= 0) return tickets;
    const receipt = {
      filename: receiptFileName(orderId),
      contentType: 'application/pdf',
      content: await receiptOf(db, found.order),
    };
    return [...tickets, receipt];
  };
}

export const orderMailSubscriber = (mail: MailSettings): Subscriber => ({
  name: 'orders.mail',
  on: {
    'order.paid': async (tx, { orderId }) => {
      const found = await findOrderForConfirmation(tx, orderId);
      if (!found) return;
      // Its tickets and receipt are made when it is sent (confirmationFiles below).
      await enqueueOrderConfirmation(tx, mail, found);
    },
    'payment.instructions': async (tx, { orderId }) => {
      const pending = await pendingPaymentMail(tx, orderId);
      if (pending) await enqueuePaymentPending(tx, mail, pending, 'issued');
    },
    'order.paid_late': async (tx, e) => {
      const found = await findOrderForConfirmation(tx, e.orderId);
      if (!found) return;
      await enqueuePaymentLate(tx, mail, {
        to: found.email,
        name: found.name,
        orderId: e.orderId,
        amountCentavos: found.order.amountCentavos,
        outcome: e.honoured ? 'honoured' : e.refundId ? 'refunded' : 'byHand',
      });
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
    'refund.completed': async (tx, e) => {
      // The buyer's own cancellation has its e-mail (days.cancelled); the provider's own refunds
      // are told by the provider.
      if (e.by !== 'admin') return;
      await enqueueAdminChange(
        tx,
        mail,
        e.orderId,
        `admin-reembolso:${e.refundId}`,
        e.endedProductDayIds,
        (order) => ({
          kind: 'refund',
          amountCentavos: e.amountCentavos,
          provider: e.via === 'provider' ? PAYMENT_METHOD_LABELS[order.paymentMethod] : null,
        }),
      );
    },
    'order.cancelled_by_admin': async (tx, e) => {
      await enqueueAdminChange(
        tx,
        mail,
        e.orderId,
        `admin-cancelacion:${e.orderId}`,
        e.productDayIds,
        () => ({
          kind: 'cancel',
          wasPaid: e.from !== 'pendiente',
        }),
      );
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
    'places.assigned': async (tx, e) => {
      // Each person is asked to complete their registration when the event has required
      // questions they have not answered (docs/questions.md).
      const people = [];
      for (const p of e.people) {
        const days = p.days.map((d) => d.productDayId);
        people.push({ ...p, registrationProductId: await pendingRegistrationOf(tx, p.userId, days, e.at) });
      }
      await enqueuePlaceEmails(tx, mail, { ...e, people });
    },
  },
});

/** The buyer's e-mail of an admin's change to the order (a refund, a cancellation). */
async function enqueueAdminChange(
  tx: Tx,
  mail: MailSettings,
  orderId: string,
  dedupeKey: string,
  endedProductDayIds: readonly string[],
  change: (order: OrderRow) => OrderChangedByAdminData['change'],
): Promise<void> {
  const buyer = await findOrderForConfirmation(tx, orderId);
  if (!buyer) return;
  const ended = new Set(endedProductDayIds);
  const days = await findOrderDayDetails(tx, orderId);
  const seen = new Set<string>();
  await enqueueAdminChangeEmail(tx, mail, {
    to: buyer.email,
    name: buyer.name,
    orderId,
    change: change(buyer.order),
    // A team's order has one row per place: each day once.
    endedDays: days
      .filter((d) => ended.has(d.productDayId) && !seen.has(d.productDayId) && seen.add(d.productDayId))
      .map((d) => ({ productName: d.productName, label: d.label, startsAt: d.startsAt })),
    noAccessLeft: buyer.order.status !== 'pagado',
    dedupeKey,
  });
}

/** The e-mail of an order whose payment waits for cash or a transfer; null when it no longer waits. */
export async function pendingPaymentMail(db: Queryable, orderId: string): Promise<PendingPaymentMail | null> {
  const found = await findOrderForConfirmation(db, orderId);
  if (found?.order.status !== 'pendiente') return null;
  const payment = await findPayment(db, orderId);
  const instructions = paymentInstructionsOf(
    found.order.paymentMethod,
    found.order.amountCentavos,
    payment?.data,
  );
  if (!instructions) return null;
  const places = found.order.kind === 'grupo' ? ' (lugares para un equipo)' : '';
  return {
    to: found.email,
    name: found.name,
    orderId,
    items: found.order.items.map((i) => `${i.name}${places}`),
    instructions,
  };
}
