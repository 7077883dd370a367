// Places for a team (docs/groups.md), the purchase: the quote, the hold every way to pay
// shares (holdGroup: the providers' team routes call it), and the cash order when enabled.
// What comes after it (assigning and cancelling places) is after-sale's (after-sale/places.ts). The rules and writes are the lifecycle's (lifecycle/group.ts).

import type { PaymentMethod } from '@store/shared/constants';
import { toPesos } from '@store/shared/domain/money';
import { MSG } from '@store/shared/messages';
import type { GroupQuote } from '@store/shared/schemas/group';
import type { z } from 'zod';
import type { groupCheckoutBody, groupQuoteBody } from '@store/shared/schemas/group';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { quoteGroup } from '../cart/group-quote';
import { assertInvoiceable, attachCheckoutRequest } from '../invoices/service';
import { holdPlaces, type OrderRow } from '../lifecycle';
import type { PaymentDeps } from './settle';
import { assertInvoicePlan } from './checkout';
import { GROUP_MSG } from '@store/shared/group-messages';

/** The group purchase as checkout would charge it (pesos). */
export async function groupQuote(
  db: Queryable,
  userId: string,
  body: z.output<typeof groupQuoteBody>,
  now = new Date(),
): Promise<GroupQuote> {
  const q = await quoteGroup(
    db,
    userId,
    {
      productId: body.productId,
      days: body.days,
      places: body.places,
      couponCode: body.couponCode,
    },
    now,
  );
  return {
    productId: q.product.id,
    productName: q.product.name,
    places: q.places,
    days: q.days.map((d) => ({
      productDayId: d.productDayId,
      label: d.label,
      pricePerPlace: toPesos(d.priceCentavos),
    })),
    pricePerPlace: toPesos(q.pricePerPlace),
    subtotal: toPesos(q.subtotal),
    discount: toPesos(q.discount),
    fee: toPesos(q.fee),
    total: toPesos(q.total),
    couponCode: q.coupon?.code ?? null,
  };
}

/**
 * Opens the pending group order (every seat taken in one transaction) for a way of paying;
 * it keeps its seats for the provider's window, or until `opts.expiresAt` (a transfer's deadline).
 */
export async function holdGroup(
  deps: PaymentDeps,
  userId: string,
  body: z.output<typeof groupCheckoutBody>,
  method: PaymentMethod,
  clientNetwork: string | null,
  now: Date,
  opts: { expiresAt?: Date; check?: (quote: { total: number }) => void } = {},
): Promise<OrderRow> {
  const ttlMs = deps.providers[method].holdMs(deps.config);
  const fiscal = body.invoice ?? null;
  const plan = assertInvoicePlan(method, body.invoicePlan, fiscal);
  return deps.db.transaction((tx) =>
    holdPlaces(tx, {
      userId,
      group: {
        productId: body.productId,
        days: body.days,
        places: body.places,
        couponCode: body.couponCode,
      },
      address: body.address,
      paymentMethod: method,
      expiresAt: opts.expiresAt ?? new Date(now.getTime() + ttlMs),
      clientAmount: body.amount,
      clientNetwork,
      maxHoldsPerNetwork: deps.config.MAX_OPEN_HOLDS_PER_NETWORK,
      maxTeamSeats: {
        perAccount: deps.config.MAX_OPEN_TEAM_SEATS_PER_ACCOUNT,
        perNetwork: deps.config.MAX_OPEN_TEAM_SEATS_PER_NETWORK,
      },
      check: (quote) => {
        if (quote.isFree) throw new AppError('conflict', GROUP_MSG.groupFree);
        if (fiscal) assertInvoiceable(quote.total);
        opts.check?.(quote);
      },
      attachInvoice: (t, orderId) => attachCheckoutRequest(t, { orderId, userId, fiscal, plan }),
      now,
    }),
  );
}

/** POST /api/group/place: a cash group order (only when cash orders are enabled). */
export async function placeGroupCashOrder(
  deps: PaymentDeps,
  userId: string,
  body: z.output<typeof groupCheckoutBody>,
  clientNetwork: string | null,
  now = new Date(),
): Promise<{ orderId: string; message: string }> {
  if (!deps.config.CASH_ORDERS_ENABLED) throw new AppError('bad_request', MSG.notFreeOrder);
  const order = await holdGroup(deps, userId, body, 'cod', clientNetwork, now);
  return { orderId: order.id, message: MSG.cashOrderPlaced };
}
