// The router state /orders hands to /live-stream (docs/product.md → Streams): the order, and the product to
// show (all of the order's online products when absent); or, for a place someone else bought
// and assigned to me (docs/groups.md), that event's item alone (the server gives links only for
// the days I hold).
import { z } from 'zod';
import { order, orderItem } from '@store/shared/schemas/order';

export const liveStreamState = z.union([
  z.object({ order, productId: z.string().optional() }),
  z.object({ item: orderItem }),
]);
export type LiveStreamState = z.infer<typeof liveStreamState>;

export function parseLiveStreamState(state: unknown): LiveStreamState | null {
  const parsed = liveStreamState.safeParse(state);
  return parsed.success ? parsed.data : null;
}
