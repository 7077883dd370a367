// Order rows → the shared `order` schema (docs/product.md → API: _id, items, amount, status, payment,
// paymentMethod, date, address, couponCode, discount, PayPal ids). The API speaks pesos.

import { toPesos } from '@store/shared/domain/money';
import type { Order } from '@store/shared/schemas/order';
import type { OrderRow } from './repo';

export function toApiOrder(
  row: OrderRow,
  dayStatuses?: Order['dayStatuses'],
  extra: Pick<Order, 'refunds' | 'cancellable'> = {},
): Order {
  return {
    _id: row.id,
    items: row.items,
    subtotal: toPesos(row.subtotalCentavos),
    discount: toPesos(row.discountCentavos),
    fee: toPesos(row.feeCentavos),
    amount: toPesos(row.amountCentavos),
    status: row.status,
    payment: row.payment,
    paymentMethod: row.paymentMethod,
    date: row.createdAt.getTime(),
    paidAt: row.paidAt?.getTime() ?? null,
    address: row.address,
    couponCode: row.couponCode,
    paypalOrderId: row.paypalOrderId,
    paypalPayerId: row.paypalPayerId,
    kind: row.kind,
    ...(dayStatuses ? { dayStatuses } : {}),
    ...extra,
  };
}
