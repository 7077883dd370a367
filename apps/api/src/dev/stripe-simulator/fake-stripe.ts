// A strict local fake of the part of Stripe's API the store uses: Checkout Sessions, Customers
// (and their cash balance), PaymentIntents (card test payment methods, OXXO vouchers, SPEI
// bank transfers through customer_balance), Charges, Refunds and Events, form-encoded like the
// real one and reached by the real `stripe` SDK through its host/port/protocol options.
//
// Written from Stripe's API reference for the version the installed SDK pins (params.ts), it
// refuses what Stripe refuses: unknown parameters, wrong types and enum values, missing
// parameters, state transitions Stripe does not allow, unknown ids, a wrong API key, an
// idempotency key reused with other parameters. It models an account in Mexico with cards,
// OXXO and bank transfers activated.
//
// Tests and the demo play the buyer, OXXO, the bank and time through the controls (methods of
// the returned object, and the same under /__fake on its server, without API key). Every
// change emits the Stripe Event Stripe would send; with `webhookUrl` each one is POSTed there,
// signed, in order, retried on failure. The simulator's browser pages (checkout, voucher,
// transfer instructions) are served under /__stripe-simulator (pages.ts).

import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { msiPlansFor, type MsiPlan } from '@store/shared/domain/mx-payments';
import { listen, parseJson, sendJson, sleep } from '../local-http';
import {
  clabeFor,
  emptyAddress,
  newId,
  oxxoExpiresAfter,
  randomDigits,
  SPEI_BANK,
  TEST_PAYMENT_METHODS,
  testCard,
  type BillingDetails,
  type FakeCashBalance,
  type FakeCashBalanceTransaction,
  type FakeCharge,
  type FakeCustomer,
  type FakeEvent,
  type FakePaymentIntent,
  type FakePaymentMethod,
  type FakeRefund,
  type FakeSession,
  type Metadata,
  type OxxoDisplayDetails,
  type PaymentMethodDetails,
  type PiStatus,
  type TestCard,
} from './objects';
import {
  CASH_BALANCE_RETRIEVE,
  CHARGE_RETRIEVE,
  checkParams,
  CUSTOMER_CREATE,
  CUSTOMER_RETRIEVE,
  decodeForm,
  EVENT_LIST,
  EVENT_RETRIEVE,
  fail,
  FUND_CASH_BALANCE,
  PI_CANCEL,
  PI_CONFIRM,
  PI_CREATE,
  PI_RETRIEVE,
  REFUND_CANCEL,
  REFUND_CREATE,
  REFUND_EXPIRE,
  REFUND_RETRIEVE,
  SESSION_CREATE,
  SESSION_EXPIRE,
  SESSION_RETRIEVE,
  stripeError,
  StripeErrorThrown,
  versionDate,
  type ObjectParam,
  type StripeError,
} from './params';
import { checkoutPage, messagePage, oxxoPage, speiPage, SIMULATOR_PATH } from './pages';

export { decodeForm } from './params';
export type * from './objects';

/** The API version of the installed SDK: the one the fake implements and stamps on its events. */
export const API_VERSION: string = Stripe.API_VERSION;

/** What a signed delivery looks like (body + headers), as Stripe POSTs it. */
export interface SignedDelivery {
  body: string;
  headers: Record<string, string>;
}

export interface WebhookDelivery {
  eventId: string;
  type: string;
  /** HTTP status of the endpoint's answer; 0 when it could not be reached. */
  status: number;
  at: number;
}

export interface FakeStripeOptions {
  /** Port on 127.0.0.1 (0 or unset: a free one). */
  port?: number;
  secretKey?: string;
  webhookSecret?: string;
  /** Base URL browsers reach the simulator pages at (session url, voucher, instructions); default the fake's own. */
  publicBase?: string;
  /** Where emitted events are POSTed, signed (unset: recorded only). */
  webhookUrl?: string;
  /** Deliver each emitted event at once, in order (default true when webhookUrl is set). */
  autoDeliver?: boolean;
  /** Waits before each retry of a failed delivery (default 100, 500, 2000 ms: four attempts). */
  retryDelaysMs?: readonly number[];
  /** How a delivery is sent (tests route it into the app); default fetch. Answers the HTTP status. */
  webhookTransport?: (url: string, body: string, headers: Record<string, string>) => Promise<number>;
  /** The fake's clock (ms); default Date.now. */
  now?: () => number;
}

export interface PayOptions {
  /** Months of a meses-sin-intereses plan; only when the session enabled installments. */
  installments?: 3 | 6 | 9 | 12 | null;
  /** Which test card: credit (4000 0048 4000 0008, Mexico) or debit (4000 0566 5566 5556). */
  funding?: 'credit' | 'debit';
  /** A Stripe test card number instead (e.g. 4000 0000 0000 0002 declines). */
  card?: string;
}

export interface FakeStripe {
  url: string;
  host: string;
  port: number;
  secretKey: string;
  webhookSecret: string;
  publicBase: string;
  webhookUrl: string | null;
  /** Emitted events are delivered at once while true (needs webhookUrl). */
  autoDeliver: boolean;
  sessions: Map<string, FakeSession>;
  paymentIntents: Map<string, FakePaymentIntent>;
  charges: Map<string, FakeCharge>;
  customers: Map<string, FakeCustomer>;
  refunds: Map<string, FakeRefund>;
  paymentMethods: Map<string, FakePaymentMethod>;
  cashBalanceTransactions: FakeCashBalanceTransaction[];
  /** Bodies of every Checkout Session create call, decoded. */
  created: Record<string, unknown>[];
  /** Every API call: method, path (with query), decoded parameters, answer status. */
  requests: { method: string; path: string; params: Record<string, unknown>; status: number }[];
  /** Every event emitted, oldest first (data.object as it was when it happened). */
  events: FakeEvent[];
  /** Every webhook delivery attempt, in order. */
  deliveries: WebhookDelivery[];

  /** The buyer pays in Stripe's page: a PaymentIntent and its Charge, the session complete and paid. */
  pay(sessionId: string, opts?: PayOptions): FakeSession;
  /** The meses-sin-intereses plans the buyer is offered on a session's page (none unless enabled). */
  plansFor(sessionId: string): MsiPlan[];
  /** The buyer pays the voucher at an OXXO store: succeeded, with its charge. */
  payOxxo(piId: string): FakePaymentIntent;
  /** The voucher lapsed unpaid: requires_payment_method, last_payment_error payment_intent_payment_attempt_expired. */
  expireOxxo(piId: string): FakePaymentIntent;
  /** A SPEI transfer of `amount` centavos to the PaymentIntent's CLABE with its reference. */
  fundSpei(piId: string, amount: number): FakePaymentIntent;
  /** A SPEI transfer to a customer's CLABE (reference optional): reconciled like Stripe's automatic mode. */
  fundCashBalance(customerId: string, amount: number, reference?: string): FakeCashBalanceTransaction;
  cashBalance(customerId: string): FakeCashBalance;
  /** Stripe starts processing the payment: processing. */
  process(piId: string): FakePaymentIntent;
  /** The payment attempt failed: requires_payment_method, last_payment_error payment_intent_payment_attempt_failed. */
  fail(piId: string, error?: { code?: string; message?: string }): FakePaymentIntent;
  /** The buyer gave their bank account and the money went back: succeeded. */
  completeRefund(refundId: string): FakeRefund;
  /** The refund could not be sent: failed with failure_reason. */
  failRefund(refundId: string, reason?: string): FakeRefund;
  /** The buyer never gave a bank account (Stripe: after 45 days): canceled, the money back in their cash balance. */
  expireRefund(refundId: string): FakeRefund;
  /** A signed event delivery made by hand (not recorded, not sent). */
  event(type: string, object: unknown): SignedDelivery;
  /** The signed delivery of an emitted event, as it is POSTed. */
  signedDelivery(eventId: string): SignedDelivery;
  /** POSTs an emitted event to webhookUrl now (one attempt); answers the HTTP status (0: unreachable). */
  deliver(eventId: string): Promise<number>;
  /** The same as deliver: Stripe sending an event again (a retry, a replay from the Dashboard). */
  redeliver(eventId: string): Promise<number>;
  /** Resolves when every queued delivery (and its retries) is done. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

const ACTIVATED_METHOD_TYPES = new Set(['card', 'oxxo', 'customer_balance']);
/** Stripe's smallest charge in MXN is $10.00; the largest amount is eight digits. */
const MIN_CHARGE: Record<string, number> = { mxn: 10_00, usd: 50, eur: 50 };
const MAX_AMOUNT = 99_999_999;
const OXXO_MIN = 10_00;
const OXXO_MAX = 10_000_00;
const OXXO_DEFAULT_DAYS = 3;
/** How long «Simular pago tardío» waits before the late confirmation arrives. */
const LATE_DELAY_MS = 4000;
/** Customers have 45 days to give Stripe a bank account for a bank-transfer refund. */
const REFUND_DETAILS_DAYS = 45;
const CURRENCIES = new Set(Intl.supportedValuesOf('currency').map((c) => c.toLowerCase()));
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Fields each object type can expand, and the type they expand into. */
const EXPANDABLE: Record<string, Record<string, string>> = {
  payment_intent: { latest_charge: 'charge', customer: 'customer', payment_method: 'payment_method' },
  charge: { payment_intent: 'payment_intent', customer: 'customer', payment_method: 'payment_method' },
  'checkout.session': { payment_intent: 'payment_intent', customer: 'customer', line_items: 'line_items' },
  refund: { charge: 'charge', payment_intent: 'payment_intent' },
  customer: { cash_balance: 'cash_balance' },
  customer_cash_balance_transaction: { customer: 'customer' },
};

/** Statuses a PaymentIntent may be canceled from (Stripe's cancel reference). */
const CANCELABLE: readonly PiStatus[] = [
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
];

/** A control used in a state it cannot apply to (HTTP 409 under /__fake). */
export class FakeControlError extends Error {
  constructor(
    message: string,
    readonly status = 409,
  ) {
    super(message);
  }
}

const clone = <T>(v: T): T => structuredClone(v);
const pesos = (centavos: number, currency: string) =>
  `$${(centavos / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })} ${currency}`;

export async function startFakeStripe(opts: FakeStripeOptions = {}): Promise<FakeStripe> {
  const secretKey = opts.secretKey ?? `sk_test_fake${newId('k', 16).slice(2)}`;
  const webhookSecret = opts.webhookSecret ?? `whsec_fake${newId('w', 32).slice(2)}`;
  const nowMs = opts.now ?? Date.now;
  const nowSec = () => Math.floor(nowMs() / 1000);
  const retryDelays = opts.retryDelaysMs ?? [100, 500, 2000];
  const signer = new Stripe(secretKey);

  const sessions = new Map<string, FakeSession>();
  const sessionLines = new Map<string, Record<string, unknown>[]>();
  const sessionIntentData = new Map<
    string,
    { metadata: Metadata; description: string | null; receipt_email: string | null }
  >();
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const charges = new Map<string, FakeCharge>();
  const customers = new Map<string, FakeCustomer>();
  const refunds = new Map<string, FakeRefund>();
  const paymentMethods = new Map<string, FakePaymentMethod>();
  const cashBalances = new Map<string, FakeCashBalance>();
  /** The SPEI reference of each bank-transfer PaymentIntent (kept after its instructions are gone). */
  const speiReference = new Map<string, string>();
  /** Each OXXO voucher issued, by PaymentIntent (kept after it is paid or lapses). */
  const vouchers = new Map<string, OxxoDisplayDetails>();
  /** The test card number behind each card PaymentMethod the buyer used in Checkout. */
  const pmCards = new Map<string, string>();
  const cashBalanceTransactions: FakeCashBalanceTransaction[] = [];
  const created: Record<string, unknown>[] = [];
  const requests: FakeStripe['requests'] = [];
  const events: FakeEvent[] = [];
  const deliveries: WebhookDelivery[] = [];
  /** Idempotency-Key → the request it was first used with and Stripe's saved answer. */
  const idempotent = new Map<
    string,
    { method: string; path: string; params: string; status: number; body: string }
  >();

  let url = '';
  let publicBase = '';
  let autoDeliver = opts.autoDeliver ?? Boolean(opts.webhookUrl);
  let closed = false;
  let queue: Promise<void> = Promise.resolve();
  /** The API request being handled (its id and idempotency key go into the events it causes). */
  let current: { id: string; idempotencyKey: string | null } | null = null;

  // ------------------------------------------------------------------------------------------
  // Events and webhooks
  // ------------------------------------------------------------------------------------------

  function emit(type: string, object: unknown, previous?: Record<string, unknown>): FakeEvent {
    const event: FakeEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: nowSec(),
      data: { object: clone(object), ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: opts.webhookUrl ? 1 : 0,
      request: { id: current?.id ?? null, idempotency_key: current?.idempotencyKey ?? null },
      type,
    };
    events.push(event);
    if (autoDeliver && opts.webhookUrl) enqueue(event.id);
    return event;
  }

  function signed(payload: string): SignedDelivery {
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    return {
      body: payload,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': header,
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
    };
  }

  function eventById(id: string): FakeEvent {
    const event = events.find((e) => e.id === id);
    if (!event) throw new FakeControlError(`No existe el evento ${id}`, 404);
    return event;
  }

  async function attempt(eventId: string): Promise<number> {
    const event = eventById(eventId);
    if (!opts.webhookUrl) throw new FakeControlError('Sin webhookUrl: no hay a dónde enviar el evento', 400);
    const { body, headers } = signed(JSON.stringify(event, null, 2));
    let status = 0;
    try {
      if (opts.webhookTransport) status = await opts.webhookTransport(opts.webhookUrl, body, headers);
      else {
        const res = await fetch(opts.webhookUrl, {
          method: 'POST',
          headers,
          body,
          signal: AbortSignal.timeout(10_000),
        });
        status = res.status;
        await res.arrayBuffer().catch(() => undefined);
      }
    } catch {
      status = 0;
    }
    deliveries.push({ eventId, type: event.type, status, at: nowMs() });
    return status;
  }

  function enqueue(eventId: string) {
    queue = queue.then(async () => {
      for (let i = 0; !closed; i += 1) {
        const status = await attempt(eventId).catch(() => 0);
        if ((status >= 200 && status < 300) || i >= retryDelays.length) break;
        await sleep(retryDelays[i]!);
      }
    });
  }

  // ------------------------------------------------------------------------------------------
  // Rendering: a copy of the stored object with the asked expansions
  // ------------------------------------------------------------------------------------------

  function lookup(type: string, id: string): unknown {
    switch (type) {
      case 'charge':
        return charges.get(id);
      case 'customer':
        return customers.get(id);
      case 'payment_intent':
        return paymentIntents.get(id);
      case 'payment_method':
        return paymentMethods.get(id);
      default:
        return undefined;
    }
  }

  function render(object: unknown, expand: readonly string[] = []): unknown {
    const out = clone(object) as Record<string, unknown>;
    const byField = new Map<string, string[]>();
    for (const path of expand) {
      const [head = '', ...rest] = path.split('.');
      byField.set(head, [...(byField.get(head) ?? []), ...(rest.length ? [rest.join('.')] : [])]);
    }
    const type = String(out.object ?? '');
    for (const [field, deeper] of byField) {
      const target = EXPANDABLE[type]?.[field];
      if (!target) fail(400, `This property cannot be expanded (${field}).`);
      if (target === 'line_items') {
        const items = sessionLines.get(String(out.id)) ?? [];
        out.line_items = listOf(items, `/v1/checkout/sessions/${String(out.id)}/line_items`);
      } else if (target === 'cash_balance') {
        out.cash_balance = cashBalanceOf(String(out.id));
      } else {
        const id = out[field];
        if (typeof id === 'string') out[field] = render(lookup(target, id), deeper);
      }
    }
    return out;
  }

  /** Refuses an expansion Stripe would refuse, before anything runs (at most 4 levels). */
  function checkExpand(object: string, paths: readonly string[]) {
    for (const path of paths) {
      let type: string | undefined = object;
      let parts = path.split('.');
      if (object.startsWith('list:')) {
        if (parts[0] !== 'data') fail(400, `This property cannot be expanded (${parts[0]}).`);
        type = object.slice(5);
        parts = parts.slice(1);
      }
      if (parts.length > 4) {
        fail(400, `You cannot expand more than 4 levels of a property. Property: ${path}`);
      }
      for (const part of parts) {
        const next: string | undefined = type ? EXPANDABLE[type]?.[part] : undefined;
        if (!next) fail(400, `This property cannot be expanded (${part}).`);
        type = next;
      }
    }
  }

  const listOf = (data: unknown[], path: string) => ({ object: 'list', data, has_more: false, url: path });

  // ------------------------------------------------------------------------------------------
  // Shared rules
  // ------------------------------------------------------------------------------------------

  function checkCurrency(value: unknown, param: string): string {
    const currency = String(value).toLowerCase();
    if (!CURRENCIES.has(currency)) fail(400, `Invalid currency: ${String(value)}.`, { param });
    return currency;
  }

  function checkAmount(amount: number, currency: string, param = 'amount') {
    const min = MIN_CHARGE[currency] ?? 50;
    if (amount < min) {
      fail(400, `Amount must be at least ${pesos(min, currency)}`, { code: 'amount_too_small', param });
    }
    if (amount > MAX_AMOUNT) {
      fail(400, `Amount must be no more than ${pesos(MAX_AMOUNT, currency)}`, {
        code: 'amount_too_large',
        param,
      });
    }
  }

  function checkEmail(value: unknown, param: string): string {
    const email = String(value);
    if (!EMAIL.test(email)) fail(400, `Invalid email address: ${email}`, { code: 'email_invalid', param });
    return email;
  }

  function checkUrl(value: unknown, param: string) {
    try {
      new URL(String(value));
    } catch {
      fail(400, 'Not a valid URL', { code: 'url_invalid', param });
    }
  }

  function customerOrFail(id: unknown, param: string): FakeCustomer {
    const customer = customers.get(String(id));
    if (!customer) fail(400, `No such customer: '${String(id)}'`, { code: 'resource_missing', param });
    return customer;
  }

  function checkActivated(types: readonly string[], param: string) {
    for (const t of types) {
      if (!ACTIVATED_METHOD_TYPES.has(t)) {
        fail(
          400,
          `The payment method type provided: ${t} is invalid. Please ensure the provided type is activated in your dashboard (https://dashboard.stripe.com/account/payments/settings) and your account is enabled for any preview features that you are trying to use.`,
          { code: 'payment_intent_invalid_parameter', param },
        );
      }
    }
  }

  /** Why a payment method type cannot take this payment (null: it can). */
  function incompatibility(type: string, amount: number, currency: string): StripeError | null {
    if (type === 'oxxo') {
      if (currency !== 'mxn') {
        return stripeError(
          400,
          `The currency provided (${currency}) is invalid. Payments with oxxo support the following currencies: mxn.`,
          { code: 'payment_intent_invalid_parameter', param: 'currency' },
        );
      }
      if (amount > OXXO_MAX) {
        return stripeError(400, `Amount must be no more than ${pesos(OXXO_MAX, 'mxn')} for oxxo payments.`, {
          code: 'amount_too_large',
          param: 'amount',
        });
      }
      if (amount < OXXO_MIN) {
        return stripeError(400, `Amount must be at least ${pesos(OXXO_MIN, 'mxn')} for oxxo payments.`, {
          code: 'amount_too_small',
          param: 'amount',
        });
      }
    }
    if (type === 'customer_balance' && currency !== 'mxn') {
      return stripeError(
        400,
        `The currency provided (${currency}) is invalid. Bank transfers on this account (MX) support the following currencies: mxn.`,
        { code: 'payment_intent_invalid_parameter', param: 'currency' },
      );
    }
    return null;
  }

  function billingDetails(input: Record<string, unknown> | undefined): BillingDetails {
    const address = (input?.address ?? null) as Partial<BillingDetails['address']> | null;
    return {
      address: { ...emptyAddress(), ...(address ?? {}) },
      email: (input?.email as string | null | undefined) ?? null,
      name: (input?.name as string | null | undefined) ?? null,
      phone: (input?.phone as string | null | undefined) ?? null,
      tax_id: (input?.tax_id as string | null | undefined) ?? null,
    };
  }

  function cardPaymentMethod(
    card: TestCard,
    billing: BillingDetails = billingDetails(undefined),
  ): FakePaymentMethod {
    const pm: FakePaymentMethod = {
      id: newId('pm'),
      object: 'payment_method',
      allow_redisplay: 'unspecified',
      billing_details: billing,
      created: nowSec(),
      customer: null,
      livemode: false,
      metadata: {},
      type: 'card',
      card: {
        brand: card.brand,
        country: card.country,
        exp_month: 12,
        exp_year: new Date(nowMs()).getUTCFullYear() + 3,
        fingerprint: newId('fp', 16).slice(3),
        funding: card.funding,
        last4: card.number.slice(-4),
      },
    };
    paymentMethods.set(pm.id, pm);
    return pm;
  }

  function cashBalanceOf(customerId: string): FakeCashBalance {
    let balance = cashBalances.get(customerId);
    if (!balance) {
      balance = {
        object: 'cash_balance',
        available: null,
        customer: customerId,
        customer_account: null,
        livemode: false,
        settings: { reconciliation_mode: 'automatic', using_merchant_default: true },
      };
      cashBalances.set(customerId, balance);
    }
    return balance;
  }

  function moveCash(
    customerId: string,
    currency: string,
    net: number,
    type: FakeCashBalanceTransaction['type'],
    detail: Partial<FakeCashBalanceTransaction>,
  ): FakeCashBalanceTransaction {
    const balance = cashBalanceOf(customerId);
    const available = { ...(balance.available ?? {}) };
    available[currency] = (available[currency] ?? 0) + net;
    balance.available = available;
    const txn: FakeCashBalanceTransaction = {
      id: newId('ccsbtxn'),
      object: 'customer_cash_balance_transaction',
      created: nowSec(),
      currency,
      customer: customerId,
      customer_account: null,
      ending_balance: available[currency]!,
      livemode: false,
      net_amount: net,
      type,
      ...detail,
    };
    cashBalanceTransactions.push(txn);
    emit('customer_cash_balance_transaction.created', txn);
    return txn;
  }

  function fundsAvailable(customerId: string, currency: string) {
    const balance = cashBalanceOf(customerId);
    if ((balance.available?.[currency] ?? 0) > 0) emit('cash_balance.funds_available', balance);
  }

  // ------------------------------------------------------------------------------------------
  // PaymentIntents
  // ------------------------------------------------------------------------------------------

  function intentOrFail(id: string, param = 'intent'): FakePaymentIntent {
    const pi = paymentIntents.get(id);
    if (!pi) fail(404, `No such payment_intent: '${id}'`, { code: 'resource_missing', param });
    return pi;
  }

  function methodOf(pi: FakePaymentIntent): FakePaymentMethod | undefined {
    return pi.payment_method ? paymentMethods.get(pi.payment_method) : undefined;
  }

  function unexpectedState(pi: FakePaymentIntent, action: string, allowed: readonly string[]): never {
    fail(
      400,
      `You cannot ${action} this PaymentIntent because it has a status of ${pi.status}. Only a PaymentIntent with one of the following statuses may be ${action === 'cancel' ? 'canceled' : `${action}ed`}: ${allowed.join(', ')}.`,
      { code: 'payment_intent_unexpected_state', payment_intent: render(pi) },
    );
  }

  /** A PaymentMethod id the request names: an earlier one, or one of Stripe's pm_card_* test ids. */
  function paymentMethodById(id: string): FakePaymentMethod {
    const known = paymentMethods.get(id);
    if (known) return known;
    const number = TEST_PAYMENT_METHODS[id];
    const card = number ? testCard(number) : undefined;
    if (!card)
      fail(400, `No such PaymentMethod: '${id}'`, { code: 'resource_missing', param: 'payment_method' });
    const pm = cardPaymentMethod(card);
    paymentMethods.delete(pm.id);
    pm.id = id;
    paymentMethods.set(id, pm);
    return pm;
  }

  function paymentMethodFromData(data: Record<string, unknown>, customer: string | null): FakePaymentMethod {
    const type = String(data.type);
    if (type === 'card') {
      fail(
        400,
        'Sending credit card numbers directly to the Stripe API is generally unsafe. Use a test PaymentMethod id (pm_card_visa) instead.',
        { param: 'payment_method_data[type]' },
      );
    }
    const pm: FakePaymentMethod = {
      id: newId('pm'),
      object: 'payment_method',
      allow_redisplay: String(data.allow_redisplay ?? 'unspecified'),
      billing_details: billingDetails(data.billing_details as Record<string, unknown> | undefined),
      created: nowSec(),
      customer,
      livemode: false,
      metadata: (data.metadata as Metadata | undefined) ?? {},
      type,
      ...(type === 'oxxo' ? { oxxo: {} } : {}),
      ...(type === 'customer_balance' ? { customer_balance: {} } : {}),
    };
    return pm;
  }

  interface ConfirmInput {
    paymentMethod: FakePaymentMethod | null;
    /** Where the payment method came from, for error params. */
    pmParam: string;
    options: Record<string, unknown>;
  }

  /**
   * Checks that a PaymentIntent can be confirmed with this payment method and these options:
   * everything Stripe refuses before it touches the intent (the request fails, nothing changes).
   */
  function checkConfirm(pi: FakePaymentIntent, input: ConfirmInput) {
    const pm = input.paymentMethod;
    if (!pm) {
      fail(
        400,
        "You cannot confirm this PaymentIntent because it's missing a payment method. To confirm the PaymentIntent, specify a payment method with payment_method or payment_method_data.",
        { code: 'payment_intent_unexpected_state', payment_intent: render(pi) },
      );
    }
    if (!pi.payment_method_types.includes(pm.type)) {
      fail(
        400,
        `The PaymentMethod provided (${pm.type}) is not allowed for this PaymentIntent. Please attach a PaymentMethod of one of the following types: ${pi.payment_method_types.join(', ')}.`,
        { code: 'payment_intent_incompatible_payment_method', param: input.pmParam },
      );
    }
    const incompatible = incompatibility(pm.type, pi.amount, pi.currency);
    if (incompatible) throw new StripeErrorThrown(incompatible);
    if (pi.capture_method === 'manual') {
      fail(400, 'The fake Stripe does not model manual capture (capture_method=manual).', {
        param: 'capture_method',
      });
    }
    if (pm.type === 'oxxo') {
      const billing = `${input.pmParam === 'payment_method' ? 'payment_method' : 'payment_method_data'}[billing_details]`;
      if (!pm.billing_details.name || pm.billing_details.name.trim().length < 2) {
        fail(400, `Missing required param: ${billing}[name].`, {
          code: 'parameter_missing',
          param: `${billing}[name]`,
        });
      }
      if (!pm.billing_details.email) {
        fail(400, `Missing required param: ${billing}[email].`, {
          code: 'parameter_missing',
          param: `${billing}[email]`,
        });
      }
      checkEmail(pm.billing_details.email, `${billing}[email]`);
      const days = (input.options.oxxo as { expires_after_days?: number } | null | undefined)
        ?.expires_after_days;
      if (days !== undefined && (days < 1 || days > 7)) {
        fail(400, 'Invalid expires_after_days: must be between 1 and 7.', {
          param: 'payment_method_options[oxxo][expires_after_days]',
        });
      }
    }
    if (pm.type === 'customer_balance') {
      if (!pi.customer) {
        fail(
          400,
          'A customer is required to confirm a PaymentIntent with the customer_balance payment method.',
          {
            code: 'parameter_missing',
            param: 'customer',
          },
        );
      }
      const cb = input.options.customer_balance as
        { funding_type?: string; bank_transfer?: { type?: string } } | null | undefined;
      if (!cb?.funding_type) {
        fail(400, 'Missing required param: payment_method_options[customer_balance][funding_type].', {
          code: 'parameter_missing',
          param: 'payment_method_options[customer_balance][funding_type]',
        });
      }
      if (!cb.bank_transfer?.type) {
        fail(400, 'Missing required param: payment_method_options[customer_balance][bank_transfer][type].', {
          code: 'parameter_missing',
          param: 'payment_method_options[customer_balance][bank_transfer][type]',
        });
      }
      if (cb.bank_transfer.type !== 'mx_bank_transfer') {
        fail(
          400,
          `The bank transfer type ${cb.bank_transfer.type} is not supported for the currency ${pi.currency} on this account (MX): use mx_bank_transfer.`,
          { param: 'payment_method_options[customer_balance][bank_transfer][type]' },
        );
      }
    }
  }

  /** The checked confirmation: the voucher, the transfer instructions, or the card payment. */
  function applyConfirm(pi: FakePaymentIntent, input: ConfirmInput): StripeError | null {
    const pm = input.paymentMethod!;
    if (!paymentMethods.has(pm.id)) paymentMethods.set(pm.id, pm);
    pi.payment_method = pm.id;
    pi.last_payment_error = null;
    pi.payment_method_options = {
      ...pi.payment_method_options,
      ...optionsShape(input.options),
    };
    if (pm.type === 'oxxo') {
      const days =
        (input.options.oxxo as { expires_after_days?: number } | null | undefined)?.expires_after_days ??
        OXXO_DEFAULT_DAYS;
      pi.payment_method_options.oxxo = { expires_after_days: days };
      pi.status = 'requires_action';
      const voucher: OxxoDisplayDetails = {
        expires_after: oxxoExpiresAfter(nowMs(), days),
        hosted_voucher_url: `${publicBase}${SIMULATOR_PATH}/oxxo/${pi.id}`,
        number: randomDigits(14),
      };
      vouchers.set(pi.id, voucher);
      pi.next_action = { type: 'oxxo_display_details', oxxo_display_details: { ...voucher } };
      emit('payment_intent.requires_action', pi);
      return null;
    }
    if (pm.type === 'customer_balance') {
      const reference = speiReference.get(pi.id) ?? randomDigits(7);
      speiReference.set(pi.id, reference);
      pi.payment_method_options.customer_balance = {
        bank_transfer: { type: 'mx_bank_transfer' },
        funding_type: 'bank_transfer',
      };
      pi.status = 'requires_action';
      pi.next_action = {
        type: 'display_bank_transfer_instructions',
        display_bank_transfer_instructions: {
          amount_remaining: pi.amount - pi.amount_received,
          currency: pi.currency,
          financial_addresses: [speiAddress(pi.customer!)],
          hosted_instructions_url: `${publicBase}${SIMULATOR_PATH}/spei/${pi.id}`,
          reference,
          type: 'mx_bank_transfer',
        },
      };
      // Money already waiting in the customer's cash balance pays at once (Stripe's reconciliation).
      const applied = applyCash(pi, Number.POSITIVE_INFINITY);
      if (pi.status === 'requires_action') {
        emit(applied > 0 ? 'payment_intent.partially_funded' : 'payment_intent.requires_action', pi);
      }
      return null;
    }
    // card
    const card = testCard(cardNumberOf(pm)) ?? null;
    if (card?.decline) return decline(pi, pm, card.decline);
    succeed(pi);
    return null;
  }

  /** The test card number behind a card PaymentMethod (by its last four digits). */
  function cardNumberOf(pm: FakePaymentMethod): string {
    const byId = TEST_PAYMENT_METHODS[pm.id];
    if (byId) return byId;
    return pmCards.get(pm.id) ?? '';
  }

  function optionsShape(options: Record<string, unknown>): Record<string, unknown> {
    return Object.fromEntries(Object.entries(options).filter(([, v]) => v !== null));
  }

  function speiAddress(customerId: string) {
    return {
      type: 'spei' as const,
      supported_networks: ['spei'] as ['spei'],
      spei: {
        account_holder_address: { ...emptyAddress(), country: 'MX' },
        account_holder_name: 'Tienda de la asociación',
        bank_address: { ...emptyAddress(), country: 'MX', city: 'Ciudad de México' },
        bank_code: SPEI_BANK.code,
        bank_name: SPEI_BANK.name,
        clabe: clabeFor(customerId),
      },
    };
  }

  function decline(
    pi: FakePaymentIntent,
    pm: FakePaymentMethod,
    code: 'generic_decline' | 'insufficient_funds',
  ) {
    const charge = newCharge(pi, pm, 'failed');
    charge.failure_code = 'card_declined';
    charge.failure_message = 'Your card was declined.';
    charge.outcome = {
      network_status: 'declined_by_network',
      reason: code,
      risk_level: 'normal',
      seller_message: 'The bank did not return any further details with this decline.',
      type: 'issuer_declined',
    };
    pi.latest_charge = charge.id;
    pi.status = 'requires_payment_method';
    pi.payment_method = null;
    pi.last_payment_error = {
      type: 'card_error',
      code: 'card_declined',
      decline_code: code,
      message:
        code === 'insufficient_funds' ? 'Your card has insufficient funds.' : 'Your card was declined.',
      payment_method: clone(pm),
      payment_method_type: 'card',
      doc_url: 'https://stripe.com/docs/error-codes/card-declined',
    };
    emit('charge.failed', charge);
    emit('payment_intent.payment_failed', pi);
    return stripeError(402, pi.last_payment_error.message, {
      type: 'card_error',
      code: 'card_declined',
      decline_code: code,
      charge: charge.id,
      payment_intent: render(pi),
      payment_method: clone(pm),
    });
  }

  function newCharge(
    pi: FakePaymentIntent,
    pm: FakePaymentMethod,
    status: FakeCharge['status'],
    installments: number | null = null,
  ): FakeCharge {
    let details: PaymentMethodDetails;
    if (pm.type === 'card') {
      const card = pm.card!;
      details = {
        type: 'card',
        card: {
          ...card,
          amount_authorized: pi.amount,
          installments: installments
            ? { plan: { count: installments, interval: 'month', type: 'fixed_count' } }
            : null,
          network: card.brand,
          three_d_secure: null,
          wallet: null,
        },
      };
    } else if (pm.type === 'oxxo') {
      details = { type: 'oxxo', oxxo: { number: vouchers.get(pi.id)?.number ?? randomDigits(14) } };
    } else {
      details = { type: 'customer_balance', customer_balance: {} };
    }
    const charge: FakeCharge = {
      id: newId('ch'),
      object: 'charge',
      amount: pi.amount,
      amount_captured: status === 'succeeded' ? pi.amount : 0,
      amount_refunded: 0,
      application: null,
      application_fee: null,
      application_fee_amount: null,
      balance_transaction: newId('txn'),
      billing_details: clone(pm.billing_details),
      calculated_statement_descriptor: 'TIENDA',
      captured: status === 'succeeded',
      created: nowSec(),
      currency: pi.currency,
      customer: pi.customer,
      description: pi.description,
      disputed: false,
      failure_balance_transaction: null,
      failure_code: null,
      failure_message: null,
      fraud_details: {},
      livemode: false,
      metadata: { ...pi.metadata },
      on_behalf_of: null,
      outcome: {
        network_status: 'approved_by_network',
        reason: null,
        risk_level: 'normal',
        seller_message: 'Payment complete.',
        type: 'authorized',
      },
      paid: status === 'succeeded',
      payment_intent: pi.id,
      payment_method: pm.id,
      payment_method_details: details,
      receipt_email: pi.receipt_email,
      receipt_number: null,
      receipt_url: `${url}/receipts/${pi.id}`,
      refunded: false,
      review: null,
      shipping: null,
      source: null,
      source_transfer: null,
      statement_descriptor: null,
      statement_descriptor_suffix: null,
      status,
      transfer_data: null,
      transfer_group: null,
    };
    charges.set(charge.id, charge);
    return charge;
  }

  /** The money arrived: succeeded, with its Charge. */
  function succeed(pi: FakePaymentIntent, installments: number | null = null) {
    const pm = methodOf(pi)!;
    const charge = newCharge(pi, pm, 'succeeded', installments);
    pi.latest_charge = charge.id;
    pi.amount_received = pi.amount;
    pi.status = 'succeeded';
    pi.next_action = null;
    pi.last_payment_error = null;
    emit('charge.succeeded', charge);
    emit('payment_intent.succeeded', pi);
  }

  /** Applies up to `max` of the customer's cash balance to a bank-transfer intent; answers what was applied. */
  function applyCash(pi: FakePaymentIntent, max: number): number {
    const customerId = pi.customer!;
    const available = cashBalanceOf(customerId).available?.[pi.currency] ?? 0;
    const take = Math.min(available, max, pi.amount - pi.amount_received);
    if (take <= 0) return 0;
    moveCash(customerId, pi.currency, -take, 'applied_to_payment', {
      applied_to_payment: { payment_intent: pi.id },
    });
    pi.amount_received += take;
    if (pi.amount_received >= pi.amount) succeed(pi);
    else if (pi.next_action?.type === 'display_bank_transfer_instructions') {
      pi.next_action.display_bank_transfer_instructions.amount_remaining = pi.amount - pi.amount_received;
    }
    return take;
  }

  /** Money applied to an intent that will not be paid goes back to the customer's cash balance. */
  function unapplyCash(pi: FakePaymentIntent) {
    if (!pi.customer || pi.amount_received <= 0 || pi.status === 'succeeded') return;
    const amount = pi.amount_received;
    pi.amount_received = 0;
    moveCash(pi.customer, pi.currency, amount, 'unapplied_from_payment', {
      unapplied_from_payment: { payment_intent: pi.id },
    });
    fundsAvailable(pi.customer, pi.currency);
  }

  function createIntent(p: Record<string, unknown>): FakePaymentIntent {
    const amount = p.amount as number;
    const currency = checkCurrency(p.currency, 'currency');
    checkAmount(amount, currency);
    const customer = p.customer === undefined ? null : customerOrFail(p.customer, 'customer').id;
    const allowedParam = p.allowed_payment_method_types
      ? 'allowed_payment_method_types'
      : 'payment_method_types';
    const allowed = (p.allowed_payment_method_types ?? p.payment_method_types) as string[] | undefined;
    if (allowed) checkActivated(allowed, allowedParam);
    const pmData = p.payment_method_data as Record<string, unknown> | undefined;
    const pmType = pmData ? String(pmData.type) : undefined;
    if (pmType) checkActivated([pmType], 'payment_method_data[type]');
    if (p.payment_method && pmData) {
      fail(400, 'You may only specify one of these parameters: payment_method, payment_method_data.', {
        code: 'parameters_exclusive',
        param: 'payment_method',
      });
    }
    let types: string[];
    if (allowed) {
      types = allowed.filter((t) => !incompatibility(t, amount, currency));
      if (types.length === 0) throw new StripeErrorThrown(incompatibility(allowed[0]!, amount, currency)!);
    } else types = pmType ? [pmType] : ['card'];
    if (p.confirm !== true && p.return_url !== undefined) {
      fail(400, 'You can only pass return_url if confirm is true.', { param: 'return_url' });
    }
    const options = (p.payment_method_options ?? {}) as Record<string, unknown>;
    const cb = options.customer_balance as { bank_transfer?: { type?: string } } | null | undefined;
    if (cb?.bank_transfer?.type && cb.bank_transfer.type !== 'mx_bank_transfer') {
      fail(
        400,
        `The bank transfer type ${cb.bank_transfer.type} is not supported for the currency ${currency} on this account (MX): use mx_bank_transfer.`,
        { param: 'payment_method_options[customer_balance][bank_transfer][type]' },
      );
    }
    const pm = pmData
      ? paymentMethodFromData(pmData, customer)
      : p.payment_method
        ? paymentMethodById(String(p.payment_method))
        : null;
    const id = newId('pi');
    const pi: FakePaymentIntent = {
      id,
      object: 'payment_intent',
      allowed_payment_method_types: allowed ?? null,
      amount,
      amount_capturable: 0,
      amount_details: { tip: {} },
      amount_received: 0,
      application: null,
      application_fee_amount: (p.application_fee_amount as number | undefined) ?? null,
      automatic_payment_methods: allowed || pmType ? null : { enabled: true, allow_redirects: 'always' },
      canceled_at: null,
      cancellation_reason: null,
      capture_method: (p.capture_method as string | undefined) ?? 'automatic_async',
      client_secret: `${id}_secret_${newId('s', 25).slice(2)}`,
      confirmation_method: (p.confirmation_method as string | undefined) ?? 'automatic',
      created: nowSec(),
      currency,
      customer,
      customer_account: null,
      description: (p.description as string | undefined) ?? null,
      excluded_payment_method_types: (p.excluded_payment_method_types as string[] | undefined) ?? null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      managed_payments: null,
      metadata: (p.metadata as Metadata | undefined) ?? {},
      next_action: null,
      on_behalf_of: (p.on_behalf_of as string | undefined) ?? null,
      payment_method: null,
      payment_method_configuration_details: null,
      payment_method_options: {},
      payment_method_types: types,
      payment_record: null,
      processing: null,
      receipt_email: (p.receipt_email as string | undefined) ?? null,
      review: null,
      setup_future_usage: (p.setup_future_usage as string | undefined) ?? null,
      shipping: p.shipping ?? null,
      source: null,
      statement_descriptor: (p.statement_descriptor as string | undefined) ?? null,
      statement_descriptor_suffix: (p.statement_descriptor_suffix as string | undefined) ?? null,
      status: pm ? 'requires_confirmation' : 'requires_payment_method',
      transfer_data: null,
      transfer_group: (p.transfer_group as string | undefined) ?? null,
    };
    if (p.receipt_email !== undefined) checkEmail(p.receipt_email, 'receipt_email');
    if (pmType === 'customer_balance' && !customer) {
      fail(400, 'A customer is required to use the customer_balance payment method.', {
        code: 'parameter_missing',
        param: 'customer',
      });
    }
    const input: ConfirmInput = {
      paymentMethod: pm,
      pmParam: pmData ? 'payment_method_data[type]' : 'payment_method',
      options,
    };
    if (pm && !types.includes(pm.type)) {
      if (allowed) {
        fail(
          400,
          `The PaymentMethod provided (${pm.type}) is not allowed for this PaymentIntent. Please attach a PaymentMethod of one of the following types: ${allowed.join(', ')}.`,
          { code: 'payment_intent_incompatible_payment_method', param: input.pmParam },
        );
      }
      throw new StripeErrorThrown(incompatibility(pm.type, amount, currency)!);
    }
    if (p.confirm === true) checkConfirm(pi, input);
    pi.payment_method_options = optionsShape(options);
    if (pm) {
      paymentMethods.set(pm.id, pm);
      pi.payment_method = pm.id;
    }
    paymentIntents.set(id, pi);
    emit('payment_intent.created', pi);
    if (p.confirm === true) {
      const declined = applyConfirm(pi, input);
      if (declined) throw new StripeErrorThrown(declined);
    }
    return pi;
  }

  function confirmIntent(pi: FakePaymentIntent, p: Record<string, unknown>): FakePaymentIntent {
    const allowedStates: PiStatus[] = ['requires_payment_method', 'requires_confirmation'];
    if (!allowedStates.includes(pi.status)) unexpectedState(pi, 'confirm', allowedStates);
    const pmData = p.payment_method_data as Record<string, unknown> | undefined;
    if (p.payment_method && pmData) {
      fail(400, 'You may only specify one of these parameters: payment_method, payment_method_data.', {
        code: 'parameters_exclusive',
        param: 'payment_method',
      });
    }
    if (pmData) checkActivated([String(pmData.type)], 'payment_method_data[type]');
    const allowed = (p.allowed_payment_method_types ?? p.payment_method_types) as string[] | undefined;
    if (allowed) {
      checkActivated(
        allowed,
        p.allowed_payment_method_types ? 'allowed_payment_method_types' : 'payment_method_types',
      );
      pi.allowed_payment_method_types = allowed;
      pi.payment_method_types = allowed.filter((t) => !incompatibility(t, pi.amount, pi.currency));
    }
    const pm = pmData
      ? paymentMethodFromData(pmData, pi.customer)
      : p.payment_method
        ? paymentMethodById(String(p.payment_method))
        : (methodOf(pi) ?? null);
    const options = {
      ...pi.payment_method_options,
      ...((p.payment_method_options ?? {}) as Record<string, unknown>),
    };
    const input: ConfirmInput = {
      paymentMethod: pm,
      pmParam: pmData ? 'payment_method_data[type]' : 'payment_method',
      options,
    };
    if (p.receipt_email !== undefined && p.receipt_email !== null) {
      pi.receipt_email = checkEmail(p.receipt_email, 'receipt_email');
    }
    checkConfirm(pi, input);
    const declined = applyConfirm(pi, input);
    if (declined) throw new StripeErrorThrown(declined);
    return pi;
  }

  function cancelIntent(pi: FakePaymentIntent, reason: string | null): FakePaymentIntent {
    if (!CANCELABLE.includes(pi.status)) unexpectedState(pi, 'cancel', CANCELABLE);
    unapplyCash(pi);
    pi.status = 'canceled';
    pi.canceled_at = nowSec();
    pi.cancellation_reason = reason;
    pi.next_action = null;
    emit('payment_intent.canceled', pi);
    return pi;
  }

  // ------------------------------------------------------------------------------------------
  // Checkout Sessions
  // ------------------------------------------------------------------------------------------

  function sessionOrFail(id: string): FakeSession {
    const session = sessions.get(id);
    if (!session)
      fail(404, `No such checkout.session: '${id}'`, { code: 'resource_missing', param: 'session' });
    return session;
  }

  function createSession(p: Record<string, unknown>): FakeSession {
    const mode = (p.mode as string | undefined) ?? 'payment';
    if (mode !== 'payment') {
      fail(400, `The fake Stripe models Checkout in payment mode only (mode=${mode}).`, { param: 'mode' });
    }
    const lines = p.line_items as Record<string, unknown>[] | undefined;
    if (!lines?.length) {
      fail(400, 'Missing required param: line_items.', { code: 'parameter_missing', param: 'line_items' });
    }
    const items: Record<string, unknown>[] = [];
    let currency: string | null = p.currency === undefined ? null : checkCurrency(p.currency, 'currency');
    let total = 0;
    lines.forEach((line, i) => {
      const at = `line_items[${i}]`;
      if (line.price !== undefined) {
        fail(400, `No such price: '${String(line.price)}'`, {
          code: 'resource_missing',
          param: `${at}[price]`,
        });
      }
      const pd = line.price_data as Record<string, unknown> | undefined;
      if (!pd) {
        fail(400, `You must specify either \`price\` or \`price_data\` in \`${at}\`.`, {
          code: 'parameter_missing',
          param: `${at}[price_data]`,
        });
      }
      if (pd.product !== undefined && pd.product_data !== undefined) {
        fail(400, 'You may only specify one of these parameters: product, product_data.', {
          code: 'parameters_exclusive',
          param: `${at}[price_data][product]`,
        });
      }
      if (pd.product !== undefined) {
        fail(400, `No such product: '${String(pd.product)}'`, {
          code: 'resource_missing',
          param: `${at}[price_data][product]`,
        });
      }
      if (pd.product_data === undefined) {
        fail(400, `Missing required param: ${at}[price_data][product_data].`, {
          code: 'parameter_missing',
          param: `${at}[price_data][product_data]`,
        });
      }
      if (pd.recurring !== undefined) {
        fail(400, 'You must be in `subscription` mode to use a recurring price.', {
          param: `${at}[price_data][recurring]`,
        });
      }
      if (pd.unit_amount !== undefined && pd.unit_amount_decimal !== undefined) {
        fail(400, 'You may only specify one of these parameters: unit_amount, unit_amount_decimal.', {
          code: 'parameters_exclusive',
          param: `${at}[price_data][unit_amount]`,
        });
      }
      const unit =
        pd.unit_amount !== undefined
          ? (pd.unit_amount as number)
          : pd.unit_amount_decimal !== undefined
            ? Number(pd.unit_amount_decimal)
            : NaN;
      if (!Number.isFinite(unit) || unit < 0 || !Number.isInteger(unit)) {
        fail(400, `Missing required param: ${at}[price_data][unit_amount].`, {
          code: 'parameter_missing',
          param: `${at}[price_data][unit_amount]`,
        });
      }
      if (line.quantity === undefined) {
        fail(400, `Quantity is required. Add \`quantity\` to \`${at}\``, {
          code: 'parameter_missing',
          param: `${at}[quantity]`,
        });
      }
      const quantity = line.quantity as number;
      if (quantity < 1) {
        fail(400, 'This value must be greater than or equal to 1.', { param: `${at}[quantity]` });
      }
      const lineCurrency = checkCurrency(pd.currency, `${at}[price_data][currency]`);
      if (currency && currency !== lineCurrency) {
        fail(400, 'All line items and the session must use the same currency.', {
          param: `${at}[price_data][currency]`,
        });
      }
      currency = lineCurrency;
      total += unit * quantity;
      const name = String((pd.product_data as { name: string }).name);
      items.push({
        id: newId('li'),
        object: 'item',
        amount_discount: 0,
        amount_subtotal: unit * quantity,
        amount_tax: 0,
        amount_total: unit * quantity,
        currency: lineCurrency,
        description: name,
        metadata: (line.metadata as Metadata | undefined) ?? {},
        price: {
          id: newId('price'),
          object: 'price',
          currency: lineCurrency,
          unit_amount: unit,
          type: 'one_time',
        },
        quantity,
      });
    });
    const sessionCurrency = currency!;
    if (total < (MIN_CHARGE[sessionCurrency] ?? 50)) {
      fail(
        400,
        `The Checkout Session's total amount due must add up to at least ${pesos(MIN_CHARGE[sessionCurrency] ?? 50, sessionCurrency)}`,
        { code: 'amount_too_small' },
      );
    }
    const now = nowSec();
    const expiresAt = (p.expires_at as number | undefined) ?? now + 86_400;
    if (expiresAt > now + 86_400) {
      fail(400, 'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.', {
        param: 'expires_at',
      });
    }
    if (expiresAt < now + 1800) {
      fail(400, 'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.', {
        param: 'expires_at',
      });
    }
    if (p.customer !== undefined && p.customer_email !== undefined) {
      fail(400, 'You may only specify one of these parameters: customer, customer_email.', {
        code: 'parameters_exclusive',
        param: 'customer_email',
      });
    }
    const customer = p.customer === undefined ? null : customerOrFail(p.customer, 'customer');
    if (p.customer_email !== undefined) checkEmail(p.customer_email, 'customer_email');
    for (const field of ['success_url', 'cancel_url', 'return_url'] as const) {
      if (p[field] !== undefined) checkUrl(p[field], field);
    }
    const allowedParam = p.allowed_payment_method_types
      ? 'allowed_payment_method_types'
      : 'payment_method_types';
    const allowed = (p.allowed_payment_method_types ?? p.payment_method_types) as string[] | undefined;
    if (allowed) checkActivated(allowed, allowedParam);
    const types = allowed ?? ['card'];
    const pmo = p.payment_method_options as { card?: { installments?: { enabled?: boolean } } } | undefined;
    const installments = pmo?.card?.installments?.enabled;
    if (installments !== undefined && !types.includes('card')) {
      fail(
        400,
        'payment_method_options[card] can only be used when card is one of the payment method types.',
        {
          param: 'payment_method_options[card][installments][enabled]',
        },
      );
    }
    const pid = (p.payment_intent_data ?? {}) as Record<string, unknown>;
    const id = `cs_test_${newId('x', 58).slice(2)}`;
    const session: FakeSession = {
      id,
      object: 'checkout.session',
      mode,
      status: 'open',
      payment_status: 'unpaid',
      amount_subtotal: total,
      amount_total: total,
      currency: sessionCurrency,
      client_reference_id: (p.client_reference_id as string | undefined) ?? null,
      customer: customer?.id ?? null,
      customer_details: null,
      customer_email: (p.customer_email as string | undefined) ?? null,
      metadata: (p.metadata as Metadata | undefined) ?? {},
      locale: (p.locale as string | undefined) ?? null,
      allowed_payment_method_types: allowed ?? null,
      payment_method_types: types,
      payment_method_options:
        installments !== undefined ? { card: { installments: { enabled: installments } } } : {},
      success_url: (p.success_url as string | undefined) ?? '',
      cancel_url: (p.cancel_url as string | undefined) ?? '',
      url: `${publicBase}${SIMULATOR_PATH}/checkout/${id}`,
      expires_at: expiresAt,
      created: now,
      payment_intent: null,
      ui_mode: (p.ui_mode as string | undefined) ?? 'hosted_page',
      livemode: false,
    };
    sessions.set(id, session);
    sessionLines.set(id, items);
    sessionIntentData.set(id, {
      metadata: (pid.metadata as Metadata | undefined) ?? {},
      description: (pid.description as string | undefined) ?? null,
      receipt_email: (pid.receipt_email as string | undefined) ?? null,
    });
    return session;
  }

  function expireSession(session: FakeSession): FakeSession {
    if (session.status !== 'open') {
      fail(
        400,
        `Only Checkout Sessions with a status of open can be expired; this one is ${session.status}.`,
      );
    }
    session.status = 'expired';
    session.url = null;
    const pi = session.payment_intent ? paymentIntents.get(session.payment_intent) : undefined;
    if (pi && CANCELABLE.includes(pi.status)) cancelIntent(pi, 'abandoned');
    emit('checkout.session.expired', session);
    return session;
  }

  function plansFor(sessionId: string): MsiPlan[] {
    const s = sessions.get(sessionId);
    if (!s?.payment_method_options?.card?.installments?.enabled || s.currency !== 'mxn') return [];
    return msiPlansFor(s.amount_total);
  }

  function paySession(sessionId: string, o: PayOptions = {}): FakeSession {
    const s = sessions.get(sessionId);
    if (!s) throw new FakeControlError(`No existe la sesión ${sessionId}`, 404);
    if (s.status === 'expired') throw new FakeControlError('La sesión de pago expiró.');
    if (s.payment_status === 'paid') throw new FakeControlError('La sesión ya está pagada.');
    const number = o.card ?? (o.funding === 'debit' ? '4000056655665556' : '4000004840000008');
    const card = testCard(number);
    if (!card) throw new FakeControlError('Usa una de las tarjetas de prueba de Stripe.', 400);
    const months = o.installments ?? null;
    if (months) {
      if (!s.payment_method_options?.card?.installments?.enabled) {
        throw new FakeControlError('Esta sesión no ofrece meses sin intereses.', 400);
      }
      if (card.funding !== 'credit' || card.country !== 'MX') {
        throw new FakeControlError(
          'Los meses sin intereses solo aplican con tarjetas de crédito mexicanas.',
          400,
        );
      }
      if (!plansFor(s.id).some((plan) => plan.count === months)) {
        throw new FakeControlError(`El monto no alcanza para ${months} meses sin intereses.`, 400);
      }
    }
    const data = sessionIntentData.get(s.id) ?? { metadata: {}, description: null, receipt_email: null };
    let pi = s.payment_intent ? paymentIntents.get(s.payment_intent) : undefined;
    if (!pi) {
      const id = newId('pi');
      pi = {
        id,
        object: 'payment_intent',
        allowed_payment_method_types: s.allowed_payment_method_types,
        amount: s.amount_total,
        amount_capturable: 0,
        amount_details: { tip: {} },
        amount_received: 0,
        application: null,
        application_fee_amount: null,
        automatic_payment_methods: null,
        canceled_at: null,
        cancellation_reason: null,
        capture_method: 'automatic_async',
        client_secret: `${id}_secret_${newId('s', 25).slice(2)}`,
        confirmation_method: 'automatic',
        created: nowSec(),
        currency: s.currency,
        customer: s.customer,
        customer_account: null,
        description: data.description,
        excluded_payment_method_types: null,
        last_payment_error: null,
        latest_charge: null,
        livemode: false,
        managed_payments: null,
        metadata: { ...data.metadata },
        next_action: null,
        on_behalf_of: null,
        payment_method: null,
        payment_method_configuration_details: null,
        payment_method_options: {},
        payment_method_types: ['card'],
        payment_record: null,
        processing: null,
        receipt_email: data.receipt_email,
        review: null,
        setup_future_usage: null,
        shipping: null,
        source: null,
        statement_descriptor: null,
        statement_descriptor_suffix: null,
        status: 'requires_payment_method',
        transfer_data: null,
        transfer_group: null,
      };
      paymentIntents.set(id, pi);
      s.payment_intent = id;
      emit('payment_intent.created', pi);
    }
    const pm = cardPaymentMethod(card, {
      ...billingDetails(undefined),
      email: s.customer_email,
      name: 'Cliente de prueba',
    });
    pmCards.set(pm.id, card.number);
    pi.payment_method = pm.id;
    if (card.decline) {
      decline(pi, pm, card.decline);
      throw new FakeControlError(
        card.decline === 'insufficient_funds'
          ? 'Fondos insuficientes: la tarjeta fue rechazada.'
          : 'La tarjeta fue rechazada.',
        402,
      );
    }
    if (months)
      pi.payment_method_options = {
        card: { installments: { plan: { count: months, interval: 'month', type: 'fixed_count' } } },
      };
    succeed(pi, months);
    s.status = 'complete';
    s.payment_status = 'paid';
    s.url = null;
    s.customer_details = { email: s.customer_email, name: pm.billing_details.name };
    emit('checkout.session.completed', s);
    return s;
  }

  // ------------------------------------------------------------------------------------------
  // Customers
  // ------------------------------------------------------------------------------------------

  function createCustomer(p: Record<string, unknown>): FakeCustomer {
    if (p.email !== undefined) checkEmail(p.email, 'email');
    const settings = (p.cash_balance as { settings?: { reconciliation_mode?: string } } | undefined)
      ?.settings;
    const customer: FakeCustomer = {
      id: newId('cus', 14),
      object: 'customer',
      address: p.address ? { ...emptyAddress(), ...(p.address as object) } : null,
      balance: (p.balance as number | undefined) ?? 0,
      created: nowSec(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: (p.description as string | undefined) ?? null,
      discount: null,
      email: (p.email as string | undefined) ?? null,
      invoice_prefix: newId('x', 8).slice(2).toUpperCase(),
      invoice_settings: {
        custom_fields: null,
        default_payment_method: null,
        footer: null,
        rendering_options: null,
      },
      livemode: false,
      metadata: (p.metadata as Metadata | null | undefined) ?? {},
      name: (p.name as string | undefined) ?? null,
      next_invoice_sequence: 1,
      phone: (p.phone as string | undefined) ?? null,
      preferred_locales: (p.preferred_locales as string[] | undefined) ?? [],
      shipping: null,
      tax_exempt: (p.tax_exempt as string | null | undefined) ?? 'none',
      test_clock: null,
    };
    customers.set(customer.id, customer);
    if (settings?.reconciliation_mode && settings.reconciliation_mode !== 'merchant_default') {
      cashBalanceOf(customer.id).settings = {
        reconciliation_mode: settings.reconciliation_mode as 'automatic' | 'manual',
        using_merchant_default: false,
      };
    }
    emit('customer.created', customer);
    return customer;
  }

  function customerById(id: string): FakeCustomer {
    const customer = customers.get(id);
    if (!customer) fail(404, `No such customer: '${id}'`, { code: 'resource_missing', param: 'id' });
    return customer;
  }

  /**
   * A bank transfer lands in the customer's cash balance, then Stripe's automatic reconciliation
   * applies it: to the open bank-transfer intent whose reference it carries, else to the one
   * whose amount remaining it matches exactly; what is left stays in the balance.
   */
  function fundCash(customerId: string, amount: number, currency: string, reference: string | null) {
    const txn = moveCash(customerId, currency, amount, 'funded', {
      funded: { bank_transfer: { reference, type: 'mx_bank_transfer' } },
    });
    const balance = cashBalanceOf(customerId);
    if (balance.settings.reconciliation_mode === 'automatic') {
      const open = [...paymentIntents.values()].filter(
        (pi) =>
          pi.customer === customerId &&
          pi.currency === currency &&
          pi.status === 'requires_action' &&
          pi.next_action?.type === 'display_bank_transfer_instructions',
      );
      // A reference names its PaymentIntent: if that one no longer waits (canceled, paid), the
      // money stays in the balance. Without a known reference, an exact amount match decides.
      const named = reference ? [...speiReference].find(([, r]) => r === reference)?.[0] : undefined;
      const byAmount = open.filter((pi) => pi.amount - pi.amount_received === amount);
      const target = named
        ? open.find((pi) => pi.id === named)
        : byAmount.length === 1
          ? byAmount[0]
          : undefined;
      if (target) {
        const applied = applyCash(target, amount);
        if (applied > 0 && target.status === 'requires_action')
          emit('payment_intent.partially_funded', target);
      }
    }
    fundsAvailable(customerId, currency);
    return txn;
  }

  // ------------------------------------------------------------------------------------------
  // Refunds
  // ------------------------------------------------------------------------------------------

  function refundOrFail(id: string): FakeRefund {
    const refund = refunds.get(id);
    if (!refund) fail(404, `No such refund: '${id}'`, { code: 'resource_missing', param: 'refund' });
    return refund;
  }

  function createRefund(p: Record<string, unknown>): FakeRefund {
    if (p.instructions_email !== undefined) checkEmail(p.instructions_email, 'instructions_email');
    if (p.origin === 'customer_balance') return refundCashBalance(p);
    if (p.charge === undefined && p.payment_intent === undefined) {
      fail(
        400,
        'One of the following params should be provided for this request: payment_intent or charge.',
        {
          code: 'parameter_missing',
        },
      );
    }
    let charge: FakeCharge | undefined;
    let pi: FakePaymentIntent | undefined;
    if (p.payment_intent !== undefined) {
      pi = paymentIntents.get(String(p.payment_intent));
      if (!pi) {
        fail(400, `No such payment_intent: '${String(p.payment_intent)}'`, {
          code: 'resource_missing',
          param: 'payment_intent',
        });
      }
      if (pi.status !== 'succeeded' || !pi.latest_charge) {
        fail(400, `This PaymentIntent (${pi.id}) does not have a successful charge to refund.`, {
          code: 'charge_not_refundable',
        });
      }
      charge = charges.get(pi.latest_charge);
    }
    if (p.charge !== undefined) {
      const named = charges.get(String(p.charge));
      if (!named) {
        fail(400, `No such charge: '${String(p.charge)}'`, { code: 'resource_missing', param: 'charge' });
      }
      if (charge && named.id !== charge.id) {
        fail(400, `The charge ${named.id} does not belong to the PaymentIntent ${pi!.id}.`, {
          param: 'charge',
        });
      }
      charge = named;
      pi = paymentIntents.get(named.payment_intent);
    }
    if (!charge || !pi || charge.status !== 'succeeded') {
      fail(400, 'This charge cannot be refunded because it did not succeed.', {
        code: 'charge_not_refundable',
      });
    }
    if (p.currency !== undefined && checkCurrency(p.currency, 'currency') !== charge.currency) {
      fail(400, `The currency must be ${charge.currency}, the charge's.`, { param: 'currency' });
    }
    if (p.customer !== undefined && p.customer !== charge.customer) {
      fail(400, 'The customer does not match the charge.', { param: 'customer' });
    }
    const method = charge.payment_method_details.type;
    if (method === 'oxxo') {
      // Stripe's OXXO reference: "OXXO payments can't be refunded" (no refunds, no partial refunds).
      fail(400, `Charge ${charge.id} cannot be refunded: OXXO payments can't be refunded.`, {
        code: 'charge_not_refundable',
      });
    }
    const remaining = charge.amount - charge.amount_refunded;
    if (remaining <= 0) {
      fail(400, `Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' });
    }
    const amount = (p.amount as number | undefined) ?? remaining;
    if (amount < 1) fail(400, 'This value must be greater than or equal to 1.', { param: 'amount' });
    if (amount > remaining) {
      fail(
        400,
        `Refund amount (${pesos(amount, charge.currency)}) is greater than unrefunded amount on charge (${pesos(remaining, charge.currency)})`,
        { code: 'amount_too_large', param: 'amount' },
      );
    }
    const now = nowSec();
    const refund: FakeRefund = {
      id: newId('re'),
      object: 'refund',
      amount,
      balance_transaction: newId('txn'),
      charge: charge.id,
      created: now,
      currency: charge.currency,
      customer: charge.customer,
      customer_account: null,
      destination_details: {
        type: 'card',
        card: {
          reference: randomDigits(23),
          reference_status: 'available',
          reference_type: 'acquirer_reference_number',
          type: 'refund',
        },
      },
      metadata: (p.metadata as Metadata | null | undefined) ?? {},
      payment_intent: pi.id,
      payment_method: charge.payment_method,
      reason: (p.reason as string | undefined) ?? null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    };
    if (method === 'customer_balance') {
      // No native refund: Stripe e-mails the customer to ask where to send the money (bank-transfer refunds guide).
      const email =
        (p.instructions_email as string | undefined) ?? customers.get(charge.customer ?? '')?.email;
      if (!email) {
        fail(
          400,
          'This refund needs an email address to send the customer the refund instructions to: pass instructions_email, or set an email on the customer.',
          { code: 'parameter_missing', param: 'instructions_email' },
        );
      }
      refund.instructions_email = email;
      refund.status = 'requires_action';
      refund.destination_details = {
        type: 'mx_bank_transfer',
        mx_bank_transfer: { reference: null, reference_status: 'pending' },
      };
      refund.next_action = {
        type: 'display_details',
        display_details: {
          email_sent: { email_sent_at: now, email_sent_to: email },
          expires_at: now + REFUND_DETAILS_DAYS * 86_400,
        },
      };
    }
    refunds.set(refund.id, refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded >= charge.amount;
    emit('refund.created', refund);
    emit('charge.refunded', charge);
    return refund;
  }

  /** Money in a customer's cash balance sent back to their bank account (origin=customer_balance). */
  function refundCashBalance(p: Record<string, unknown>): FakeRefund {
    if (p.customer === undefined) {
      fail(400, 'Missing required param: customer.', { code: 'parameter_missing', param: 'customer' });
    }
    if (p.currency === undefined) {
      fail(400, 'Missing required param: currency.', { code: 'parameter_missing', param: 'currency' });
    }
    if (p.charge !== undefined || p.payment_intent !== undefined) {
      fail(400, 'A refund with origin=customer_balance cannot name a charge or a payment_intent.', {
        code: 'parameters_exclusive',
        param: 'origin',
      });
    }
    const customer = customerOrFail(p.customer, 'customer');
    const currency = checkCurrency(p.currency, 'currency');
    const available = cashBalanceOf(customer.id).available?.[currency] ?? 0;
    const amount = (p.amount as number | undefined) ?? available;
    if (amount < 1 || amount > available) {
      fail(400, `The amount must be between 1 and the customer's available cash balance (${available}).`, {
        code: 'balance_insufficient',
        param: 'amount',
      });
    }
    const email = (p.instructions_email as string | undefined) ?? customer.email;
    if (!email) {
      fail(400, 'Missing required param: instructions_email.', {
        code: 'parameter_missing',
        param: 'instructions_email',
      });
    }
    const now = nowSec();
    const refund: FakeRefund = {
      id: newId('re'),
      object: 'refund',
      amount,
      balance_transaction: null,
      charge: null,
      created: now,
      currency,
      customer: customer.id,
      customer_account: null,
      destination_details: {
        type: 'mx_bank_transfer',
        mx_bank_transfer: { reference: null, reference_status: 'pending' },
      },
      instructions_email: email,
      metadata: (p.metadata as Metadata | null | undefined) ?? {},
      next_action: {
        type: 'display_details',
        display_details: {
          email_sent: { email_sent_at: now, email_sent_to: email },
          expires_at: now + REFUND_DETAILS_DAYS * 86_400,
        },
      },
      payment_intent: null,
      payment_method: null,
      reason: (p.reason as string | undefined) ?? null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'requires_action',
      transfer_reversal: null,
    };
    refunds.set(refund.id, refund);
    moveCash(customer.id, currency, -amount, 'refunded_from_payment', {
      refunded_from_payment: { refund: refund.id },
    });
    emit('refund.created', refund);
    return refund;
  }

  /** The refunded money did not leave: the charge counts it as not refunded again. */
  function giveBackToCharge(refund: FakeRefund) {
    const charge = refund.charge ? charges.get(refund.charge) : undefined;
    if (!charge) return;
    charge.amount_refunded -= refund.amount;
    charge.refunded = charge.amount_refunded >= charge.amount;
  }

  function moveRefund(refund: FakeRefund, to: FakeRefund['status'], change: () => void) {
    const previous = { status: refund.status };
    refund.status = to;
    change();
    emit('refund.updated', refund, previous);
    if (to === 'failed') emit('refund.failed', refund);
  }

  function cancelRefund(refund: FakeRefund): FakeRefund {
    if (refund.status !== 'requires_action') {
      fail(
        400,
        `Refund ${refund.id} cannot be canceled: only a refund with status requires_action can be canceled; this one is ${refund.status}.`,
      );
    }
    moveRefund(refund, 'canceled', () => {
      refund.next_action = null;
      if (refund.charge) giveBackToCharge(refund);
      else if (refund.customer)
        moveCash(refund.customer, refund.currency, refund.amount, 'unapplied_from_payment', {});
    });
    return refund;
  }

  /** After 45 days without a bank account: canceled, the money in the customer's cash balance. */
  function expireRefundNow(refund: FakeRefund): FakeRefund {
    if (refund.status !== 'requires_action') {
      fail(400, `Only a refund with status requires_action can be expired; this one is ${refund.status}.`);
    }
    moveRefund(refund, 'canceled', () => {
      refund.next_action = null;
      giveBackToCharge(refund);
      if (refund.customer) {
        moveCash(refund.customer, refund.currency, refund.amount, 'refunded_from_payment', {
          refunded_from_payment: { refund: refund.id },
        });
      }
    });
    if (refund.customer) fundsAvailable(refund.customer, refund.currency);
    return refund;
  }

  // ------------------------------------------------------------------------------------------
  // The HTTP API
  // ------------------------------------------------------------------------------------------

  interface Route {
    method: 'GET' | 'POST';
    path: RegExp;
    schema: ObjectParam;
    /** The object type answered (for `expand`); 'list:<type>' for a list. */
    object: string;
    run(p: Record<string, unknown>, id: string, version: string): unknown;
  }

  const routes: Route[] = [
    {
      method: 'POST',
      path: /^\/v1\/checkout\/sessions$/,
      schema: SESSION_CREATE,
      object: 'checkout.session',
      run: (p) => createSession(p),
    },
    {
      method: 'GET',
      path: /^\/v1\/checkout\/sessions\/([^/]+)$/,
      schema: SESSION_RETRIEVE,
      object: 'checkout.session',
      run: (_p, id) => sessionOrFail(id),
    },
    {
      method: 'POST',
      path: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
      schema: SESSION_EXPIRE,
      object: 'checkout.session',
      run: (_p, id) => expireSession(sessionOrFail(id)),
    },
    {
      method: 'POST',
      path: /^\/v1\/customers$/,
      schema: CUSTOMER_CREATE,
      object: 'customer',
      run: (p) => createCustomer(p),
    },
    {
      method: 'GET',
      path: /^\/v1\/customers\/([^/]+)$/,
      schema: CUSTOMER_RETRIEVE,
      object: 'customer',
      run: (_p, id) => customerById(id),
    },
    {
      method: 'GET',
      path: /^\/v1\/customers\/([^/]+)\/cash_balance$/,
      schema: CASH_BALANCE_RETRIEVE,
      object: 'cash_balance',
      run: (_p, id) => cashBalanceOf(customerById(id).id),
    },
    {
      method: 'POST',
      path: /^\/v1\/test_helpers\/customers\/([^/]+)\/fund_cash_balance$/,
      schema: FUND_CASH_BALANCE,
      object: 'customer_cash_balance_transaction',
      run: (p, id) => {
        const customer = customerById(id);
        const amount = p.amount as number;
        if (amount < 1) fail(400, 'This value must be greater than or equal to 1.', { param: 'amount' });
        const currency = checkCurrency(p.currency, 'currency');
        if (currency !== 'mxn')
          fail(400, 'Only mxn cash balances are modelled (an account in Mexico).', { param: 'currency' });
        return fundCash(customer.id, amount, currency, (p.reference as string | undefined) ?? null);
      },
    },
    {
      method: 'POST',
      path: /^\/v1\/payment_intents$/,
      schema: PI_CREATE,
      object: 'payment_intent',
      run: (p) => createIntent(p),
    },
    {
      method: 'GET',
      path: /^\/v1\/payment_intents\/([^/]+)$/,
      schema: PI_RETRIEVE,
      object: 'payment_intent',
      run: (_p, id) => intentOrFail(id),
    },
    {
      method: 'POST',
      path: /^\/v1\/payment_intents\/([^/]+)\/confirm$/,
      schema: PI_CONFIRM,
      object: 'payment_intent',
      run: (p, id) => confirmIntent(intentOrFail(id), p),
    },
    {
      method: 'POST',
      path: /^\/v1\/payment_intents\/([^/]+)\/cancel$/,
      schema: PI_CANCEL,
      object: 'payment_intent',
      run: (p, id) => cancelIntent(intentOrFail(id), (p.cancellation_reason as string | undefined) ?? null),
    },
    {
      method: 'GET',
      path: /^\/v1\/charges\/([^/]+)$/,
      schema: CHARGE_RETRIEVE,
      object: 'charge',
      run: (_p, id) =>
        charges.get(id) ??
        fail(404, `No such charge: '${id}'`, { code: 'resource_missing', param: 'charge' }),
    },
    {
      method: 'POST',
      path: /^\/v1\/refunds$/,
      schema: REFUND_CREATE,
      object: 'refund',
      run: (p) => createRefund(p),
    },
    {
      method: 'GET',
      path: /^\/v1\/refunds\/([^/]+)$/,
      schema: REFUND_RETRIEVE,
      object: 'refund',
      run: (_p, id) => refundOrFail(id),
    },
    {
      method: 'POST',
      path: /^\/v1\/refunds\/([^/]+)\/cancel$/,
      schema: REFUND_CANCEL,
      object: 'refund',
      run: (_p, id) => cancelRefund(refundOrFail(id)),
    },
    {
      method: 'POST',
      path: /^\/v1\/test_helpers\/refunds\/([^/]+)\/expire$/,
      schema: REFUND_EXPIRE,
      object: 'refund',
      run: (_p, id) => expireRefundNow(refundOrFail(id)),
    },
    {
      method: 'GET',
      path: /^\/v1\/events\/([^/]+)$/,
      schema: EVENT_RETRIEVE,
      object: 'event',
      run: (_p, id) =>
        events.find((e) => e.id === id) ??
        fail(404, `No such event: '${id}'`, { code: 'resource_missing', param: 'id' }),
    },
    {
      method: 'GET',
      path: /^\/v1\/events$/,
      schema: EVENT_LIST,
      object: 'list:event',
      run: (p) => listEvents(p),
    },
  ];

  function listEvents(p: Record<string, unknown>) {
    const limit = (p.limit as number | undefined) ?? 10;
    if (limit < 1 || limit > 100) fail(400, 'This value must be between 1 and 100.', { param: 'limit' });
    const typeMatches = (pattern: string, type: string) =>
      pattern.endsWith('.*') ? type.startsWith(pattern.slice(0, -1)) : pattern === type;
    let list = [...events].reverse();
    if (p.type !== undefined) list = list.filter((e) => typeMatches(String(p.type), e.type));
    if (p.types !== undefined) {
      const types = p.types as string[];
      list = list.filter((e) => types.some((t) => typeMatches(t, e.type)));
    }
    if (p.starting_after !== undefined) {
      const i = list.findIndex((e) => e.id === p.starting_after);
      if (i < 0)
        fail(400, `No such event: '${String(p.starting_after)}'`, {
          code: 'resource_missing',
          param: 'starting_after',
        });
      list = list.slice(i + 1);
    }
    if (p.ending_before !== undefined) {
      const i = list.findIndex((e) => e.id === p.ending_before);
      if (i < 0)
        fail(400, `No such event: '${String(p.ending_before)}'`, {
          code: 'resource_missing',
          param: 'ending_before',
        });
      list = list.slice(Math.max(0, i - limit), i);
    }
    return { object: 'list', data: list.slice(0, limit), has_more: list.length > limit, url: '/v1/events' };
  }

  function renderAnswer(value: unknown, expand: string[] | undefined): unknown {
    const obj = value as { object?: string };
    if (obj.object === 'list') {
      const list = value as { data: unknown[] };
      const inner = (expand ?? []).map((path) => {
        if (!path.startsWith('data.')) fail(400, `This property cannot be expanded (${path.split('.')[0]}).`);
        return path.slice(5);
      });
      return { ...list, data: list.data.map((item) => render(item, inner)) };
    }
    return render(value, expand);
  }

  const send = (res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, {
      'Content-Type': 'application/json',
      'Request-Id': current?.id ?? newId('req', 14),
      'Stripe-Version': API_VERSION,
      ...headers,
    });
    res.end(body);
  };

  const errorBody = (e: StripeError) =>
    JSON.stringify({ error: { ...e.error, request_log_url: `${url}/logs/${current?.id ?? ''}` } });

  async function handleApi(
    req: IncomingMessage,
    body: string,
    res: ServerResponse,
    path: string,
    query: string,
  ) {
    const method = req.method ?? 'GET';
    const auth = req.headers.authorization ?? '';
    const key =
      /^Bearer (.+)$/.exec(auth)?.[1] ??
      (/^Basic (.+)$/.exec(auth) ? Buffer.from(auth.slice(6), 'base64').toString().split(':')[0] : '');
    if (!key) {
      return send(
        res,
        401,
        JSON.stringify({
          error: {
            type: 'invalid_request_error',
            message:
              "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
          },
        }),
      );
    }
    if (key !== secretKey) {
      return send(
        res,
        401,
        JSON.stringify({
          error: {
            type: 'invalid_request_error',
            message: `Invalid API Key provided: ${key.slice(0, 8)}********${key.slice(-4)}`,
          },
        }),
      );
    }
    const version = String(req.headers['stripe-version'] ?? API_VERSION);
    if (!versionDate(version)) {
      return send(
        res,
        400,
        JSON.stringify({
          error: { type: 'invalid_request_error', message: `Invalid Stripe API version: ${version}` },
        }),
      );
    }
    const route = routes.find((r) => r.method === method && r.path.test(path));
    if (!route) {
      const known = routes.some((r) => r.path.test(path));
      return send(
        res,
        404,
        JSON.stringify({
          error: {
            type: 'invalid_request_error',
            message: `Unrecognized request URL (${method}: ${path}).${known ? '' : ' The fake Stripe does not model this endpoint.'} Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
          },
        }),
      );
    }
    const id = decodeURIComponent(route.path.exec(path)?.[1] ?? '');
    const raw = decodeForm(method === 'GET' ? query : body);
    const idempotencyKey =
      method === 'POST' ? ((req.headers['idempotency-key'] as string | undefined) ?? null) : null;
    current = { id: newId('req', 14), idempotencyKey };
    try {
      if (idempotencyKey) {
        if (idempotencyKey.length > 255) fail(400, 'Idempotency-Key must be at most 255 characters long.');
        const known = idempotent.get(idempotencyKey);
        const params = JSON.stringify(raw);
        if (known) {
          if (known.method !== method || known.path !== path || known.params !== params) {
            fail(
              400,
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
              { type: 'idempotency_error' },
            );
          }
          requests.push({ method, path, params: raw, status: known.status });
          return send(res, known.status, known.body, { 'Idempotent-Replayed': 'true' });
        }
      }
      let answer: { status: number; body: string };
      let saved = false;
      try {
        const p = checkParams(route.schema, raw, version);
        checkExpand(route.object, (p.expand as string[] | undefined) ?? []);
        saved = true;
        if (route.schema === SESSION_CREATE) created.push(raw);
        const value = route.run(p, id, version);
        answer = { status: 200, body: JSON.stringify(renderAnswer(value, p.expand as string[] | undefined)) };
      } catch (err) {
        if (!(err instanceof StripeErrorThrown)) throw err;
        // Stripe keeps the answer of a request that began to run, not one its parameters failed.
        const e = err.answer;
        answer = { status: e.status, body: errorBody(e) };
        // Parameter errors (with a param) count as failed validation too.
        saved &&= e.error.param === undefined;
      }
      if (idempotencyKey && saved) {
        idempotent.set(idempotencyKey, { method, path, params: JSON.stringify(raw), ...answer });
      }
      requests.push({ method, path, params: raw, status: answer.status });
      return send(res, answer.status, answer.body);
    } catch (err) {
      if (!(err instanceof StripeErrorThrown)) throw err;
      requests.push({ method, path, params: raw, status: err.answer.status });
      return send(res, err.answer.status, errorBody(err.answer));
    } finally {
      current = null;
    }
  }

  // ------------------------------------------------------------------------------------------
  // Controls (methods and /__fake routes)
  // ------------------------------------------------------------------------------------------

  function controlIntent(piId: string, type: string): FakePaymentIntent {
    const pi = paymentIntents.get(piId);
    if (!pi) throw new FakeControlError(`No existe el PaymentIntent ${piId}`, 404);
    const isType =
      type === 'oxxo' ? vouchers.has(pi.id) : type === 'customer_balance' ? speiReference.has(pi.id) : true;
    if (!isType) {
      throw new FakeControlError(
        `El PaymentIntent ${piId} no es de ${type === 'oxxo' ? 'OXXO' : 'transferencia SPEI'}.`,
        400,
      );
    }
    return pi;
  }

  const controls = {
    payOxxo(piId: string) {
      const pi = controlIntent(piId, 'oxxo');
      // Cash handed over before the voucher lapsed is confirmed by OXXO up to a business day
      // later (Stripe's OXXO guide): an intent whose voucher expired can still succeed then.
      const lapsed =
        pi.status === 'requires_payment_method' &&
        pi.last_payment_error?.code === 'payment_intent_payment_attempt_expired' &&
        pi.last_payment_error.payment_method_type === 'oxxo';
      if (pi.status !== 'requires_action' && pi.status !== 'processing' && !lapsed) {
        throw new FakeControlError(`La ficha no se puede pagar: el pago está ${pi.status}.`);
      }
      if (lapsed) pi.payment_method = pi.last_payment_error!.payment_method!.id;
      succeed(pi);
      return pi;
    },
    expireOxxo(piId: string) {
      const pi = controlIntent(piId, 'oxxo');
      if (pi.status !== 'requires_action')
        throw new FakeControlError(`La ficha no puede vencer: el pago está ${pi.status}.`);
      const pm = methodOf(pi)!;
      pi.status = 'requires_payment_method';
      pi.next_action = null;
      pi.payment_method = null;
      pi.last_payment_error = {
        type: 'invalid_request_error',
        code: 'payment_intent_payment_attempt_expired',
        message:
          'The payment attempt for this PaymentIntent has expired. Please provide a new payment method to attempt to fulfill this PaymentIntent again.',
        payment_method: clone(pm),
        payment_method_type: 'oxxo',
        doc_url: 'https://stripe.com/docs/error-codes/payment-intent-payment-attempt-expired',
      };
      emit('payment_intent.payment_failed', pi);
      return pi;
    },
    fundSpei(piId: string, amount: number) {
      const pi = controlIntent(piId, 'customer_balance');
      if (!Number.isInteger(amount) || amount < 1)
        throw new FakeControlError('El monto debe ser de al menos 1 centavo.', 400);
      fundCash(pi.customer!, amount, pi.currency, speiReference.get(pi.id) ?? null);
      return pi;
    },
    fundCashBalance(customerId: string, amount: number, reference?: string) {
      if (!customers.has(customerId)) throw new FakeControlError(`No existe el cliente ${customerId}`, 404);
      if (!Number.isInteger(amount) || amount < 1)
        throw new FakeControlError('El monto debe ser de al menos 1 centavo.', 400);
      return fundCash(customerId, amount, 'mxn', reference ?? null);
    },
    process(piId: string) {
      const pi = controlIntent(piId, '*');
      if (pi.status !== 'requires_action' && pi.status !== 'requires_confirmation') {
        throw new FakeControlError(`El pago no puede pasar a processing desde ${pi.status}.`);
      }
      pi.status = 'processing';
      pi.next_action = null;
      emit('payment_intent.processing', pi);
      return pi;
    },
    fail(piId: string, error: { code?: string; message?: string } = {}) {
      const pi = controlIntent(piId, '*');
      const from: PiStatus[] = ['processing', 'requires_action', 'requires_confirmation'];
      if (!from.includes(pi.status))
        throw new FakeControlError(`El pago no puede fallar desde ${pi.status}.`);
      const pm = methodOf(pi);
      unapplyCash(pi);
      pi.status = 'requires_payment_method';
      pi.next_action = null;
      pi.payment_method = null;
      pi.last_payment_error = {
        type: pm?.type === 'card' ? 'card_error' : 'invalid_request_error',
        code: error.code ?? 'payment_intent_payment_attempt_failed',
        message:
          error.message ??
          'The latest payment attempt of this PaymentIntent has failed or been canceled, and the attached payment method has been removed. You can try confirming again with a new payment method.',
        ...(pm ? { payment_method: clone(pm), payment_method_type: pm.type } : {}),
      };
      emit('payment_intent.payment_failed', pi);
      return pi;
    },
    completeRefund(refundId: string) {
      const refund = refunds.get(refundId);
      if (!refund) throw new FakeControlError(`No existe el reembolso ${refundId}`, 404);
      if (refund.status !== 'requires_action' && refund.status !== 'pending') {
        throw new FakeControlError(`El reembolso no puede completarse: está ${refund.status}.`);
      }
      moveRefund(refund, 'succeeded', () => {
        refund.next_action = null;
        const dest = refund.destination_details.mx_bank_transfer as
          { reference: string | null; reference_status: string } | undefined;
        if (dest) {
          dest.reference = randomDigits(7);
          dest.reference_status = 'available';
        }
      });
      return refund;
    },
    failRefund(refundId: string, reason = 'declined') {
      const refund = refunds.get(refundId);
      if (!refund) throw new FakeControlError(`No existe el reembolso ${refundId}`, 404);
      if (refund.status !== 'requires_action' && refund.status !== 'pending') {
        throw new FakeControlError(`El reembolso no puede fallar: está ${refund.status}.`);
      }
      moveRefund(refund, 'failed', () => {
        refund.next_action = null;
        refund.failure_reason = reason;
        giveBackToCharge(refund);
      });
      return refund;
    },
    expireRefund(refundId: string) {
      const refund = refunds.get(refundId);
      if (!refund) throw new FakeControlError(`No existe el reembolso ${refundId}`, 404);
      if (refund.status !== 'requires_action')
        throw new FakeControlError(`El reembolso no puede vencer: está ${refund.status}.`);
      return expireRefundNow(refund);
    },
  };

  /**
   * «Simular pago tardío»: the voucher lapses now (payment_intent.payment_failed, the store
   * ends the order), and `delayMs` later OXXO confirms cash handed over before it lapsed
   * (payment_intent.succeeded: the store's late payment, honoured or refunded).
   */
  function lateOxxo(piId: string, delayMs: number): FakePaymentIntent {
    const pi = controls.expireOxxo(piId);
    const wait = Number.isFinite(delayMs) ? Math.min(Math.max(delayMs, 0), 60_000) : LATE_DELAY_MS;
    setTimeout(() => {
      if (closed) return;
      try {
        controls.payOxxo(piId);
      } catch {
        // Canceled or paid in between: nothing arrives.
      }
    }, wait).unref();
    return pi;
  }

  /** Runs a control as if Stripe did it (its events carry no request). */
  function asStripe<T>(work: () => T): T {
    try {
      return work();
    } catch (err) {
      if (err instanceof StripeErrorThrown) throw new FakeControlError(err.message, err.answer.status);
      throw err;
    }
  }

  async function handleControl(req: IncomingMessage, body: string, res: ServerResponse, path: string) {
    const input = (parseJson(body) ?? {}) as Record<string, unknown>;
    const method = req.method ?? 'GET';
    const m = /^\/__fake\/([a-z_]+)\/([^/]+)(?:\/([a-z_]+))?$/.exec(path);
    const [, kind = '', rawId = '', action = ''] = m ?? [];
    const id = decodeURIComponent(rawId);
    try {
      if (method === 'GET' && path.startsWith('/__fake/checkout/sessions/')) {
        const sid = decodeURIComponent(path.slice('/__fake/checkout/sessions/'.length));
        const session = sessions.get(sid);
        if (!session) throw new FakeControlError(`No existe la sesión ${sid}`, 404);
        return sendJson(res, 200, {
          session: render(session, ['payment_intent.latest_charge', 'line_items']),
          plans: plansFor(sid),
        });
      }
      if (method === 'POST' && /^\/__fake\/checkout\/sessions\/[^/]+\/pay$/.test(path)) {
        const sid = decodeURIComponent(path.split('/')[4]!);
        const installments =
          input.installments === null || input.installments === undefined ? null : Number(input.installments);
        const session = asStripe(() =>
          paySession(sid, {
            card: typeof input.card === 'string' ? input.card : undefined,
            installments: installments as PayOptions['installments'],
          }),
        );
        return sendJson(res, 200, { session: render(session), redirect: session.success_url || null });
      }
      if (kind === 'payment_intents') {
        if (method === 'GET' && !action) {
          const pi = paymentIntents.get(id);
          if (!pi) throw new FakeControlError(`No existe el PaymentIntent ${id}`, 404);
          return sendJson(res, 200, render(pi, pi.latest_charge ? ['latest_charge'] : []));
        }
        if (method === 'POST') {
          const pi = asStripe(() => {
            switch (action) {
              case 'pay_oxxo':
                return controls.payOxxo(id);
              case 'expire_oxxo':
                return controls.expireOxxo(id);
              case 'late_oxxo':
                return lateOxxo(id, Number(input.delayMs ?? LATE_DELAY_MS));
              case 'fund_spei':
                return controls.fundSpei(id, Number(input.amount));
              case 'process':
                return controls.process(id);
              case 'fail':
                return controls.fail(id);
              default:
                throw new FakeControlError(`Acción desconocida: ${action}`, 404);
            }
          });
          if (action === 'late_oxxo') {
            const seconds = Math.round(Number(input.delayMs ?? LATE_DELAY_MS) / 1000);
            return sendJson(res, 200, {
              ...(render(pi) as object),
              message: `La ficha venció y la tienda termina la orden; OXXO confirma el pago en ${seconds} s.`,
              reloadInMs: seconds * 1000 + 1500,
            });
          }
          return sendJson(res, 200, render(pi));
        }
      }
      if (method === 'POST' && kind === 'customers' && action === 'fund_cash_balance') {
        const txn = controls.fundCashBalance(
          id,
          Number(input.amount),
          typeof input.reference === 'string' ? input.reference : undefined,
        );
        return sendJson(res, 200, txn);
      }
      if (method === 'POST' && kind === 'refunds') {
        const refund = asStripe(() => {
          switch (action) {
            case 'complete':
              return controls.completeRefund(id);
            case 'fail':
              return controls.failRefund(id, typeof input.reason === 'string' ? input.reason : undefined);
            case 'expire':
              return controls.expireRefund(id);
            default:
              throw new FakeControlError(`Acción desconocida: ${action}`, 404);
          }
        });
        return sendJson(res, 200, refund);
      }
      if (method === 'POST' && kind === 'events' && action === 'deliver') {
        return sendJson(res, 200, { status: await attempt(id) });
      }
      if (method === 'GET' && path === '/__fake/events')
        return sendJson(res, 200, { data: events, deliveries });
      throw new FakeControlError(`No existe ${method} ${path}`, 404);
    } catch (err) {
      if (err instanceof FakeControlError)
        return sendJson(res, err.status, { success: false, message: err.message });
      throw err;
    }
  }

  // ------------------------------------------------------------------------------------------
  // Pages
  // ------------------------------------------------------------------------------------------

  const script = readFileSync(new URL('./stripe-simulator.js', import.meta.url), 'utf8');

  function handlePage(res: ServerResponse, path: string) {
    const html = (status: number, page: string) => {
      res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(page);
    };
    if (path === `${SIMULATOR_PATH}/stripe-simulator.js`) {
      res.writeHead(200, {
        'Content-Type': 'application/javascript; charset=utf-8',
        'Cache-Control': 'no-store',
      });
      res.end(script);
      return;
    }
    const m = /^\/__stripe-simulator\/(checkout|oxxo|spei)\/([^/]+)$/.exec(path);
    if (m) {
      const id = decodeURIComponent(m[2]!);
      if (m[1] === 'checkout') {
        const session = sessions.get(id);
        if (session) return html(200, checkoutPage(session, sessionLines.get(id) ?? [], plansFor(id)));
      } else {
        const pi = paymentIntents.get(id);
        const voucher = vouchers.get(id);
        const reference = speiReference.get(id);
        if (pi && m[1] === 'oxxo' && voucher) return html(200, oxxoPage(pi, voucher));
        if (pi && m[1] === 'spei' && reference && pi.customer) {
          return html(200, speiPage(pi, speiAddress(pi.customer), reference));
        }
      }
    }
    return html(
      404,
      messagePage('No encontrado', 'Esta página del simulador no existe o ya no está disponible.'),
    );
  }

  async function handle(req: IncomingMessage, body: string, res: ServerResponse): Promise<void> {
    const [rawPath = '/', query = ''] = (req.url ?? '/').split('?');
    let path = rawPath;
    if (path.startsWith(`${SIMULATOR_PATH}/__fake/`)) path = path.slice(SIMULATOR_PATH.length);
    if (path.startsWith('/__fake/')) return handleControl(req, body, res, path);
    if (path.startsWith(`${SIMULATOR_PATH}/__store/`)) {
      return sendJson(res, 501, {
        success: false,
        message: 'Esta simulación necesita la tienda: abre la página desde la tienda (npm run demo).',
      });
    }
    if (req.method === 'GET' && path.startsWith(`${SIMULATOR_PATH}/`)) return handlePage(res, path);
    return handleApi(req, body, res, path, query);
  }

  const server = await listen((req, body, res) => handle(req, body, res), opts.port ?? 0);
  url = server.url;
  publicBase = (opts.publicBase ?? url).replace(/\/+$/, '');

  const fake: FakeStripe = {
    url,
    host: '127.0.0.1',
    port: server.port,
    secretKey,
    webhookSecret,
    publicBase,
    webhookUrl: opts.webhookUrl ?? null,
    get autoDeliver() {
      return autoDeliver;
    },
    set autoDeliver(on: boolean) {
      autoDeliver = on;
    },
    sessions,
    paymentIntents,
    charges,
    customers,
    refunds,
    paymentMethods,
    cashBalanceTransactions,
    created,
    requests,
    events,
    deliveries,
    pay: (sessionId, o) => paySession(sessionId, o),
    plansFor,
    payOxxo: (id) => asStripe(() => controls.payOxxo(id)),
    expireOxxo: (id) => asStripe(() => controls.expireOxxo(id)),
    fundSpei: (id, amount) => asStripe(() => controls.fundSpei(id, amount)),
    fundCashBalance: (id, amount, reference) =>
      asStripe(() => controls.fundCashBalance(id, amount, reference)),
    cashBalance: (customerId) => clone(cashBalanceOf(customerId)),
    process: (id) => asStripe(() => controls.process(id)),
    fail: (id, error) => asStripe(() => controls.fail(id, error)),
    completeRefund: (id) => asStripe(() => controls.completeRefund(id)),
    failRefund: (id, reason) => asStripe(() => controls.failRefund(id, reason)),
    expireRefund: (id) => asStripe(() => controls.expireRefund(id)),
    event(type, object) {
      return signed(
        JSON.stringify({
          id: newId('evt'),
          object: 'event',
          api_version: API_VERSION,
          created: nowSec(),
          livemode: false,
          type,
          data: { object },
        }),
      );
    },
    signedDelivery: (eventId) => signed(JSON.stringify(eventById(eventId), null, 2)),
    deliver: (eventId) => attempt(eventId),
    redeliver: (eventId) => attempt(eventId),
    async idle() {
      let seen: Promise<void> | null = null;
      while (seen !== queue) {
        seen = queue;
        await seen;
      }
    },
    async close() {
      closed = true;
      await server.close();
    },
  };
  return fake;
}
