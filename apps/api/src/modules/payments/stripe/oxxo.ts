// Cash at OXXO through Stripe (docs/payments.md): a voucher the buyer pays at any OXXO store
// within the association's 1–7 days; the seats are held until it expires (never past the
// first day's start). Stripe confirms the cash payment by the next business day: money
// confirmed after the voucher expired is honoured if the seats are still free. Stripe cannot
// give OXXO cash back, so a refund (an admin's, a cancellation's, or a late payment's whose
// seat is gone) is made by the association outside the store and recorded there. CFDI forma
// de pago 01 (efectivo).

import { noOnlineRefund, type PaymentProvider } from '../provider';
import { reconcileUnreachable } from '../settle';
import { intentRoutes } from './intent-routes';
import { reconcileIntentHold, settleExpiredIntent } from './intents';

export const oxxoProvider: PaymentProvider = {
  method: 'oxxo',
  satPaymentForm: () => '01',
  confirmedByStaff: false,
  refundWaitsForBuyer: false,
  honoursLatePayment: true,
  returnsDuplicates: false,
  // The window is the voucher's own (set per order at checkout); this is only the upper bound.
  holdMs: () => 8 * 24 * 3600_000,
  // The same cart asked again gets the same voucher while it can still be paid.
  reuseMinRemainingMs: () => 60_000,
  // Stripe's OXXO reference: OXXO payments can't be refunded.
  refundsOnline: () => false,
  reconcileHold: (deps, order, payment, opts) =>
    payment ? reconcileIntentHold(deps, order, payment, opts) : reconcileUnreachable(deps, order, opts),
  settleExpired: settleExpiredIntent,
  refund: noOnlineRefund,
  routes: intentRoutes('oxxo'),
};
