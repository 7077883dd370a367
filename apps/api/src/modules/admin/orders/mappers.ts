// Order rows → the admin order shapes (pesos, epoch milliseconds, the customer alongside).

import { toPesos } from '@store/shared/domain/money';
import type { AdminOrderSummary } from '@store/shared/schemas/admin/orders';
import type { OrderWithCustomer } from '../../orders/repo';

export function toAdminOrderSummary({ order, customer }: OrderWithCustomer): AdminOrderSummary {
  return {
    _id: order.id,
    date: order.createdAt.getTime(),
    paidAt: order.paidAt?.getTime() ?? null,
    status: order.status,
    paymentMethod: order.paymentMethod,
    subtotal: toPesos(order.subtotalCentavos),
    discount: toPesos(order.discountCentavos),
    fee: toPesos(order.feeCentavos),
    amount: toPesos(order.amountCentavos),
    refunded: toPesos(order.refundedCentavos),
    couponCode: order.couponCode,
    customer: {
      _id: customer.id,
      name: customer.name,
      email: customer.email,
      userType: customer.userType,
    },
    items: order.items.map((i) => ({ productId: i._id, name: i.name, days: i.days })),
    kind: order.kind,
    ...(order.kind === 'grupo' ? { places: order.items[0]?.places ?? 0 } : {}),
  };
}
