// The one check every lifecycle action makes, under the order's row lock, from the transition
// table (table.ts): the order's state is one the action may start from, and, for the actions
// the table blocks while a refund waits for the provider, no refund is in flight. Actions
// never test states or pending refunds by hand; the door test (door.test.ts) proves each
// action of the table consults this.

import type { Queryable } from '../../db/client';
import type { OrderRow } from './reads';
import { findPendingRefund } from './refunds-repo';
import { TRANSITIONS, allows, type Action, type Transition } from './table';

/** Why the table refuses: the order's state, or a refund still waiting for the provider. */
export type Refusal = 'state' | 'refund_in_flight';

/** Every action that consulted the table in this process (read by the door test). */
export const consultedActions = new Set<Action>();

/**
 * The table's word on `action` for `order` as read under its lock: null when it may go on.
 * An action that creates the order (empty `from`) passes null for it.
 */
export async function refusalOf(
  db: Queryable,
  action: Action,
  order: Pick<OrderRow, 'id' | 'status'> | null,
): Promise<Refusal | null> {
  consultedActions.add(action);
  const rule: Transition = TRANSITIONS[action];
  if (rule.from.length === 0) return null;
  if (!order || !allows(action, order.status)) return 'state';
  if (rule.blockedByRefundInFlight && (await findPendingRefund(db, order.id))) return 'refund_in_flight';
  return null;
}
