// Order rows → the shared `order` schema (docs/product.md → API: _id, items, amount, status, payment,
// paymentMethod, date, address, couponCode, discount, the provider's reference). The API speaks pesos.

import { toPesos } from '@store/shared/domain/money';
import { installmentsOf, paymentInstructionsOf } from '@store/shared/domain/mx-payments';
import type { Order } from '@store/shared/schemas/order';
import type { PaymentRow } from '../lifecycle';
import type { OrderRow } from './repo';

export function toApiOrder(
  row: OrderRow,
  payment: (Pick<PaymentRow, 'externalId' | 'captureId'> & Partial<Pick<PaymentRow, 'data'>>) | null,
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
    paymentReference: paymentReference(payment),
    kind: row.kind,
    installments: row.payment ? installmentsOf(payment?.data) : null,
    pendingPayment:
      row.status === 'pendiente'
        ? paymentInstructionsOf(row.paymentMethod, row.amountCentavos, payment?.data)
        : null,
    ...(dayStatuses ? { dayStatuses } : {}),
    ...extra,
  };
}

/** What the buyer (and the receipt) call the payment at its provider: the money taken, else the attempt. */
export function paymentReference(
  payment: Pick<PaymentRow, 'externalId' | 'captureId'> | null,
): string | null {
  return payment ? (payment.captureId ?? payment.externalId) : null;
}
