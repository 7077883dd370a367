// Cart calls of docs/product.md → API: cartData is { productId: { day: quantity } }.

import { z } from 'zod';
import { MSG } from '../messages';

export const cartData = z.record(z.string(), z.record(z.string(), z.number()));

export const cartAddBody = z.object({
  itemId: z.string({ error: MSG.productNotFound }).min(1, { error: MSG.productNotFound }),
  days: z.string({ error: MSG.chooseDay }).min(1, { error: MSG.chooseDay }).max(200),
});
export type CartAddBody = z.infer<typeof cartAddBody>;

export const cartUpdateBody = cartAddBody.extend({
  quantity: z.number({ error: MSG.invalidInput }).int({ error: MSG.invalidInput }).min(0).max(1000),
});
export type CartUpdateBody = z.infer<typeof cartUpdateBody>;

export const cartGetResponse = z.object({ success: z.literal(true), cartData });
export type CartGetResponse = z.infer<typeof cartGetResponse>;
