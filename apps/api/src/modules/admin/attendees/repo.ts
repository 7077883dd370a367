// The event and day an attendee list is for (the list itself: orders/repo listAttendees).

import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { productDays, products } from '../../../db/schema';

export async function findEventName(db: Queryable, productId: string) {
  const [row] = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.id, productId));
  return row ?? null;
}

export async function findDayOfEvent(db: Queryable, productId: string, productDayId: string) {
  const [row] = await db
    .select({ id: productDays.id, label: productDays.label })
    .from(productDays)
    .where(and(eq(productDays.id, productDayId), eq(productDays.productId, productId)));
  return row ?? null;
}
