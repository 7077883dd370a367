// Paid attendees of an event (or one of its days): who comes, from the order_days rows.

import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../../db/client';
import { orderDays, orders, productDays, products, users } from '../../../db/schema';

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

export async function listAttendees(db: Queryable, productId: string, productDayId?: string) {
  return db
    .select({
      orderId: orders.id,
      userId: users.id,
      name: users.name,
      email: users.email,
      userType: users.userType,
      productDayId: productDays.id,
      day: productDays.label,
      dayStartsAt: productDays.startsAt,
      paymentMethod: orders.paymentMethod,
      couponCode: orders.couponCode,
      paidAt: orders.paidAt,
      createdAt: orders.createdAt,
    })
    .from(orderDays)
    .innerJoin(orders, eq(orders.id, orderDays.orderId))
    .innerJoin(users, eq(users.id, orderDays.userId))
    .innerJoin(productDays, eq(productDays.id, orderDays.productDayId))
    .where(
      and(
        eq(orderDays.productId, productId),
        eq(orderDays.status, 'pagado'),
        productDayId ? eq(orderDays.productDayId, productDayId) : undefined,
      ),
    )
    .orderBy(asc(productDays.position), asc(users.name), asc(users.email));
}
