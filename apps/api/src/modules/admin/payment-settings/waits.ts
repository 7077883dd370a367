// The payments waiting for cash at OXXO or a SPEI transfer (the admin dashboard): every
// pending order of those ways to pay, with what a partial transfer already brought.

import { and, asc, eq, inArray } from 'drizzle-orm';
import type { PaymentWaitsResponse } from '@store/shared/schemas/mx-payments';
import type { Queryable } from '../../../db/client';
import { orderPayments, orders, users } from '../../../db/schema';

export async function paymentWaits(db: Queryable): Promise<PaymentWaitsResponse['waits']> {
  const rows = await db
    .select({ order: orders, data: orderPayments.data, name: users.name, email: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(orderPayments, eq(orderPayments.orderId, orders.id))
    .where(and(eq(orders.status, 'pendiente'), inArray(orders.paymentMethod, ['oxxo', 'spei'])))
    .orderBy(asc(orders.expiresAt))
    .limit(200);
  return rows.map(({ order, data, name, email }) => {
    const remaining = Number(data?.amountRemaining ?? order.amountCentavos);
    return {
      orderId: order.id,
      method: order.paymentMethod === 'oxxo' ? ('oxxo' as const) : ('spei' as const),
      kind: order.kind,
      buyerName: name,
      buyerEmail: email,
      amountCentavos: order.amountCentavos,
      receivedCentavos: Math.max(0, order.amountCentavos - remaining),
      createdAt: order.createdAt.getTime(),
      expiresAt: order.expiresAt?.getTime() ?? null,
    };
  });
}
