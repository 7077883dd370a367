// The CFDI side of the order lifecycle (docs/cfdi.md): a paid order's requested invoice joins
// the stamping queue, an order that ended has its CFDI cancelled, a refund of a sale that
// stands gets a credit note.

import type { Subscriber } from '../lifecycle/events';
import { onOrderEnded, onOrderPaid, onRefundCompleted } from './service';

export const invoiceSubscriber: Subscriber = {
  name: 'invoices',
  on: {
    'order.paid': (tx, { orderId }) => onOrderPaid(tx, orderId),
    'order.ended': (tx, { orderId }) => onOrderEnded(tx, orderId),
    'refund.completed': (tx, { orderId, refundId, amountCentavos }) =>
      onRefundCompleted(tx, { orderId, refundId, amountCentavos }),
  },
};
