// The router state /orders hands to /live-stream (docs/product.md → Streams): the order, and the product to
// show (all of the order's online products when absent).
import { z } from 'zod';
import { order } from '@store/shared/schemas/order';

export const liveStreamState = z.object({ order, productId: z.string().optional() });
export type LiveStreamState = z.infer<typeof liveStreamState>;

export function parseLiveStreamState(state: unknown): LiveStreamState | null {
  const parsed = liveStreamState.safeParse(state);
  return parsed.success ? parsed.data : null;
}
