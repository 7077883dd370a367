// SPEI bank transfers through Stripe (docs/payments.md): the buyer (a hospital above all)
// gets a CLABE of its own, the reference and the amount; Stripe matches incoming transfers to
// the payment, partial transfers leave an amount remaining (shown to the buyer and the
// admin), an overpayment stays in the customer's balance at Stripe. The seats are held until
// the association's deadline (never later than 2 hours before the first day); a transfer after
// it is honoured if the seats are still free, else refunded. CFDI forma de pago 03.

import { noOnlineRefund, type PaymentProvider } from '../provider';
import { reconcileUnreachable } from '../settle';
import { intentRoutes } from './intent-routes';
import { reconcileIntentHold, refundIntent, settleExpiredIntent } from './intents';

export const speiProvider: PaymentProvider = {
  method: 'spei',
  satPaymentForm: () => '03',
  confirmedByStaff: false,
  refundWaitsForBuyer: true,
  honoursLatePayment: true,
  returnsDuplicates: false,
  // The window is the transfer's own deadline (set per order at checkout); this is the upper bound.
  holdMs: () => 8 * 24 * 3600_000,
  reuseMinRemainingMs: () => 60_000,
  // Stripe returns a transfer's money (to an account the buyer gives it by e-mail).
  refundsOnline: () => true,
  reconcileHold: (deps, order, payment, opts) =>
    payment ? reconcileIntentHold(deps, order, payment, opts) : reconcileUnreachable(deps, order, opts),
  settleExpired: settleExpiredIntent,
  refund: (deps, order, payment, refund) =>
    payment ? refundIntent(deps, order, payment, refund) : noOnlineRefund(),
  routes: intentRoutes('spei'),
};
