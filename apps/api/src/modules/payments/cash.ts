// Cash at the association as a way to pay (provider.ts; only when CASH_ORDERS_ENABLED): the
// order is placed pending (place-service.ts), keeps its seats for CASH_ORDER_TTL_HOURS, and
// staff mark it paid from the admin order page when the money arrives. No provider to ask:
// an expired cash order is cancelled, and money goes back outside the store.

import { noOnlineRefund, type PaymentProvider } from './provider';
import { reconcileUnreachable } from './settle';

export const cashProvider: PaymentProvider = {
  method: 'cod',
  satPaymentForm: () => '01', // efectivo
  confirmedByStaff: true,
  refundWaitsForBuyer: false,
  honoursLatePayment: false,
  returnsDuplicates: false,
  holdMs: (config) => config.CASH_ORDER_TTL_HOURS * 3600_000,
  reuseMinRemainingMs: (config) => Math.min(3600_000, (config.CASH_ORDER_TTL_HOURS * 3600_000) / 2),
  refundsOnline: () => false,
  reconcileHold: (deps, order, _payment, opts) => reconcileUnreachable(deps, order, opts),
  settleExpired: async () => null,
  refund: noOnlineRefund,
};
