// The CFDI side of the order lifecycle (docs/cfdi.md): a paid order's requested invoice joins
// the stamping queue (an invoice stamped before the payment, PPD, gets its payment complement
// instead), an order that ended, paid or not, has its CFDI cancelled (or an unsent request
// dropped), a refund of a sale that stands gets a credit note.

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
