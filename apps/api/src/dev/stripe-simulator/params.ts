// The request parameters of the endpoints the fake Stripe serves, as Stripe's API reference
// lists them for the API version the installed `stripe` SDK pins (its types are generated from
// Stripe's OpenAPI spec; fake-stripe.test.ts checks these lists against them), and the checks
// Stripe makes on them before anything runs: unknown parameters, types, enum values, empty
// strings, required parameters. A documented branch the fake does not model is `any`: accepted
// as Stripe would, never looked at.

/** Where a parameter exists only in some API versions (YYYY-MM-DD, `since` inclusive, `until` exclusive). */
export interface Gate {
  since?: string;
  until?: string;
}

interface Base {
  /** '' is accepted and means "unset" (Stripe's `Emptyable`). */
  emptyable?: boolean;
  gate?: Gate;
}

export type Param =
  | (Base & { kind: 'string' | 'integer' | 'boolean' | 'metadata' | 'any' })
  | (Base & { kind: 'enum'; values: readonly string[] })
  | (Base & { kind: 'array'; of: Param })
  | (Base & { kind: 'object'; fields: Readonly<Record<string, Param>>; required: readonly string[] });

export type ObjectParam = Extract<Param, { kind: 'object' }>;

const str: Param = { kind: 'string' };
const int: Param = { kind: 'integer' };
const bool: Param = { kind: 'boolean' };
const meta: Param = { kind: 'metadata' };
const any: Param = { kind: 'any' };
const en = (...values: string[]): Param => ({ kind: 'enum', values });
const arr = (of: Param): Param => ({ kind: 'array', of });
const obj = (fields: Record<string, Param>, required: readonly string[] = []): ObjectParam => ({
  kind: 'object',
  fields,
  required,
});
const emptyable = (p: Param): Param => ({ ...p, emptyable: true });
const gated = (p: Param, gate: Gate): Param => ({ ...p, gate });
const words = (s: string): string[] => s.split(/\s+/).filter(Boolean);
/** Documented parameters the fake does not model: accepted with any value. */
const anyOf = (names: string, opts: { emptyable?: boolean } = {}): Record<string, Param> =>
  Object.fromEntries(words(names).map((n) => [n, opts.emptyable ? emptyable(any) : any]));
/** An enum given as a list of words. */
const enw = (names: string): Param => en(...words(names));

/** A Stripe error answer: HTTP status and the `error` object of its body. */
export interface StripeError {
  status: number;
  error: {
    type: 'invalid_request_error' | 'idempotency_error' | 'card_error' | 'api_error';
    message: string;
    code?: string;
    param?: string;
    decline_code?: string;
    doc_url?: string;
    [key: string]: unknown;
  };
}

export function stripeError(
  status: number,
  message: string,
  extra: Omit<StripeError['error'], 'message' | 'type'> & { type?: StripeError['error']['type'] } = {},
): StripeError {
  const { type = 'invalid_request_error', ...rest } = extra;
  const error: StripeError['error'] = { type, message, ...rest };
  if (error.code) error.doc_url = `https://stripe.com/docs/error-codes/${error.code.replace(/_/g, '-')}`;
  return { status, error };
}

export class StripeErrorThrown extends Error {
  constructor(readonly answer: StripeError) {
    super(answer.error.message);
  }
}

/** Throws the answer (inside the fake's handlers, which turn it into the HTTP reply). */
export function fail(status: number, message: string, extra: Parameters<typeof stripeError>[2] = {}): never {
  throw new StripeErrorThrown(stripeError(status, message, extra));
}

/** Compares API versions by their date (YYYY-MM-DD[.name]). */
export function versionDate(version: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})(\.[a-z]+)?$/.exec(version);
  return m ? m[1]! : null;
}

function gateOpen(gate: Gate | undefined, version: string): boolean {
  if (!gate) return true;
  const date = versionDate(version) ?? version;
  if (gate.since && date < gate.since) return false;
  if (gate.until && date >= gate.until) return false;
  return true;
}

const paramName = (path: string[]) => path.map((p, i) => (i === 0 ? p : `[${p}]`)).join('');
const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
const isHash = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Stripe's sentence for a value outside an enum: "must be one of a, b, or c". */
function oneOf(values: readonly string[]): string {
  if (values.length <= 1) return values.join('');
  return `${values.slice(0, -1).join(', ')}, or ${values[values.length - 1]}`;
}

/**
 * Checks decoded form parameters against a schema and returns them typed (integers as numbers,
 * booleans as booleans, '' of an emptyable parameter as null). Throws the first refusal Stripe
 * would answer: an unknown parameter, then a wrong type or value, then a missing one.
 */
export function checkParams(
  schema: ObjectParam,
  input: Record<string, unknown>,
  version: string,
): Record<string, unknown> {
  const unknown = findUnknown(schema, input, [], version);
  if (unknown) {
    fail(400, `Received unknown parameter: ${unknown}`, { code: 'parameter_unknown', param: unknown });
  }
  return checkObject(schema, input, [], version);
}

function findUnknown(p: Param, v: unknown, path: string[], version: string): string | null {
  if (p.kind === 'object' && isHash(v)) {
    for (const [k, child] of Object.entries(v)) {
      const field = Object.hasOwn(p.fields, k) ? p.fields[k] : undefined;
      if (!field || !gateOpen(field.gate, version)) return paramName([...path, k]);
      const deeper = findUnknown(field, child, [...path, k], version);
      if (deeper) return deeper;
    }
  }
  if (p.kind === 'array' && Array.isArray(v)) {
    for (const [i, child] of v.entries()) {
      const deeper = findUnknown(p.of, child, [...path, String(i)], version);
      if (deeper) return deeper;
    }
  }
  return null;
}

function checkObject(
  p: ObjectParam,
  v: Record<string, unknown>,
  path: string[],
  version: string,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, child] of Object.entries(v)) out[k] = checkValue(p.fields[k]!, child, [...path, k], version);
  for (const k of p.required) {
    if (!(k in v) && gateOpen(p.fields[k]?.gate, version)) {
      const param = paramName([...path, k]);
      fail(400, `Missing required param: ${param}.`, { code: 'parameter_missing', param });
    }
  }
  return out;
}

function checkValue(p: Param, v: unknown, path: string[], version: string): unknown {
  const param = paramName(path);
  if (v === '' && p.kind !== 'any') {
    if (p.emptyable) return null;
    fail(
      400,
      `You passed an empty string for '${param}'. We assume empty values are an attempt to unset a parameter; however '${param}' cannot be unset. You should remove '${param}' from your request or supply a non-empty value.`,
      { code: 'parameter_invalid_empty', param },
    );
  }
  switch (p.kind) {
    case 'any':
      return v;
    case 'string':
      if (typeof v !== 'string') fail(400, `Invalid string: ${show(v)}`, { param });
      return v;
    case 'integer':
      if (typeof v !== 'string' || !/^-?\d+$/.test(v)) {
        fail(400, `Invalid integer: ${show(v)}`, { code: 'parameter_invalid_integer', param });
      }
      return Number(v);
    case 'boolean':
      if (v !== 'true' && v !== 'false') fail(400, `Invalid boolean: ${show(v)}`, { param });
      return v === 'true';
    case 'enum':
      if (typeof v !== 'string' || !p.values.includes(v)) {
        fail(400, `Invalid ${path[path.length - 1]}: must be one of ${oneOf(p.values)}`, { param });
      }
      return v;
    case 'metadata':
      return checkMetadata(v, param);
    case 'array':
      if (!Array.isArray(v)) fail(400, `Invalid array`, { param });
      return v.map((item, i) => checkValue(p.of, item, [...path, String(i)], version));
    case 'object':
      if (!isHash(v)) fail(400, `Invalid object`, { param });
      return checkObject(p, v, path, version);
  }
}

/** Stripe's metadata rules: up to 50 keys, keys up to 40 characters, string values up to 500. */
function checkMetadata(v: unknown, param: string): Record<string, string> {
  if (!isHash(v)) fail(400, 'Invalid object', { param });
  const entries = Object.entries(v);
  if (entries.length > 50) fail(400, 'You can have at most 50 keys in metadata.', { param });
  for (const [k, value] of entries) {
    if (k.length > 40) {
      fail(400, `Metadata keys must be at most 40 characters long, but '${k}' is longer.`, {
        param: `${param}[${k}]`,
      });
    }
    if (typeof value !== 'string') fail(400, `Invalid string: ${show(value)}`, { param: `${param}[${k}]` });
    if (value.length > 500) {
      fail(400, 'Metadata values can have up to 500 characters.', { param: `${param}[${k}]` });
    }
  }
  return Object.fromEntries(entries.filter(([, value]) => value !== '')) as Record<string, string>;
}

/**
 * Decodes Stripe's form encoding (a[b][0][c]=v, and a[]=v appends) into nested objects and
 * arrays, as Stripe reads a request body or query string.
 */
export function decodeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    const parts = m ? [m[1]!, ...[...m[2]!.matchAll(/\[([^[\]]*)\]/g)].map((x) => x[1]!)] : [rawKey];
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const next = parts[i + 1];
      const key: string | number = Array.isArray(node) && part === '' ? node.length : part;
      const container = node as Record<string | number, unknown>;
      if (last) {
        container[key] = value;
        return;
      }
      const wantsArray = next === '' || /^\d+$/.test(next!);
      container[key] ??= wantsArray ? [] : {};
      node = container[key] as Record<string, unknown> | unknown[];
    });
  }
  return compactArrays(root) as Record<string, unknown>;
}

/** a[0] and a[2] without a[1] decode to a dense [x, y], as Stripe reads sparse indexes. */
function compactArrays(v: unknown): unknown {
  if (Array.isArray(v)) return v.filter((x) => x !== undefined).map(compactArrays);
  if (isHash(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, compactArrays(x)]));
  return v;
}

// ---------------------------------------------------------------------------------------------
// The parameters, endpoint by endpoint (generated from the SDK's types, then the version gates
// of `payment_method_types`, which the pinned version replaced by `allowed_payment_method_types`).
// ---------------------------------------------------------------------------------------------

const BANK_ADDRESS_TYPES = enw(`
  aba iban sepa sort_code spei swift zengin
`);
const PAYMENT_INTENT_METHOD_TYPES = enw(`
  acss_debit affirm afterpay_clearpay alipay alma amazon_pay au_becs_debit bacs_debit
  bancontact billie bizum blik boku_promptpay boleto capchase_pay card card_present cashapp
  check_scan click_to_pay crypto customer_balance demo_pay duitnow dummy_auth_push
  dummy_passthrough_card edenred eps fpx gcash getbalance gift_card giropay gopay grabpay
  id_bank_transfer ideal interac_present kakao_pay klarna knet konbini kr_card kr_market kriya
  link mb_way mobilepay momo mondu multibanco naver_pay netbanking ng_bank ng_bank_transfer
  ng_card ng_market ng_ussd ng_wallet nz_bank_account octopus oxxo p24 paper_check pay_by_bank
  payco paynow paypal paypay payto pix promptpay qris rechnung revolut_pay samsung_pay
  satispay scalapay sepa_debit sequra shop_pay shopeepay sofort south_korea_market
  stripe_balance sunbit swish tamara test_pay touch_n_go truemoney twint upi us_bank_account
  us_cash_voucher vipps wechat_pay wero zip
`);
const EXCLUDABLE_METHOD_TYPES = enw(`
  acss_debit affirm afterpay_clearpay alipay alma amazon_pay au_becs_debit bacs_debit
  bancontact billie bizum blik boleto card cashapp crypto customer_balance eps fpx giropay
  grabpay ideal kakao_pay klarna konbini kr_card mb_way mobilepay multibanco naver_pay
  nz_bank_account oxxo p24 pay_by_bank payco paynow paypal paypay payto pix promptpay
  revolut_pay samsung_pay satispay scalapay sepa_debit sequra sofort sunbit swish twint upi
  us_bank_account wechat_pay zip
`);

/** `payment_method_types` was removed in 2026-09-30 (stripe-node 23.0.0's changelog). */
const OLD_PAYMENT_METHOD_TYPES = gated(arr(str), { until: '2026-09-30' });

/** PaymentIntent payment_method_data (create and confirm). */
const PAYMENT_METHOD_DATA = obj(
  {
    allow_redisplay: en('always', 'limited', 'unspecified'),
    billing_details: obj({
      address: emptyable(
        obj({
          city: str,
          country: str,
          line1: str,
          line2: str,
          postal_code: str,
          state: str,
        }),
      ),
      email: emptyable(str),
      name: emptyable(str),
      phone: emptyable(str),
      tax_id: str,
    }),
    customer_balance: obj({}),
    metadata: meta,
    oxxo: obj({}),
    type: enw(`
        acss_debit affirm afterpay_clearpay alipay alma amazon_pay au_becs_debit bacs_debit
        bancontact billie bizum blik boleto cashapp crypto customer_balance eps fpx giropay
        grabpay ideal kakao_pay klarna konbini kr_card link mb_way mobilepay multibanco naver_pay
        nz_bank_account oxxo p24 pay_by_bank payco paynow paypal paypay payto pix promptpay
        revolut_pay samsung_pay satispay scalapay sepa_debit sequra sofort sunbit swish twint upi
        us_bank_account wechat_pay zip
      `),
    ...anyOf(`
      acss_debit affirm afterpay_clearpay alipay alma amazon_pay au_becs_debit bacs_debit
      bancontact billie bizum blik boleto cashapp crypto eps fpx giropay grabpay ideal
      interac_present kakao_pay klarna konbini kr_card link mb_way mobilepay multibanco
      naver_pay nz_bank_account p24 pay_by_bank payco paynow paypal paypay payto pix promptpay
      radar_options revolut_pay samsung_pay satispay scalapay sepa_debit sequra sofort sunbit
      swish twint upi us_bank_account wechat_pay zip
    `),
  },
  ['type'],
);

/** PaymentIntent payment_method_options (create and confirm). */
const PAYMENT_METHOD_OPTIONS = obj({
  customer_balance: emptyable(
    obj({
      bank_transfer: obj(
        {
          eu_bank_transfer: obj(
            {
              country: str,
            },
            ['country'],
          ),
          requested_address_types: arr(BANK_ADDRESS_TYPES),
          type: en(
            'eu_bank_transfer',
            'gb_bank_transfer',
            'jp_bank_transfer',
            'mx_bank_transfer',
            'us_bank_transfer',
          ),
        },
        ['type'],
      ),
      funding_type: en('bank_transfer'),
      setup_future_usage: en('none'),
    }),
  ),
  oxxo: emptyable(
    obj({
      expires_after_days: int,
      setup_future_usage: en('none'),
    }),
  ),
  ...anyOf(
    `
      acss_debit affirm afterpay_clearpay alipay alma amazon_pay au_becs_debit bacs_debit
      bancontact billie bizum blik boleto card card_present cashapp crypto eps fpx giropay
      grabpay ideal interac_present kakao_pay klarna konbini kr_card link mb_way mobilepay
      multibanco naver_pay nz_bank_account p24 pay_by_bank payco paynow paypal paypay payto pix
      promptpay revolut_pay samsung_pay satispay scalapay sepa_debit sequra sofort sunbit swish
      twint upi us_bank_account wechat_pay zip
    `,
    { emptyable: true },
  ),
});

/** POST /v1/payment_intents */
export const PI_CREATE = obj(
  {
    amount: int,
    currency: str,
    allowed_payment_method_types: gated(arr(PAYMENT_INTENT_METHOD_TYPES), { since: '2026-07-29' }),
    payment_method_types: OLD_PAYMENT_METHOD_TYPES,
    application_fee_amount: int,
    automatic_payment_methods: obj(
      {
        allow_redirects: en('always', 'never'),
        enabled: bool,
      },
      ['enabled'],
    ),
    capture_method: en('automatic', 'automatic_async', 'manual'),
    confirm: bool,
    confirmation_method: en('automatic', 'manual'),
    confirmation_token: str,
    customer: str,
    customer_account: str,
    description: str,
    error_on_requires_action: bool,
    excluded_payment_method_types: arr(EXCLUDABLE_METHOD_TYPES),
    expand: arr(str),
    mandate: str,
    mandate_data: emptyable(any),
    metadata: meta,
    on_behalf_of: str,
    payment_method: str,
    payment_method_configuration: str,
    payment_method_data: PAYMENT_METHOD_DATA,
    payment_method_options: PAYMENT_METHOD_OPTIONS,
    receipt_email: str,
    return_url: str,
    setup_future_usage: en('off_session', 'on_session'),
    statement_descriptor: str,
    statement_descriptor_suffix: str,
    transfer_group: str,
    use_stripe_sdk: bool,
    ...anyOf(`amount_details hooks off_session payment_details radar_options shipping transfer_data`),
  },
  ['amount', 'currency'],
);

/** POST /v1/payment_intents/:id/confirm */
export const PI_CONFIRM = obj({
  allowed_payment_method_types: gated(arr(PAYMENT_INTENT_METHOD_TYPES), { since: '2026-07-29' }),
  payment_method_types: OLD_PAYMENT_METHOD_TYPES,
  amount_to_confirm: int,
  capture_method: en('automatic', 'automatic_async', 'manual'),
  confirmation_token: str,
  error_on_requires_action: bool,
  excluded_payment_method_types: emptyable(arr(EXCLUDABLE_METHOD_TYPES)),
  expand: arr(str),
  hooks: any,
  mandate: str,
  off_session: any /* boolean | PaymentIntentConfirmParams.Off */,
  payment_method: str,
  payment_method_data: PAYMENT_METHOD_DATA,
  payment_method_options: PAYMENT_METHOD_OPTIONS,
  radar_options: any,
  receipt_email: emptyable(str),
  return_url: str,
  setup_future_usage: emptyable(en('off_session', 'on_session')),
  use_stripe_sdk: bool,
  ...anyOf(`amount_details mandate_data payment_details shipping`, { emptyable: true }),
});

/** GET /v1/payment_intents/:id */
export const PI_RETRIEVE = obj({
  client_secret: str,
  expand: arr(str),
});

/** POST /v1/payment_intents/:id/cancel */
export const PI_CANCEL = obj({
  cancellation_reason: en('abandoned', 'duplicate', 'fraudulent', 'requested_by_customer'),
  expand: arr(str),
});

/** POST /v1/checkout/sessions */
export const SESSION_CREATE = obj({
  allow_promotion_codes: bool,
  allowed_payment_method_types: gated(
    arr(
      enw(`
        acss_debit affirm afterpay_clearpay alipay alma amazon_pay au_becs_debit bacs_debit
        bancontact billie bizum blik boleto card cashapp crypto customer_balance eps fpx giropay
        grabpay ideal kakao_pay klarna konbini kr_card link mb_way mobilepay multibanco naver_pay
        nz_bank_account oxxo p24 pay_by_bank payco paynow paypal paypay payto pix promptpay
        revolut_pay samsung_pay satispay scalapay sepa_debit sequra sofort sunbit swish twint upi
        us_bank_account wechat_pay zip
      `),
    ),
    { since: '2026-09-30' },
  ),
  payment_method_types: OLD_PAYMENT_METHOD_TYPES,
  billing_address_collection: en('auto', 'required'),
  cancel_url: str,
  client_reference_id: str,
  currency: str,
  custom_fields: arr(any),
  customer: str,
  customer_account: str,
  customer_creation: en('always', 'if_required'),
  customer_email: str,
  discounts: arr(any),
  excluded_payment_method_types: arr(EXCLUDABLE_METHOD_TYPES),
  expand: arr(str),
  expires_at: int,
  integration_identifier: str,
  line_items: arr(
    obj({
      adjustable_quantity: obj(
        {
          enabled: bool,
          maximum: int,
          minimum: int,
        },
        ['enabled'],
      ),
      metadata: meta,
      price: str,
      price_data: obj(
        {
          currency: str,
          product: str,
          product_data: obj(
            {
              description: str,
              images: arr(str),
              metadata: meta,
              name: str,
              tax_code: str,
              tax_details: obj({
                performance_location: str,
                tax_code: emptyable(str),
              }),
              unit_label: str,
            },
            ['name'],
          ),
          recurring: obj(
            {
              interval: en('day', 'month', 'week', 'year'),
              interval_count: int,
            },
            ['interval'],
          ),
          tax_behavior: en('exclusive', 'inclusive', 'unspecified'),
          unit_amount: int,
          unit_amount_decimal: str,
        },
        ['currency'],
      ),
      quantity: int,
      tax_rates: arr(str),
    }),
  ),
  locale: enw(`
        auto bg cs da de el en en-GB es es-419 et fi fil fr fr-CA hi-IN hr hu id it ja ko lt lv ms
        mt nb nl pl pt pt-BR ro ru sk sl sv th tr vi zh zh-HK zh-TW
      `),
  metadata: meta,
  mode: en('payment', 'setup', 'subscription'),
  optional_items: arr(any),
  origin_context: en('mobile_app', 'web'),
  payment_intent_data: obj({
    application_fee_amount: int,
    capture_method: en('automatic', 'automatic_async', 'manual'),
    description: str,
    metadata: meta,
    on_behalf_of: str,
    receipt_email: str,
    setup_future_usage: en('off_session', 'on_session'),
    shipping: any,
    statement_descriptor: str,
    statement_descriptor_suffix: str,
    transfer_data: any,
    transfer_group: str,
  }),
  payment_method_collection: en('always', 'if_required'),
  payment_method_configuration: str,
  payment_method_options: obj({
    card: obj({
      capture_method: en('manual'),
      installments: obj({
        enabled: bool,
      }),
      request_extended_authorization: en('if_available', 'never'),
      request_incremental_authorization: en('if_available', 'never'),
      request_multicapture: en('if_available', 'never'),
      request_overcapture: en('if_available', 'never'),
      request_three_d_secure: en('any', 'automatic', 'challenge'),
      restrictions: obj({
        brands_blocked: arr(en('american_express', 'discover_global_network', 'mastercard', 'visa')),
        funding_types_blocked: arr(en('credit', 'debit', 'prepaid')),
      }),
      setup_future_usage: en('off_session', 'on_session'),
      statement_descriptor_suffix_kana: str,
      statement_descriptor_suffix_kanji: str,
    }),
    customer_balance: obj({
      bank_transfer: obj(
        {
          eu_bank_transfer: obj(
            {
              country: str,
            },
            ['country'],
          ),
          requested_address_types: arr(BANK_ADDRESS_TYPES),
          type: en(
            'eu_bank_transfer',
            'gb_bank_transfer',
            'jp_bank_transfer',
            'mx_bank_transfer',
            'us_bank_transfer',
          ),
        },
        ['type'],
      ),
      funding_type: en('bank_transfer'),
      setup_future_usage: en('none'),
    }),
    oxxo: obj({
      expires_after_days: int,
      setup_future_usage: en('none'),
    }),
    ...anyOf(`
          acss_debit affirm afterpay_clearpay alipay alma amazon_pay au_becs_debit bacs_debit
          bancontact billie blik boleto cashapp crypto demo_pay eps fpx giropay grabpay ideal
          kakao_pay klarna konbini kr_card link mobilepay multibanco naver_pay p24 pay_by_bank payco
          paynow paypal payto pix revolut_pay samsung_pay satispay scalapay sepa_debit sequra sofort
          sunbit swish twint upi us_bank_account wechat_pay
        `),
  }),
  phone_number_collection: obj(
    {
      enabled: bool,
    },
    ['enabled'],
  ),
  redirect_on_completion: en('always', 'if_required', 'never'),
  return_url: str,
  shipping_options: arr(any),
  submit_type: en('auto', 'book', 'donate', 'pay', 'subscribe'),
  success_url: str,
  ui_mode: en('elements', 'embedded_page', 'form', 'hosted_page'),
  ...anyOf(`
      adaptive_pricing after_expiration automatic_tax branding_settings consent_collection
      custom_text customer_update invoice_creation managed_payments name_collection
      payment_method_data permissions saved_payment_method_options setup_intent_data
      shipping_address_collection subscription_data tax_id_collection wallet_options
    `),
});

/** GET /v1/checkout/sessions/:id */
export const SESSION_RETRIEVE = obj({
  expand: arr(str),
});

/** POST /v1/checkout/sessions/:id/expire */
export const SESSION_EXPIRE = obj({
  expand: arr(str),
});

/** POST /v1/customers */
export const CUSTOMER_CREATE = obj({
  address: emptyable(
    obj({
      city: str,
      country: str,
      line1: str,
      line2: str,
      postal_code: str,
      state: str,
    }),
  ),
  balance: int,
  business_name: emptyable(str),
  cash_balance: obj({
    settings: obj({
      reconciliation_mode: en('automatic', 'manual', 'merchant_default'),
    }),
  }),
  description: str,
  email: str,
  expand: arr(str),
  individual_name: emptyable(str),
  invoice_prefix: str,
  invoice_settings: any,
  metadata: emptyable(meta),
  name: str,
  next_invoice_sequence: int,
  payment_method: str,
  phone: str,
  preferred_locales: arr(str),
  shipping: emptyable(any),
  source: str,
  tax: any,
  tax_exempt: emptyable(en('exempt', 'none', 'reverse')),
  tax_id_data: arr(any),
  test_clock: str,
  validate: bool,
});

/** GET /v1/customers/:id */
export const CUSTOMER_RETRIEVE = obj({
  expand: arr(str),
});

/** GET /v1/customers/:id/cash_balance */
export const CASH_BALANCE_RETRIEVE = obj({
  expand: arr(str),
});

/** POST /v1/refunds */
export const REFUND_CREATE = obj({
  amount: int,
  charge: str,
  currency: str,
  customer: str,
  expand: arr(str),
  instructions_email: str,
  metadata: emptyable(meta),
  origin: en('customer_balance'),
  payment_intent: str,
  reason: en('duplicate', 'fraudulent', 'requested_by_customer'),
  refund_application_fee: bool,
  reverse_transfer: bool,
});

/** GET /v1/refunds/:id */
export const REFUND_RETRIEVE = obj({
  expand: arr(str),
});

/** POST /v1/refunds/:id/cancel */
export const REFUND_CANCEL = obj({
  expand: arr(str),
});

/** GET /v1/charges/:id */
export const CHARGE_RETRIEVE = obj({
  expand: arr(str),
});

/** GET /v1/events/:id */
export const EVENT_RETRIEVE = obj({
  expand: arr(str),
});

/** GET /v1/events */
export const EVENT_LIST = obj({
  ending_before: str,
  limit: int,
  starting_after: str,
  created: any /* RangeQueryParam | number */,
  delivery_success: bool,
  expand: arr(str),
  type: str,
  types: arr(str),
});

/** POST /v1/test_helpers/customers/:id/fund_cash_balance */
export const FUND_CASH_BALANCE = obj(
  {
    amount: int,
    currency: str,
    expand: arr(str),
    reference: str,
  },
  ['amount', 'currency'],
);

/** POST /v1/test_helpers/refunds/:id/expire */
export const REFUND_EXPIRE = obj({
  expand: arr(str),
});
