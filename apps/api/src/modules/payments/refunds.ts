// Refunds through the order's provider (provider.ts: today PayPal's refund API) for a
// buyer's cancellation or an admin refund (docs/after-sale.md, docs/lifecycle.md → Money,
// docs/providers.md → PayPal refund). The lifecycle writes the refund row first
// (requestRefund: its id is the provider's idempotency key, so asking again never refunds
// twice), then the provider is called outside any transaction, then the lifecycle applies
// its answer (ProviderRefundAnswer):
//
//   completed  → completeRefund: the refund's days end, seats free, refunded amount and
//                status follow, events (e-mail, credit note) — once, whether the API
//                answer, the webhook or the sweep arrives first
//   pending    → refundInProcess: nothing ends, the row waits with the provider's refund
//                id ("Reembolso en proceso") until the webhook or the sweep's read says more
//   failed     → failRefund: the row fails; the order stays paid, audited
//   retry      → the row stays pending and the sweep asks again with the same key, after
//                the provider's Retry-After or with backoff (busy, 429, 5xx, no answer)

import { toPesos } from '@store/shared/domain/money';
import { MSG } from '@store/shared/messages';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import { AppError } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Tx } from '../../db/client';
import {
  completeRefund,
  failRefund,
  findDueRefunds,
  findOrder,
  findPayment,
  findPendingRefund,
  findRefund,
  findRefundByProviderId,
  refundInProcess,
  requestRefund,
  scheduleRefundRetry,
  type OrderRow,
  type PaymentRow,
  type RefundRow,
} from '../lifecycle';
import type { ProviderRefundAnswer } from './provider';
import { auditPayment } from './repo';
import type { PaymentDeps } from './settle';

export type RefundOutcome = 'completed' | 'pending' | 'failed' | 'unconfirmed';

/** What the person who asked for a refund reads for each outcome. */
export interface RefundTexts {
  completed: string;
  pending: string;
  failed: string;
  unconfirmed: string;
}

/** A buyer's cancellation (of days, or of a team's places). */
export const BUYER_REFUND_TEXTS: RefundTexts = {
  completed: MSG.orderCancelledRefund,
  pending: MSG.refundInProcess,
  failed: MSG.refundFailed,
  unconfirmed: MSG.refundPending,
};

/** An administrator's refund from the back office. */
export const ADMIN_REFUND_TEXTS: RefundTexts = {
  completed: ADMIN_MSG.orderRefundedPaypal,
  pending: ADMIN_MSG.orderRefundInProcess,
  failed: ADMIN_MSG.orderRefundFailed,
  unconfirmed: ADMIN_MSG.orderRefundUnconfirmed,
};

/**
 * The one answer of a refund's outcome, whoever asked: completed says what went back;
 * PENDING (the money has not moved) gives back nothing yet and says so — the e-mail and
 * Mis Productos follow once the provider confirms; a refusal (402) and no answer (503) throw
 * with the caller's texts, the order as it was.
 */
export function refundAnswer(
  outcome: RefundOutcome,
  refund: Pick<RefundRow, 'amountCentavos'>,
  texts: RefundTexts,
): { message: string; refunded: number } {
  switch (outcome) {
    case 'completed':
      return { message: texts.completed, refunded: toPesos(refund.amountCentavos) };
    case 'pending':
      return { message: texts.pending, refunded: 0 };
    case 'failed':
      throw new AppError('payment_failed', texts.failed);
    case 'unconfirmed':
      throw new AppError('unavailable', texts.unconfirmed);
  }
}

/**
 * The store itself gives this order's money back through its provider (provider.ts);
 * `payment` is the order's attempt at it (findPayment).
 */
export function refundsOnline(
  deps: Pick<PaymentDeps, 'providers'>,
  order: OrderRow,
  payment: PaymentRow | null,
): boolean {
  return deps.providers[order.paymentMethod].refundsOnline(order, payment);
}

/** How long a refund PENDING at PayPal waits before the sweep reads it again. */
export const PENDING_REFUND_LOOK_MS = 30 * 60_000;
/** A refund row left without an answer (the process stopped mid-call) is looked at after this. */
export const STALE_REFUND_MS = 10 * 60_000;

/** Backoff of a refund to ask again: 1 min doubling up to 1 h. */
export function refundRetryDelayMs(attempts: number): number {
  return Math.min(3600_000, 60_000 * 2 ** Math.max(0, attempts));
}

/**
 * Asks the order's provider for the pending refund and applies what it answers (see the top
 * of the file). A refund the provider already took (PENDING: its id is on the row) is read,
 * not asked again.
 */
export async function executeRefund(
  deps: PaymentDeps,
  order: OrderRow,
  refund: RefundRow,
  now = new Date(),
): Promise<RefundOutcome> {
  const payment = await findPayment(deps.db, order.id);
  if (!refundsOnline(deps, order, payment)) {
    return fail(deps, refund, 'el medio de pago no reembolsa en línea');
  }
  const answer = await deps.providers[order.paymentMethod].refund(deps, order, payment, refund);
  return applyRefundAnswer(deps, refund, answer, now);
}

/** The provider's answer applied through the lifecycle (the top of the file). */
async function applyRefundAnswer(
  deps: PaymentDeps,
  refund: RefundRow,
  answer: ProviderRefundAnswer,
  now: Date,
): Promise<RefundOutcome> {
  switch (answer.kind) {
    case 'completed':
      // Null when the refund webhook got here first and already applied it.
      await deps.db.transaction((tx) => completeRefund(tx, refund.id, answer.providerRefundId, 'api'));
      return 'completed';
    case 'pending': {
      const next = new Date(now.getTime() + PENDING_REFUND_LOOK_MS);
      await deps.db.transaction((tx) => refundInProcess(tx, refund, answer.providerRefundId, next));
      return 'pending';
    }
    case 'failed':
      return fail(deps, refund, answer.reason);
    case 'retry':
      return retryLater(deps, refund, now, answer.retryAfterMs, answer.reason);
  }
}

async function fail(deps: PaymentDeps, refund: RefundRow, reason: string): Promise<RefundOutcome> {
  await deps.db.transaction((tx) => failRefund(tx, refund, reason));
  deps.log.error(
    { orderId: refund.orderId, refundId: refund.id, reason },
    'el proveedor rechazó un reembolso',
  );
  return 'failed';
}

/** Not refused, not settled: the sweep asks again with the same key (Retry-After, or backoff). */
async function retryLater(
  deps: PaymentDeps,
  refund: RefundRow,
  now: Date,
  retryAfterMs: number | null,
  reason: string,
): Promise<RefundOutcome> {
  const delay = Math.max(retryAfterMs ?? 0, refundRetryDelayMs(refund.attempts));
  await deps.db.transaction(async (tx) => {
    await scheduleRefundRetry(tx, refund, new Date(now.getTime() + delay));
    await auditPayment(tx, {
      action: 'payment.refund_unconfirmed',
      orderId: refund.orderId,
      actorId: refund.actorId,
      details: { refundId: refund.id, amount: toPesos(refund.amountCentavos), reason },
    });
  });
  return 'unconfirmed';
}

/**
 * The refund sweep (run with the pending-order sweep): every refund still waiting for PayPal
 * whose time has come is asked again with its own key, or read by its PayPal id.
 */
export async function sweepPendingRefunds(
  deps: PaymentDeps,
  now = new Date(),
): Promise<Record<RefundOutcome, number>> {
  const counts: Record<RefundOutcome, number> = { completed: 0, pending: 0, failed: 0, unconfirmed: 0 };
  for (const due of await findDueRefunds(deps.db, now, STALE_REFUND_MS)) {
    const [order, refund] = await Promise.all([findOrder(deps.db, due.orderId), findRefund(deps.db, due.id)]);
    if (!order || refund?.status !== 'pendiente') continue;
    try {
      counts[await executeRefund(deps, order, refund, now)] += 1;
    } catch (err) {
      counts.unconfirmed += 1;
      deps.log.warn({ err, refundId: refund.id }, 'no se pudo revisar un reembolso pendiente');
    }
  }
  return counts;
}

/**
 * A PAYMENT.CAPTURE.REFUNDED event for one of our orders, in the webhook's transaction.
 * True when it is a refund the store asked for (applied now as its status says, or already
 * applied): the caller must not count it again. Our refunds are known by PayPal's refund id
 * once PayPal answered, and always by the reference we sent as `invoice_id` (the row's id),
 * which PayPal echoes: so a refund made in PayPal's dashboard while one of ours is in flight,
 * for the same amount, is never taken for ours. Only a row asked before the reference was sent
 * (no `provider_reference`) and not yet named by PayPal is matched by its amount.
 */
export async function reconcileRefundEvent(
  tx: Tx,
  orderId: string,
  resource: { id: string; invoice_id?: string },
  answer: ProviderRefundAnswer,
  centavos: number | null,
  now = new Date(),
): Promise<boolean> {
  const row = await refundOfEvent(tx, orderId, resource, centavos);
  if (!row) return false;
  if (row.status !== 'pendiente') return true;
  if (answer.kind === 'pending') {
    await refundInProcess(tx, row, resource.id, new Date(now.getTime() + PENDING_REFUND_LOOK_MS));
  } else if (answer.kind === 'failed') {
    await failRefund(tx, row, answer.reason);
  } else {
    await completeRefund(tx, row.id, resource.id, 'webhook');
  }
  return true;
}

/** Which of the order's refund rows a refund event speaks of; null: one the store did not ask for. */
async function refundOfEvent(
  tx: Tx,
  orderId: string,
  resource: { id: string; invoice_id?: string },
  centavos: number | null,
): Promise<RefundRow | null> {
  const known = await findRefundByProviderId(tx, resource.id);
  if (known) return known;
  if (resource.invoice_id !== undefined) {
    const ours = isUuid(resource.invoice_id) ? await findRefund(tx, resource.invoice_id) : null;
    return ours?.orderId === orderId ? ours : null;
  }
  const legacy = await findPendingRefund(tx, orderId);
  if (!legacy || legacy.providerReference !== null || legacy.providerRefundId !== null) return null;
  return centavos === legacy.amountCentavos ? legacy : null;
}

/**
 * An admin refund of a PayPal order through PayPal's refund API: `amountCentavos` (never
 * more than what is left unrefunded), ending every active day when `revokeAccess`. The same
 * refund row, idempotency and webhook rules as a buyer's cancellation. An unanswered call
 * asked again with the same amount reuses the pending refund (same PayPal-Request-Id).
 * Answers the admin's message (refundAnswer).
 */
export async function refundOnline(
  deps: PaymentDeps,
  input: { orderId: string; actorId: string; amountCentavos: number; revokeAccess: boolean; note: string },
): Promise<string> {
  const { order, refund } = await deps.db.transaction(async (tx) => {
    const asked = await requestRefund(tx, {
      orderId: input.orderId,
      kind: 'admin',
      productDayIds: input.revokeAccess ? 'paid' : [],
      amountCentavos: input.amountCentavos,
      actorId: input.actorId,
      refusal: ADMIN_MSG.orderNotRefundable,
      inFlight: ADMIN_MSG.orderRefundInProgress,
    });
    if (!asked.repeated) {
      await auditPayment(tx, {
        action: 'order.refund_requested',
        orderId: input.orderId,
        actorId: input.actorId,
        details: {
          refundId: asked.refund.id,
          amount: toPesos(input.amountCentavos),
          revokeAccess: input.revokeAccess,
          ...(input.note ? { note: input.note } : {}),
        },
      });
    }
    return asked;
  });
  const outcome = await executeRefund(deps, order, refund);
  return refundAnswer(outcome, refund, ADMIN_REFUND_TEXTS).message;
}
