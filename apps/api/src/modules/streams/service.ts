// Stream access (docs/product.md → Deliberate changes): a day's link is given only to a user with a paid order for
// that day option; pending, cancelled and refunded orders grant nothing.

import type { Queryable } from '../../db/client';
import { findPaidDays } from './repo';

/** { day label: stream URL } for the days of the product the user has paid for. */
export async function dayLinksFor(
  db: Queryable,
  userId: string,
  productId: string,
): Promise<Record<string, string>> {
  const links: Record<string, string> = {};
  for (const day of await findPaidDays(db, userId, productId)) {
    if (day.streamUrl) links[day.label] = day.streamUrl;
  }
  return links;
}

/** True when the user has paid for at least one day of the product. */
export async function hasPaidAccess(db: Queryable, userId: string, productId: string): Promise<boolean> {
  return (await findPaidDays(db, userId, productId)).length > 0;
}
