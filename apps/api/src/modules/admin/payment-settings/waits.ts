// The payments waiting for cash at OXXO or a SPEI transfer (the admin dashboard): every
// pending order of those ways to pay, with what a partial transfer already brought; and OXXO
// cash that arrived too late, which the association must return by hand.

import { and, asc, eq, inArray, lt, or } from 'drizzle-orm';
import type { PaymentWaitsResponse } from '@store/shared/schemas/mx-payments';
import type { Queryable } from '../../../db/client';
import { orderPayments, orders, users } from '../../../db/schema';

export async function paymentWaits(db: Queryable): Promise<PaymentWaitsResponse['waits']> {
  const rows = await db
    .select({ order: orders, data: orderPayments.data, name: users.name, email: users.email })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(orderPayments, eq(orderPayments.orderId, orders.id))
    .where(
      and(
        inArray(orders.paymentMethod, ['oxxo', 'spei']),
        or(
          eq(orders.status, 'pendiente'),
          // Cash confirmed after its order ended with the seat gone: the association returns it.
          and(
            eq(orders.status, 'cancelado'),
            eq(orders.paymentMethod, 'oxxo'),
            eq(orders.payment, true),
            lt(orders.refundedCentavos, orders.amountCentavos),
          ),
        ),
      ),
    )
    .orderBy(asc(orders.expiresAt))
    .limit(200);
  return rows.map(({ order, data, name, email }) => {
    const waiting = order.status === 'pendiente';
    const remaining = waiting ? Number(data?.amountRemaining ?? order.amountCentavos) : 0;
    return {
      orderId: order.id,
      state: waiting ? ('esperando' as const) : ('por_reembolsar' as const),
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
