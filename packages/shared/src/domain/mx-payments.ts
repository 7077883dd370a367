// The Mexican ways to pay through Stripe (docs/payments.md): the rules both sides must agree
// on to the centavo — which meses-sin-intereses plans an amount qualifies for, OXXO's cash
// limit, how long a voucher or a transfer may hold seats.

import type { PaymentInstructions } from '../schemas/mx-payments';

/** The plans Stripe offers for Mexican credit cards (fixed_count, monthly). */
export const MSI_COUNTS = [3, 6, 9, 12] as const;
export type MsiCount = (typeof MSI_COUNTS)[number];
/** Each monthly payment of a plan must be at least this (Stripe's Mexican installments requirement). */
export const MSI_MIN_MONTHLY_CENTAVOS = 100_00;
/** OXXO takes at most this in cash per payment. */
export const OXXO_MAX_CENTAVOS = 10_000_00;
/** Stripe's voucher lifetime bounds (payment_method_options.oxxo.expires_after_days). */
export const OXXO_MIN_DAYS = 1;
export const OXXO_MAX_DAYS = 7;
/** How long the store waits for a SPEI transfer, in calendar days (the association chooses). */
export const SPEI_MIN_DAYS = 1;
export const SPEI_MAX_DAYS = 7;

export interface MsiPlan {
  count: MsiCount;
  /** What each month costs; the first month takes the leftover centavos. */
  monthlyCentavos: number;
}

/** The plans `amountCentavos` qualifies for, shortest first (none under 3 × the monthly minimum). */
export function msiPlansFor(amountCentavos: number): MsiPlan[] {
  return MSI_COUNTS.filter((count) => Math.floor(amountCentavos / count) >= MSI_MIN_MONTHLY_CENTAVOS).map(
    (count) => ({ count, monthlyCentavos: Math.ceil(amountCentavos / count) }),
  );
}

/** The ways to pay an association can turn on, beyond PayPal. */
export const MX_METHODS = ['card', 'oxxo', 'spei'] as const;
export type MxMethod = (typeof MX_METHODS)[number];

/**
 * What a voucher or transfer waiting for money says, from what the store keeps of it (the
 * payment row's data, strings): null when the row holds none (another way to pay, or paid).
 */
export function paymentInstructionsOf(
  method: string,
  amountCentavos: number,
  data: Readonly<Record<string, string>> | null | undefined,
): PaymentInstructions | null {
  if (!data) return null;
  const expiresAt = Number(data.expiresAt ?? 0);
  if (method === 'oxxo' && data.number) {
    return {
      kind: 'oxxo',
      number: data.number,
      amountCentavos,
      expiresAt,
      voucherUrl: data.voucherUrl || null,
    };
  }
  if (method === 'spei' && data.clabe) {
    return {
      kind: 'spei',
      clabe: data.clabe,
      bankName: data.bankName ?? '',
      reference: data.reference ?? '',
      amountCentavos,
      amountRemainingCentavos: Number(data.amountRemaining ?? amountCentavos),
      expiresAt,
      instructionsUrl: data.instructionsUrl || null,
    };
  }
  return null;
}

/** The months of a card payment in meses sin intereses, from the payment's data; null: one payment. */
export function installmentsOf(data: Readonly<Record<string, string>> | null | undefined): number | null {
  const n = Number(data?.installments ?? 0);
  return Number.isInteger(n) && n > 1 ? n : null;
}
