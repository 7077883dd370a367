// POST /api/order/place: the free claim when the server total is 0 (paid at once), or a cash
// order when CASH_ORDERS_ENABLED (pending, grants nothing until an admin marks it paid, and
// expires after CASH_ORDER_TTL_HOURS like any unpaid order). Anything else must go through
// a payment provider. Both go through holdOrder: one live order per user and day.

import { MSG } from '@store/shared/messages';
import type { Address, OrderLineInput } from '@store/shared/schemas/order';
import { AppError } from '../../lib/errors';
import { quoteCart } from '../cart/quote';
import type { OrderRow } from '../lifecycle';
import type { FiscalData } from '@store/shared/schemas/invoice';
import { holdOrder } from './checkout';
import type { PaymentDeps } from './settle';

export interface PlaceOrderInput {
  userId: string;
  address: Address;
  items: readonly OrderLineInput[];
  amount?: number;
  couponCode?: string | null;
  invoice?: FiscalData | null;
  invoicePlan?: 'PUE' | 'PPD';
  /** The buyer's network (lib/network.ts): unpaid holds per network are capped. */
  clientNetwork?: string | null;
}

export async function placeOrder(
  deps: PaymentDeps,
  input: PlaceOrderInput,
  now = new Date(),
): Promise<{ order: OrderRow; message: string }> {
  const preview = await quoteCart(deps.db, input.userId, input.couponCode, now);
  if (!preview.isFree && !deps.config.CASH_ORDERS_ENABLED)
    throw new AppError('bad_request', MSG.notFreeOrder);
  const free = preview.isFree;
  const order = await holdOrder(deps, {
    userId: input.userId,
    address: input.address,
    couponCode: input.couponCode,
    invoice: input.invoice ?? null,
    invoicePlan: input.invoicePlan,
    paymentMethod: free ? 'free' : 'cod',
    status: free ? 'pagado' : 'pendiente',
    expiresAt: free ? null : new Date(now.getTime() + deps.providers.cod.holdMs(deps.config)),
    clientNetwork: input.clientNetwork ?? null,
    clientItems: input.items,
    clientAmount: input.amount,
    // The cart may have changed between the preview and the locked quote.
    check: (quote) => {
      if (quote.isFree !== free) throw new AppError('conflict', MSG.cartChanged);
    },
    now,
  });
  return { order, message: free ? MSG.freeClaimDone : MSG.cashOrderPlaced };
}
