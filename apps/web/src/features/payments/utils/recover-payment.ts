// Never charged in silence (docs/on-sale.md): when the answer of a capture is lost (a network
// error, a timeout, a 5xx, a gateway cutting the connection) the buyer may have paid, so the page
// asks the order's state instead of showing a generic error, and says how it ended.
import { MSG } from '@store/shared/messages';
import { ApiError } from '../../../lib/api-client';
import type { OrderState } from '../api/get-order-state';

/** How a capture whose answer was lost ended, as far as the order shows within the wait. */
export type Recovered =
  /** The order is paid: the same «Pago completado» as an answered capture. */
  | { kind: 'paid' }
  /** The order ended unpaid (or its money was given back): the refusal to show. */
  | { kind: 'ended'; message: string }
  /** Still pending: the payment is being confirmed, and the e-mail will say how it ended. */
  | { kind: 'pending' };

/**
 * The server's answers that say the payment is still being confirmed (PayPal completing it, or
 * holding it for review): not a refusal, so the page watches the order as for a lost answer.
 */
const PENDING_MESSAGES: readonly string[] = [MSG.paymentStillProcessing, MSG.paymentPendingReview];

/**
 * Whether a failed capture is a clear answer to show as it is: a refusal (4xx) with the server's
 * own message. Anything else (no answer, a timeout, a 5xx, an answer we cannot read, too many
 * requests, or "still processing") leaves the payment unknown.
 */
export function isClearRefusal(err: unknown): err is ApiError {
  return (
    err instanceof ApiError &&
    err.status >= 400 &&
    err.status < 500 &&
    err.status !== 408 &&
    err.status !== 429 &&
    err.message !== MSG.serverError &&
    !PENDING_MESSAGES.includes(err.message)
  );
}

/** What to say while the payment is being confirmed: the server's own words, when it said so. */
export function pendingMessageOf(err: unknown): string {
  return err instanceof ApiError && PENDING_MESSAGES.includes(err.message)
    ? err.message
    : MSG.paymentStillProcessing;
}

/** The waits before each look at the order (ms): backing off, about a minute in all. */
export const RECOVERY_WAITS_MS: readonly number[] = [
  1_000, 2_000, 3_000, 5_000, 8_000, 12_000, 15_000, 15_000,
];

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface RecoverOptions {
  /** Our order the capture was for. */
  orderId: string;
  /** The PayPal order captured: the order's reference until money is taken (then the capture's id). */
  paypalOrderId: string;
  look: (orderId: string) => Promise<OrderState>;
  waits?: readonly number[];
  wait?: (ms: number) => Promise<void>;
}

/** Looks at the order with backoff until it is paid or ended, or the waits run out (pending). */
export async function recoverPayment({
  orderId,
  paypalOrderId,
  look,
  waits = RECOVERY_WAITS_MS,
  wait = sleep,
}: RecoverOptions): Promise<Recovered> {
  for (const ms of waits) {
    await wait(ms);
    let order: OrderState;
    try {
      order = await look(orderId);
    } catch {
      // The look itself failed (the network is still down): try again after the next wait.
      continue;
    }
    const outcome = outcomeOf(order, paypalOrderId);
    if (outcome) return outcome;
  }
  return { kind: 'pending' };
}

function outcomeOf(order: OrderState, paypalOrderId: string): Recovered | null {
  switch (order.status) {
    case 'pendiente':
      return null;
    case 'cancelado':
    case 'reembolsado': {
      // A capture's id as its reference: money was taken and is going back (days the buyer
      // already held); otherwise PayPal did not take it.
      const charged = order.paymentReference !== null && order.paymentReference !== paypalOrderId;
      return { kind: 'ended', message: charged ? MSG.duplicatePaymentRefunded : MSG.paymentError };
    }
    default:
      // pagado, or already further along (part refunded, a day transferred): it was paid.
      return { kind: 'paid' };
  }
}
