// One live pending order per user and (product, day), whatever the way of paying. Every
// order-creating call (PayPal create-order, Stripe checkout, cash order, free claim) goes
// through holdOrder: the identical pending order is handed back while its payment window
// lasts (same seat, same coupon use, same provider order); any other pending order on the
// same days is settled first (its provider says whether money moved: paid, captured or
// cancelled) and only then replaced. A user can therefore hold each day at most once, and
// cannot pay for a day twice from two tabs. An event of the cart whose required registration
// questions the buyer has not answered refuses it first (docs/questions.md).

import type { PaymentMethod } from '@store/shared/constants';
import { MSG } from '@store/shared/messages';
import { PAY_MSG } from '@store/shared/payment-messages';
import { AppError } from '../../lib/errors';
import {
  claimFree,
  findOrder,
  findPayment,
  hold,
  type CreateOrderInput,
  type HoldingOrder,
  type OrderRow,
} from '../lifecycle';
import { assertInvoiceable, attachCheckoutRequest } from '../invoices/service';
import type { PaymentDeps } from './settle';
import type { Tx } from '../../db/client';
import { seatsTakenNow } from '../seats/board';
import { seatsTakenBy } from '../seats/repo';
import { assertCartRegistrations } from '../questions/service';

/** Rounds of "settle what stands in the way, then try again" before answering 409. */
const MAX_ROUNDS = 3;

/**
 * An invoice stamped before the money arrives (PPD) is for a SPEI transfer only, and needs the
 * fiscal data; a request for it with any other way to pay is refused (docs/cfdi.md).
 */
export function assertInvoicePlan(
  method: PaymentMethod,
  plan: InvoicePlan | undefined,
  fiscal: unknown,
): InvoicePlan {
  if (plan !== 'PPD') return 'PUE';
  if (method !== 'spei') throw new AppError('bad_request', PAY_MSG.ppdOnlySpei);
  if (!fiscal) throw new AppError('bad_request', PAY_MSG.ppdNeedsInvoice);
  return 'PPD';
}

export type InvoicePlan = 'PUE' | 'PPD';

/** The user's order for the cart: reused, or created after what stood in its way was settled. */
export async function holdOrder(
  deps: PaymentDeps,
  input: CreateOrderInput & { invoicePlan?: InvoicePlan },
): Promise<OrderRow> {
  const now = input.now ?? new Date();
  const plan = assertInvoicePlan(input.paymentMethod, input.invoicePlan, input.invoice);
  // No money is taken for a registration that is not complete (docs/questions.md).
  await assertCartRegistrations(deps.db, input.userId, now);
  const reuse =
    input.status === 'pendiente'
      ? { reuseMinRemainingMs: deps.providers[input.paymentMethod].reuseMinRemainingMs(deps.config) }
      : {};
  // The CFDI request travels with the order: checked against the server total, attached in
  // the order's own transaction (the lifecycle does not import the invoices module).
  const fiscal = input.invoice ?? null;
  const withInvoice: Partial<CreateOrderInput> = {
    maxHoldsPerNetwork: deps.config.MAX_OPEN_HOLDS_PER_NETWORK,
    attachInvoice: (tx, orderId) =>
      attachCheckoutRequest(tx, { orderId, userId: input.userId, fiscal, plan }),
    ...(fiscal
      ? {
          check: (quote) => {
            input.check?.(quote);
            assertInvoiceable(quote.total);
          },
        }
      : {}),
  };
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const { status, ...rest } = { ...input, ...withInvoice, ...reuse, now };
    let inTx: Tx | null = null;
    const result = await deps.db.transaction((tx) => {
      inTx = tx;
      return (status === 'pagado' ? claimFree : hold)(tx, rest);
    });
    if (result.kind === 'created') {
      // Committed: a day this took the last seat of is refused at once from now on (on-sale).
      if (inTx) seatsTakenNow(seatsTakenBy(inTx));
      return result.order;
    }
    const held = result.kind === 'reusable' ? [result.order] : result.orders;
    for (const order of held) {
      const keep = result.kind === 'reusable';
      if ((await reconcileHold(deps, order, { keep, now })) === 'payable' && keep) return result.order;
      // Its provider had been paid: those days are the user's now (the cart was emptied).
      if ((await findOrder(deps.db, order.id))?.status === 'pagado') {
        throw new AppError('conflict', MSG.alreadyOwned);
      }
    }
  }
  throw new AppError('conflict', MSG.paymentInProgress);
}

/**
 * Asks the provider of a pending order met by a new attempt what became of it, and records
 * that: 'payable' when it is the same attempt and can still be paid as it is; otherwise it
 * is settled (paid, refunded as a duplicate, or cancelled with its seats and coupon back).
 */
async function reconcileHold(
  deps: PaymentDeps,
  order: HoldingOrder,
  opts: { keep: boolean; now: Date },
): Promise<'payable' | 'settled'> {
  const payment = await findPayment(deps.db, order.id);
  return deps.providers[order.paymentMethod].reconcileHold(deps, order, payment, opts);
}
