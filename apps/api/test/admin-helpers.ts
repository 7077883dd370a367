// Helpers for the admin API tests: calls with an admin token, and a customer's free claim
// through the storefront API (cart/add then order/place), as the browser does it.

import type { TestContext } from './context';
import { addToCart, placeOrder, type TestUser } from './store-helpers';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function call(ctx: TestContext, token: string, method: Method, url: string, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: { token },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** The customer claims these days of a product (the server total must be 0, or cash orders on). */
export async function claim(
  ctx: TestContext,
  user: TestUser,
  productId: string,
  days: string[],
  extra: Record<string, unknown> = {},
): Promise<string> {
  for (const day of days) await addToCart(ctx, user, productId, day);
  const res = await placeOrder(
    ctx,
    user,
    days.map((day) => ({ productId, day })),
    extra,
  );
  if (res.statusCode !== 200) throw new Error(`order/place ${res.statusCode}: ${res.body}`);
  return res.json().orderId as string;
}

/** The stream links the customer can see for a product (product/single). */
export async function dayLinksOf(ctx: TestContext, user: TestUser, productId: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/product/single/${productId}`,
    headers: { token: user.token },
  });
  if (res.statusCode !== 200) throw new Error(`product/single ${res.statusCode}: ${res.body}`);
  return res.json().product.dayLinks as Record<string, string>;
}
