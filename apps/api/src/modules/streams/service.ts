// Stream access: a day's link is given only to a user with a paid order for
// that day option; pending, cancelled and refunded orders grant nothing. product/single reads
// the links in its one statement (products/repo.ts, findBuyerView) under the same rule.

import type { Queryable } from '../../db/client';
import { findPaidDays } from '../orders/repo';

/** True when the user has paid for at least one day of the product. */
export async function hasPaidAccess(db: Queryable, userId: string, productId: string): Promise<boolean> {
  return (await findPaidDays(db, userId, productId)).length > 0;
}
