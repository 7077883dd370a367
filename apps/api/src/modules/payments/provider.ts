// The payment-provider port (docs/ARCHITECTURE.md → A new way to pay). Each way to pay —
// PayPal, Stripe, cash at the association, the free claim — is one PaymentProvider in its own
// folder or file; the registry (registry.ts) maps every PaymentMethod to its provider, so a
// method without one does not compile. Checkout, settle, the expiry sweep, refunds and the
// admin's refund speak only this interface: no code outside a provider branches on a
// provider's name. A provider's own routes (the PayPal button's create/capture, Stripe's
// redirect, the webhooks) live in its folder and call the shared settle().

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PaymentMethod } from '@store/shared/constants';
import type { Config } from '../../config';
import type { OrderRow, PaymentRow, RefundRow } from '../lifecycle';
import type { PaymentRouteContext } from './route-context';
import type { PaymentDeps, SettleResult } from './settle';

/** What a provider answered when asked to give money back, or when a refund it took was read. */
export type ProviderRefundAnswer =
  /** The money went back: the refund completes (its days end, the e-mail goes). */
  | { kind: 'completed'; providerRefundId: string }
  /** Accepted but not moved yet: the row waits with the provider's id until read again. */
  | { kind: 'pending'; providerRefundId: string }
  /** Refused for good: the row fails, the order stays as it was. */
  | { kind: 'failed'; reason: string }
  /** No decision (busy, rate limited, no answer): asked again later with the same key. */
  | { kind: 'retry'; retryAfterMs: number | null; reason: string };

export interface PaymentProvider {
  readonly method: PaymentMethod;
  /**
   * c_FormaPago (SAT catalogue) of a payment taken this way, for the CFDI; `payment` is the
   * order's attempt (what the provider said of the money: a card's funding), null when none.
   */
  satPaymentForm(payment: Pick<PaymentRow, 'data'> | null): string;
  /** Staff confirm the payment by hand from the admin order page ("Marcar pagado"). */
  readonly confirmedByStaff: boolean;
  /**
   * Money that arrives for days the buyer already holds goes back through the provider's
   * refund API (the provider's own code asks it); otherwise the order is closed and a person
   * refunds it from the audit entry.
   */
  readonly returnsDuplicates: boolean;
  /**
   * Money may be confirmed after the order ended unpaid (cash paid at the counter just before
   * the voucher expired, a transfer after the deadline): it is honoured if the seats are still
   * free, else refunded in full (the lifecycle's payLate). Otherwise a person looks at it.
   */
  readonly honoursLatePayment: boolean;
  /**
   * A refund the provider took waits for the buyer (a bank account given to the provider's
   * e-mail), not for the provider: staff see it said so.
   */
  readonly refundWaitsForBuyer: boolean;
  /** How long an unpaid order of this way to pay keeps its seats (its payment window). */
  holdMs(config: Config): number;
  /**
   * An identical pending order is reused by a new attempt only while this much of its payment
   * window is left: a buyer coming back seconds before the sweep would pay into a closing order.
   */
  reuseMinRemainingMs(config: Config): number;
  /**
   * The store itself can give this order's money back through the provider (refund()).
   * `payment` is the order's attempt at the provider (order_payments), null when none.
   */
  refundsOnline(order: OrderRow, payment: PaymentRow | null): boolean;
  /**
   * A new checkout attempt meets a pending order of this provider: 'payable' when it is the
   * same attempt (`keep`) and can still be paid as it is; otherwise the provider is asked what
   * became of it and that is settled (paid, refunded as a duplicate, or cancelled).
   */
  reconcileHold(
    deps: PaymentDeps,
    order: OrderRow,
    payment: PaymentRow | null,
    opts: { keep: boolean; now: Date },
  ): Promise<'payable' | 'settled'>;
  /**
   * The expiry sweep met this pending order past its window: ask the provider whether money
   * moved and settle that (paid, still in review, or cancelled). Null when there is nothing to
   * ask (no provider attempt, provider not configured): the sweep cancels it.
   */
  settleExpired(
    deps: PaymentDeps,
    order: OrderRow,
    payment: PaymentRow | null,
    now: Date,
  ): Promise<SettleResult | null>;
  /**
   * Asks the provider to give back `refund` (its row id is the idempotency key and our
   * reference), or, when the provider already took it (`refund.providerRefundId`), reads it.
   * Only called when refundsOnline(order).
   */
  refund(
    deps: PaymentDeps,
    order: OrderRow,
    payment: PaymentRow | null,
    refund: RefundRow,
  ): Promise<ProviderRefundAnswer>;
  /** Its buyer-facing routes (full paths under /api: start and confirm a payment). */
  routes?: FastifyPluginAsyncZod<PaymentRouteContext>;
  /** Its webhook routes, registered where JSON bodies stay the raw bytes that were signed. */
  webhooks?: FastifyPluginAsyncZod<PaymentRouteContext>;
}

/** Every way to pay, by the method stored on the order. */
export type PaymentProviders = Readonly<Record<PaymentMethod, PaymentProvider>>;

/** What a provider without an online refund answers if asked anyway. */
export async function noOnlineRefund(): Promise<ProviderRefundAnswer> {
  return { kind: 'failed', reason: 'este medio de pago no reembolsa en línea' };
}
