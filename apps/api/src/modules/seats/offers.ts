// Seats held by open waiting-list offers (docs/after-sale.md → Waiting list): the part of a
// day's availability beyond seats_taken. Used as an SQL expression by every seat count of
// this module (taking a seat, the cart's sold-out check, the catalogue, the waiting list,
// a capacity edit), so all of them count the same way.

import { sql, type SQL } from 'drizzle-orm';

/**
 * Seats of the day held by open offers (status `ofrecido`, not yet expired at `now`) of users
 * other than `userId` (null: everybody). An offered user whose pending or paid order already
 * holds the day is counted in seats_taken instead, so never twice. The day is the
 * `product_days` row of the enclosing query, named in full (drizzle writes a selected
 * column unqualified, which inside this subquery would name another table's column).
 */
export function heldByOffers(userId: string | null, now: Date): SQL<number> {
  const other = userId === null ? sql`TRUE` : sql`w.user_id <> ${userId}::uuid`;
  return sql<number>`(SELECT count(*)::int FROM waitlist_entries w
    WHERE w.product_day_id = product_days.id AND w.status = 'ofrecido'
      AND w.offer_expires_at > ${now.toISOString()}::timestamptz
      AND ${other}
      AND NOT EXISTS (SELECT 1 FROM order_days od WHERE od.user_id = w.user_id
        AND od.product_day_id = w.product_day_id AND od.status IN ('pendiente', 'pagado')))`;
}
