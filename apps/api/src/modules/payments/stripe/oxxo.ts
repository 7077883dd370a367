// Cash at OXXO through Stripe (docs/payments.md): a voucher the buyer pays at any OXXO store
// within the association's 1–7 days; the seats are held until it expires (never past the
// first day's start). Stripe confirms the cash payment by the next business day: money
// confirmed after the voucher expired is honoured if the seats are still free, else refunded
// (the buyer gives a bank account to Stripe's e-mail). CFDI forma de pago 01 (efectivo).

import { noOnlineRefund, type PaymentProvider } from '../provider';
import { reconcileUnreachable } from '../settle';
import { intentRoutes } from './intent-routes';
import { reconcileIntentHold, refundIntent, settleExpiredIntent } from './intents';

export const oxxoProvider: PaymentProvider = {
  method: 'oxxo',
  satPaymentForm: () => '01',
  confirmedByStaff: false,
  honoursLatePayment: true,
  returnsDuplicates: false,
  // The window is the voucher's own (set per order at checkout); this is only the upper bound.
  holdMs: () => 8 * 24 * 3600_000,
  // The same cart asked again gets the same voucher while it can still be paid.
  reuseMinRemainingMs: () => 60_000,
  refundsOnline: (_order, payment) => payment?.status === 'cobrado',
  reconcileHold: (deps, order, payment, opts) =>
    payment ? reconcileIntentHold(deps, order, payment, opts) : reconcileUnreachable(deps, order, opts),
  settleExpired: settleExpiredIntent,
  refund: (deps, order, payment, refund) =>
    payment ? refundIntent(deps, order, payment, refund) : noOnlineRefund(),
  routes: intentRoutes('oxxo'),
};
