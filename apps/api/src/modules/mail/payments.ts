// E-mails of a payment that waits for cash at OXXO or a SPEI transfer (docs/payments.md):
// the voucher or transfer data once issued, one reminder before it expires, and what became
// of money that arrived after the order ended. Enqueued in the transaction that decided them;
// the dedupe keys make each one go once.

import type { PaymentInstructions } from '@store/shared/schemas/mx-payments';
import type { Queryable } from '../../db/client';
import { paymentLateEmail } from './catalogue/payment-late';
import { paymentPendingEmail } from './catalogue/payment-pending';
import { enqueueEmail } from './outbox';
import type { MailSettings } from './settings';

export interface PendingPaymentMail {
  to: string;
  name: string;
  orderId: string;
  items: readonly string[];
  instructions: PaymentInstructions;
}

export async function enqueuePaymentPending(
  db: Queryable,
  settings: MailSettings,
  m: PendingPaymentMail,
  moment: 'issued' | 'reminder',
): Promise<boolean> {
  return enqueueEmail(db, {
    ...paymentPendingEmail(settings, { ...m, moment }),
    dedupeKey: `pago-${moment === 'issued' ? 'ficha' : 'recordatorio'}:${m.orderId}`,
  });
}

export async function enqueuePaymentLate(
  db: Queryable,
  settings: MailSettings,
  m: {
    to: string;
    name: string;
    orderId: string;
    amountCentavos: number;
    outcome: 'honoured' | 'refunded' | 'byHand';
  },
): Promise<void> {
  await enqueueEmail(db, { ...paymentLateEmail(settings, m), dedupeKey: `pago-tardio:${m.orderId}` });
}
