// The answers of a stream's buyers, built before it starts (docs/speed.md → A buyer's
// snapshot). At 9:00 hundreds of buyers open "Mis Productos" and the stream page within the same
// minute; an answer not held costs a statement on that first call, and none may be held then:
// the process restarted, or the stream link set at 8:55 dropped every answer held. So each
// process, every WARM_EVERY_MS, builds the "my orders" answer and the stream page's part of every
// buyer holding a paid place on a day that starts within WARM_AHEAD_MS (or is on now), unless
// it holds them already, and reads their session rows afresh into the session cache (held a
// minute, like any session checked): a run over warm buyers reads two lists and touches memory
// otherwise.

import type { Queryable } from '../../db/client';
import { loadSessionUsers } from '../../plugins/auth';
import { SESSION_CACHE_MS, type SessionCache } from '../../plugins/session-cache';
import { findBuyersOfDaysSoon } from '../orders/repo';
import type { UserViews } from '../orders/user-views';
import { heldBuyerView } from './service';

export const WARM_AHEAD_MS = 30 * 60_000;
/**
 * Half the time a session row is held: a warm buyer's row is read again before it runs out, so
 * it never lapses between two runs (a row held at a run's end lasts until after the next one).
 */
export const WARM_EVERY_MS = SESSION_CACHE_MS / 2;
/** At most this many buyer-and-event pairs a run (the memory holds 20,000 users). */
export const WARM_MAX = 10_000;
/** Answers built at once: the warm-up must not crowd the requests it is there to speed up. */
const WARM_PARALLEL = 4;

export interface WarmUp {
  /** Buyers whose "my orders" answer was built (not held before). */
  built: number;
  /** Session rows read into the session cache. */
  sessions: number;
}

/** Builds what is missing and refreshes the buyers' session rows. */
export async function warmStreamBuyers(
  db: Queryable,
  views: UserViews,
  sessions: Pick<SessionCache, 'warm'> | null,
  now = new Date(),
  signal?: AbortSignal,
): Promise<WarmUp> {
  if (!views.keeping()) return { built: 0, sessions: 0 };
  const pairs = await findBuyersOfDaysSoon(db, now, new Date(now.getTime() + WARM_AHEAD_MS), WARM_MAX);
  let built = 0;
  let next = 0;
  const worker = async () => {
    while (next < pairs.length && !signal?.aborted) {
      const { userId, productId } = pairs[next++]!;
      if (!userId) continue;
      if (!views.holdsOrders(userId)) built += 1;
      await views.orders(userId, now);
      await heldBuyerView(db, views, userId, productId);
    }
  };
  await Promise.all(Array.from({ length: WARM_PARALLEL }, worker));
  const ids = [...new Set(pairs.flatMap((p) => (p.userId ? [p.userId] : [])))];
  const held =
    sessions && ids.length > 0 && !signal?.aborted ? await sessions.warm(() => loadSessionUsers(db, ids)) : 0;
  return { built, sessions: held };
}
