// The free claim as a way to pay (provider.ts): an order whose server total is 0 (a full
// coupon, a transfer received) is paid at once (place-service.ts); nothing to ask, nothing to
// give back.

import { noOnlineRefund, type PaymentProvider } from './provider';
import { reconcileUnreachable } from './settle';

export const freeProvider: PaymentProvider = {
  method: 'free',
  satPaymentForm: () => '99', // por definir (no CFDI is issued for a total of 0)
  confirmedByStaff: false,
  refundWaitsForBuyer: false,
  honoursLatePayment: false,
  returnsDuplicates: false,
  holdMs: (config) => config.PENDING_ORDER_TTL_MINUTES * 60_000,
  reuseMinRemainingMs: (config) => Math.min(5 * 60_000, (config.PENDING_ORDER_TTL_MINUTES * 60_000) / 2),
  refundsOnline: () => false,
  reconcileHold: (deps, order, _payment, opts) => reconcileUnreachable(deps, order, opts),
  settleExpired: async () => null,
  refund: noOnlineRefund,
};
