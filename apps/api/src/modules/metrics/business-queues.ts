// The business queues the metrics report, read from the tables as they are: one query, run at
// each scrape. Add a queue here (and its gauge in metrics.ts, its line in docs/operations.md).

import { sql } from 'drizzle-orm';
import { ORDER_STATUSES } from '@store/shared/constants';
import { toPesos } from '@store/shared/domain/money';
import type { Queryable } from '../../db/client';

export interface BusinessQueues {
  /** Orders by status (pendiente = unpaid holds keeping their seats). */
  orders: Record<string, number>;
  /** Unpaid holds whose expiry passed more than five minutes ago: the expiry job is not running. */
  ordersOverdue: number;
  emailsPending: number;
  emailsFailed: number;
  /** Seconds the oldest due, unsent e-mail has waited (0 when none). */
  oldestEmailDueSeconds: number;
  /** Invoices and credit notes waiting for the PAC (pending_action set). */
  invoicesPending: number;
  creditNotesPending: number;
  /** Left in `error` for a person (refused by the PAC, or out of attempts). */
  invoicesFailed: number;
  creditNotesFailed: number;
  refundsPending: number;
  refundsFailed: number;
  waitlistOffersOpen: number;
  /** Orders waiting for cash at OXXO or a SPEI transfer, and the pesos they wait for. */
  paymentsWaiting: { oxxo: number; spei: number };
  paymentsWaitingPesos: { oxxo: number; spei: number };
}

interface Row extends Record<string, unknown> {
  orders: Record<string, number> | null;
  orders_overdue: number;
  emails_pending: number;
  emails_failed: number;
  oldest_email_due_seconds: number;
  invoices_pending: number;
  credit_notes_pending: number;
  invoices_failed: number;
  credit_notes_failed: number;
  refunds_pending: number;
  refunds_failed: number;
  waitlist_offers_open: number;
  waiting_oxxo: number;
  waiting_spei: number;
  waiting_oxxo_centavos: number;
  waiting_spei_centavos: number;
}

export async function readBusinessQueues(db: Queryable): Promise<BusinessQueues> {
  const result = await db.execute<Row>(sql`
    select
      (select jsonb_object_agg(status, n) from
        (select status, count(*)::int as n from orders group by status) s) as orders,
      (select count(*)::int from orders
        where status = 'pendiente' and expires_at < now() - interval '5 minutes') as orders_overdue,
      (select count(*)::int from email_outbox where status = 'pending') as emails_pending,
      (select count(*)::int from email_outbox where status = 'failed') as emails_failed,
      (select coalesce(extract(epoch from now() - min(next_attempt_at)), 0)::float8 from email_outbox
        where status = 'pending' and next_attempt_at <= now()) as oldest_email_due_seconds,
      (select count(*)::int from cfdi_documents where kind = 'I' and pending_action is not null) as invoices_pending,
      (select count(*)::int from cfdi_documents where kind = 'E' and pending_action is not null) as credit_notes_pending,
      (select count(*)::int from cfdi_documents where kind = 'I' and status = 'error') as invoices_failed,
      (select count(*)::int from cfdi_documents where kind = 'E' and status = 'error') as credit_notes_failed,
      (select count(*)::int from order_refunds where status = 'pendiente') as refunds_pending,
      (select count(*)::int from order_refunds where status = 'fallido') as refunds_failed,
      (select count(*)::int from waitlist_entries where status = 'ofrecido') as waitlist_offers_open,
      (select count(*)::int from orders where status = 'pendiente' and payment_method = 'oxxo') as waiting_oxxo,
      (select count(*)::int from orders where status = 'pendiente' and payment_method = 'spei') as waiting_spei,
      (select coalesce(sum(amount_centavos), 0)::float8 from orders
        where status = 'pendiente' and payment_method = 'oxxo') as waiting_oxxo_centavos,
      (select coalesce(sum(amount_centavos), 0)::float8 from orders
        where status = 'pendiente' and payment_method = 'spei') as waiting_spei_centavos
  `);
  const r = (result as unknown as { rows: Row[] }).rows[0]!;
  return {
    // Every status, 0 included: a series that appears only with its first order breaks rate().
    orders: { ...Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])), ...r.orders },
    ordersOverdue: r.orders_overdue,
    emailsPending: r.emails_pending,
    emailsFailed: r.emails_failed,
    oldestEmailDueSeconds: Number(r.oldest_email_due_seconds),
    invoicesPending: r.invoices_pending,
    creditNotesPending: r.credit_notes_pending,
    invoicesFailed: r.invoices_failed,
    creditNotesFailed: r.credit_notes_failed,
    refundsPending: r.refunds_pending,
    refundsFailed: r.refunds_failed,
    waitlistOffersOpen: r.waitlist_offers_open,
    paymentsWaiting: { oxxo: r.waiting_oxxo, spei: r.waiting_spei },
    paymentsWaitingPesos: {
      oxxo: toPesos(Number(r.waiting_oxxo_centavos)),
      spei: toPesos(Number(r.waiting_spei_centavos)),
    },
  };
}
