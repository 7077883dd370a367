// The one decision "did the provider receive exactly this order's money?": each provider
// judges its own answers (paypal/verify.ts, stripe/verify.ts) into this outcome, the same for
// the browser path, the webhooks and the expiry sweep, so all three agree; settle.ts applies it.

/** What we know of our order when judging a provider's answer. */
export interface ExpectedPayment {
  orderId: string;
  amountCentavos: number;
}

export type PaymentOutcome =
  /** Money received: the exact amount, in MXN, for this order. Grant. */
  | { kind: 'paid'; captureId?: string; payerId?: string }
  /** The provider may still complete it (capture PENDING, async payment): keep waiting. */
  | { kind: 'pending'; reason: string }
  /** No money moved and none will for this provider order (declined, voided). */
  | { kind: 'failed'; reason: string }
  /** Not paid yet (not approved, not captured, session open). */
  | { kind: 'unpaid'; reason: string }
  /** Money moved but not what this order asked for: never grant; a person must refund. */
  | { kind: 'mismatch'; reason: string };
