// The objects of the fake Stripe, shaped as Stripe's API reference documents them (the fields
// a client reads; what the fake never models is null), and the small rules they are built by:
// ids, Mexico City voucher expiry, CLABE check digits, Stripe's test cards.

import { createHash, randomBytes } from 'node:crypto';

export type Metadata = Record<string, string>;

export interface Address {
  city: string | null;
  country: string | null;
  line1: string | null;
  line2: string | null;
  postal_code: string | null;
  state: string | null;
}

export interface BillingDetails {
  address: Address;
  email: string | null;
  name: string | null;
  phone: string | null;
  tax_id: string | null;
}

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer: string | null;
  customer_details: { email: string | null; name: string | null } | null;
  customer_email: string | null;
  metadata: Metadata;
  locale: string | null;
  allowed_payment_method_types: string[] | null;
  payment_method_types: string[];
  payment_method_options: {
    card?: { installments?: { enabled: boolean } };
  } | null;
  success_url: string;
  cancel_url: string;
  url: string | null;
  expires_at: number;
  created: number;
  payment_intent: string | null;
  ui_mode: string;
  livemode: false;
}

export type PiStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

export interface OxxoDisplayDetails {
  expires_after: number;
  hosted_voucher_url: string;
  number: string;
}

export interface SpeiAddress {
  type: 'spei';
  supported_networks: ['spei'];
  spei: {
    account_holder_address: Address;
    account_holder_name: string;
    bank_address: Address;
    bank_code: string;
    bank_name: string;
    clabe: string;
  };
}

export interface BankTransferInstructions {
  amount_remaining: number;
  currency: string;
  financial_addresses: SpeiAddress[];
  hosted_instructions_url: string;
  reference: string;
  type: 'mx_bank_transfer';
}

export type NextAction =
  | { type: 'oxxo_display_details'; oxxo_display_details: OxxoDisplayDetails }
  | {
      type: 'display_bank_transfer_instructions';
      display_bank_transfer_instructions: BankTransferInstructions;
    };

export interface LastPaymentError {
  type: 'card_error' | 'invalid_request_error';
  code: string;
  message: string;
  decline_code?: string;
  payment_method?: FakePaymentMethod;
  payment_method_type?: string;
  doc_url?: string;
}

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  allowed_payment_method_types: string[] | null;
  amount: number;
  amount_capturable: number;
  amount_details: { tip: Record<string, never> };
  amount_received: number;
  application: null;
  application_fee_amount: number | null;
  automatic_payment_methods: { enabled: boolean; allow_redirects?: string } | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: string;
  client_secret: string;
  confirmation_method: string;
  created: number;
  currency: string;
  customer: string | null;
  customer_account: null;
  description: string | null;
  excluded_payment_method_types: string[] | null;
  last_payment_error: LastPaymentError | null;
  latest_charge: string | null;
  livemode: false;
  managed_payments: null;
  metadata: Metadata;
  next_action: NextAction | null;
  on_behalf_of: string | null;
  payment_method: string | null;
  payment_method_configuration_details: null;
  payment_method_options: Record<string, unknown>;
  payment_method_types: string[];
  payment_record: null;
  processing: null;
  receipt_email: string | null;
  review: null;
  setup_future_usage: string | null;
  shipping: unknown;
  source: null;
  statement_descriptor: string | null;
  statement_descriptor_suffix: string | null;
  status: PiStatus;
  transfer_data: null;
  transfer_group: string | null;
}

export interface CardDetails {
  brand: string;
  country: string;
  exp_month: number;
  exp_year: number;
  fingerprint: string;
  funding: 'credit' | 'debit' | 'prepaid';
  last4: string;
}

export interface FakePaymentMethod {
  id: string;
  object: 'payment_method';
  allow_redisplay: string;
  billing_details: BillingDetails;
  created: number;
  customer: string | null;
  livemode: false;
  metadata: Metadata;
  type: string;
  card?: CardDetails;
  oxxo?: Record<string, never>;
  customer_balance?: Record<string, never>;
}

export interface CardPaymentDetails extends CardDetails {
  amount_authorized: number;
  installments: { plan: { count: number; interval: 'month'; type: 'fixed_count' } } | null;
  network: string;
  three_d_secure: null;
  wallet: null;
}

export type PaymentMethodDetails =
  | { type: 'card'; card: CardPaymentDetails }
  | { type: 'oxxo'; oxxo: { number: string } }
  | { type: 'customer_balance'; customer_balance: Record<string, never> };

export interface FakeCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  application: null;
  application_fee: null;
  application_fee_amount: null;
  balance_transaction: string;
  billing_details: BillingDetails;
  calculated_statement_descriptor: string;
  captured: boolean;
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  disputed: false;
  failure_balance_transaction: null;
  failure_code: string | null;
  failure_message: string | null;
  fraud_details: Record<string, never>;
  livemode: false;
  metadata: Metadata;
  on_behalf_of: null;
  outcome: {
    network_status: string;
    reason: string | null;
    risk_level: string;
    seller_message: string;
    type: string;
  };
  paid: boolean;
  payment_intent: string;
  payment_method: string;
  payment_method_details: PaymentMethodDetails;
  receipt_email: string | null;
  receipt_number: null;
  receipt_url: string;
  refunded: boolean;
  review: null;
  shipping: null;
  source: null;
  source_transfer: null;
  statement_descriptor: null;
  statement_descriptor_suffix: null;
  status: 'succeeded' | 'pending' | 'failed';
  transfer_data: null;
  transfer_group: null;
}

export type RefundStatus = 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'canceled';

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: string | null;
  charge: string | null;
  created: number;
  currency: string;
  customer: string | null;
  customer_account: null;
  description?: string;
  destination_details: Record<string, unknown> & { type: string };
  failure_reason?: string;
  instructions_email?: string;
  metadata: Metadata;
  next_action?: {
    type: 'display_details';
    display_details: { email_sent: { email_sent_at: number; email_sent_to: string }; expires_at: number };
  } | null;
  payment_intent: string | null;
  payment_method: string | null;
  reason: string | null;
  receipt_number: null;
  source_transfer_reversal: null;
  status: RefundStatus;
  transfer_reversal: null;
}

export interface FakeCustomer {
  id: string;
  object: 'customer';
  address: Address | null;
  balance: number;
  created: number;
  currency: string | null;
  default_source: null;
  delinquent: false;
  description: string | null;
  discount: null;
  email: string | null;
  invoice_prefix: string;
  invoice_settings: {
    custom_fields: null;
    default_payment_method: null;
    footer: null;
    rendering_options: null;
  };
  livemode: false;
  metadata: Metadata;
  name: string | null;
  next_invoice_sequence: number;
  phone: string | null;
  preferred_locales: string[];
  shipping: null;
  tax_exempt: string;
  test_clock: null;
}

export interface FakeCashBalance {
  object: 'cash_balance';
  available: Record<string, number> | null;
  customer: string;
  customer_account: null;
  livemode: false;
  settings: { reconciliation_mode: 'automatic' | 'manual'; using_merchant_default: boolean };
}

export interface FakeCashBalanceTransaction {
  id: string;
  object: 'customer_cash_balance_transaction';
  created: number;
  currency: string;
  customer: string;
  customer_account: null;
  ending_balance: number;
  livemode: false;
  net_amount: number;
  type: 'funded' | 'applied_to_payment' | 'unapplied_from_payment' | 'refunded_from_payment';
  funded?: { bank_transfer: { reference: string | null; type: 'mx_bank_transfer' } };
  applied_to_payment?: { payment_intent: string };
  unapplied_from_payment?: { payment_intent: string };
  refunded_from_payment?: { refund: string };
}

export interface FakeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** An id like Stripe's test-mode ids: prefix, underscore, 24 base-62 characters. */
export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += BASE62[b % 62];
  return `${prefix}_${out}`;
}

/** Digits only, of the given length. */
export function randomDigits(length: number): string {
  let out = '';
  while (out.length < length) out += String(randomBytes(4).readUInt32BE(0)).slice(1);
  return out.slice(0, length);
}

export function emptyAddress(): Address {
  return { city: null, country: null, line1: null, line2: null, postal_code: null, state: null };
}

/** Mexico City has kept UTC−6 all year since daylight saving time ended there in 2022. */
const MEXICO_CITY_OFFSET_SECONDS = -6 * 3600;

/**
 * When an OXXO voucher issued at `nowMs` with `expires_after_days` lapses: 23:59:59 (Mexico
 * City) of the calendar day `days` after today, as Stripe's OXXO guide documents.
 */
export function oxxoExpiresAfter(nowMs: number, days: number): number {
  const local = Math.floor(nowMs / 1000) + MEXICO_CITY_OFFSET_SECONDS;
  const today = Math.floor(local / 86_400);
  return (today + days + 1) * 86_400 - 1 - MEXICO_CITY_OFFSET_SECONDS;
}

/** The 18th digit of a CLABE: the 17 before it weighted 3, 7, 1, each product mod 10. */
export function clabeCheckDigit(first17: string): number {
  const weights = [3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += (Number(first17[i]) * weights[i % 3]!) % 10;
  return (10 - (sum % 10)) % 10;
}

/** A valid CLABE (STP, plaza 180 Ciudad de México), the same for the same customer every time. */
export function clabeFor(customerId: string): string {
  const digest = createHash('sha256').update(customerId).digest();
  let account = '';
  for (const b of digest) {
    account += String(b % 10);
    if (account.length === 11) break;
  }
  const first17 = `646180${account}`;
  return `${first17}${clabeCheckDigit(first17)}`;
}

export const SPEI_BANK = { code: '646', name: 'STP' } as const;

export interface TestCard {
  number: string;
  brand: string;
  funding: 'credit' | 'debit';
  country: string;
  /** Stripe's decline for this card (card_declined's decline_code), if it is a declining one. */
  decline?: 'generic_decline' | 'insufficient_funds';
}

/** Stripe's documented test card numbers the fake knows (https://docs.stripe.com/testing). */
export const TEST_CARDS: readonly TestCard[] = [
  { number: '4000004840000008', brand: 'visa', funding: 'credit', country: 'MX' },
  { number: '4000056655665556', brand: 'visa', funding: 'debit', country: 'US' },
  { number: '4242424242424242', brand: 'visa', funding: 'credit', country: 'US' },
  { number: '5555555555554444', brand: 'mastercard', funding: 'credit', country: 'US' },
  { number: '4000000000000002', brand: 'visa', funding: 'credit', country: 'US', decline: 'generic_decline' },
  {
    number: '4000000000009995',
    brand: 'visa',
    funding: 'credit',
    country: 'US',
    decline: 'insufficient_funds',
  },
];

/** Stripe's test PaymentMethod ids for server-side confirmation (pm_card_*). */
export const TEST_PAYMENT_METHODS: Readonly<Record<string, string>> = {
  pm_card_mx: '4000004840000008',
  pm_card_visa_debit: '4000056655665556',
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
};

export function testCard(number: string): TestCard | undefined {
  const digits = number.replace(/\D/g, '');
  return TEST_CARDS.find((c) => c.number === digits);
}
