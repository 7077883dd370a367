// Every query of the streams module: which day options of a product a user has paid for.

import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { orderDays, productDays } from '../../db/schema';

/** The product's day options (current label and link) the user holds a paid order for. */
export async function findPaidDays(db: Queryable, userId: string, productId: string) {
  return db
    .selectDistinct({
      id: productDays.id,
      label: productDays.label,
      streamUrl: productDays.streamUrl,
      position: productDays.position,
    })
    .from(orderDays)
    .innerJoin(productDays, eq(productDays.id, orderDays.productDayId))
    .where(
      and(eq(orderDays.userId, userId), eq(orderDays.productId, productId), eq(orderDays.status, 'pagado')),
    )
    .orderBy(asc(productDays.position));
}
