// Thin typed client for PayPal's Orders v2 and Payments v2 (refund) REST APIs over fetch
// (PayPal's server SDK hard-codes its hosts, so it cannot be pointed at a local fake).
// Responses are parsed with zod: PayPal's answers are external input like any other.

import { z } from 'zod';

const money = z.looseObject({ currency_code: z.string(), value: z.string() });

const capture = z.looseObject({
  id: z.string(),
  status: z.string(),
  amount: money.optional(),
  custom_id: z.string().optional(),
});
export type PaypalCapture = z.infer<typeof capture>;

const order = z.looseObject({
  id: z.string(),
  status: z.string(),
  payer: z.looseObject({ payer_id: z.string().optional() }).optional(),
  purchase_units: z
    .array(
      z.looseObject({
        custom_id: z.string().optional(),
        amount: money.optional(),
        payments: z.looseObject({ captures: z.array(capture).optional() }).optional(),
      }),
    )
    .optional(),
});
export type PaypalOrder = z.infer<typeof order>;

/** Refund status: COMPLETED, PENDING (e.g. an eCheck), FAILED or CANCELLED (Payments v2). */
const refund = z.looseObject({
  id: z.string(),
  status: z.string(),
  amount: money.optional(),
  invoice_id: z.string().optional(),
  status_details: z.looseObject({ reason: z.string().optional() }).optional(),
});
export type PaypalRefund = z.infer<typeof refund>;

const tokenAnswer = z.looseObject({ access_token: z.string(), expires_in: z.number() });
const errorAnswer = z.looseObject({
  name: z.string().optional(),
  details: z.array(z.looseObject({ issue: z.string().optional() })).optional(),
});
const verifyAnswer = z.looseObject({ verification_status: z.string() });

export interface PaypalClientOptions {
  clientId: string;
  clientSecret: string;
  /** https://api-m.sandbox.paypal.com or https://api-m.paypal.com (or a fake in tests). */
  apiBase: string;
  webhookId?: string;
  timeoutMs?: number;
}

/** PayPal could not be reached or answered something we cannot use. */
export class PaypalUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaypalUnavailableError';
  }
}

export type CaptureResult =
  | { ok: true; order: PaypalOrder }
  /** PayPal refused the capture (4xx); `issue` is PayPal's code, e.g. ORDER_NOT_APPROVED. */
  | { ok: false; status: number; issue: string };

/** The PAYPAL-* headers PayPal signs a webhook delivery with. */
export interface WebhookHeaders {
  authAlgo?: string;
  certUrl?: string;
  transmissionId?: string;
  transmissionSig?: string;
  transmissionTime?: string;
}

export interface CreateOrderInput {
  amount: string;
  currency: string;
  customId: string;
  description: string;
  /** Idempotency key: the same key never creates two PayPal orders. */
  requestId: string;
}

export interface RefundInput {
  /** Decimal string in `currency` (e.g. "2010.00"). */
  amount: string;
  currency: string;
  /** Idempotency key: the same key never refunds twice. */
  requestId: string;
  /**
   * Our reference for the refund, sent as `invoice_id`: PayPal echoes it in the refund resource
   * and its PAYMENT.CAPTURE.REFUNDED webhook, which is how the refund is matched (never by amount).
   */
  reference: string;
  /** Shown to the buyer by PayPal (at most 255 characters). */
  noteToPayer?: string;
}

export type RefundResult =
  /** PayPal took the request; `refund.status` says whether the money moved (COMPLETED) or not yet. */
  | { ok: true; refund: PaypalRefund }
  /** PayPal refused (4xx); `issue` is PayPal's code, e.g. CAPTURE_FULLY_REFUNDED. */
  | { ok: false; retry: false; status: number; issue: string }
  /**
   * Not refused, not done: 409 PREVIOUS_REQUEST_IN_PROGRESS (the same PayPal-Request-Id is
   * still being worked on) or 429 (rate limited). Ask again with the same key, not before
   * `retryAfterMs` when PayPal says (Retry-After).
   */
  | { ok: false; retry: true; status: number; issue: string; retryAfterMs: number | null };

export interface PaypalClient {
  createOrder(input: CreateOrderInput): Promise<PaypalOrder>;
  /** null when PayPal does not know the id. */
  getOrder(id: string): Promise<PaypalOrder | null>;
  captureOrder(id: string, requestId: string): Promise<CaptureResult>;
  /** True only when PayPal answers verification_status SUCCESS for this exact body. */
  verifyWebhookSignature(headers: WebhookHeaders, rawBody: string): Promise<boolean>;
  /** POST /v2/payments/captures/{id}/refund: gives `amount` of the capture back to the buyer. */
  refundCapture(captureId: string, input: RefundInput): Promise<RefundResult>;
  /** GET /v2/payments/refunds/{id}: where a PENDING refund stands; null when PayPal does not know it. */
  getRefund(id: string): Promise<PaypalRefund | null>;
}

export function createPaypalClient(opts: PaypalClientOptions): PaypalClient {
  const base = opts.apiBase.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 20_000;
  let cached: { token: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;

  async function send(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      throw new PaypalUnavailableError(`PayPal no respondió (${path}): ${(err as Error).message}`);
    }
  }

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${opts.clientId}:${opts.clientSecret}`).toString('base64');
    const res = await send('/v1/oauth2/token', {
      method: 'POST',
      headers: {
        Authorization: `Basic ${basic}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    const parsed = tokenAnswer.safeParse(await readJson(res));
    if (!res.ok || !parsed.success) {
      throw new PaypalUnavailableError(`PayPal rechazó las credenciales (HTTP ${res.status})`);
    }
    // Renew a minute early so a token never expires between our check and PayPal's.
    const lifetimeMs = Math.max(0, parsed.data.expires_in - 60) * 1000;
    cached = { token: parsed.data.access_token, expiresAt: Date.now() + lifetimeMs };
    return parsed.data.access_token;
  }

  /** The cached token, or one fetch shared by every caller waiting for it. */
  async function accessToken(): Promise<string> {
    if (cached && cached.expiresAt > Date.now()) return cached.token;
    pending ??= fetchToken().finally(() => {
      pending = null;
    });
    return pending;
  }

  /** An authenticated call; a 401 (token revoked early) drops the cache and retries once. */
  async function call(path: string, init: RequestInit & { headers?: Record<string, string> }) {
    for (let attempt = 0; ; attempt++) {
      const token = await accessToken();
      const res = await send(path, {
        ...init,
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          ...init.headers,
          Authorization: `Bearer ${token}`,
        },
      });
      if (res.status === 401 && attempt === 0) {
        cached = null;
        continue;
      }
      return res;
    }
  }

  function parseOrder(json: unknown, what: string): PaypalOrder {
    const parsed = order.safeParse(json);
    if (!parsed.success) throw new PaypalUnavailableError(`Respuesta de PayPal no válida (${what})`);
    return parsed.data;
  }

  return {
    async createOrder(input) {
      const res = await call('/v2/checkout/orders', {
        method: 'POST',
        headers: { 'PayPal-Request-Id': input.requestId, Prefer: 'return=representation' },
        body: JSON.stringify({
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: input.customId,
              custom_id: input.customId,
              description: input.description.slice(0, 127),
              amount: { currency_code: input.currency, value: input.amount },
            },
          ],
          application_context: { shipping_preference: 'NO_SHIPPING', user_action: 'PAY_NOW' },
        }),
      });
      const json = await readJson(res);
      if (!res.ok) throw new PaypalUnavailableError(`PayPal no creó la orden (HTTP ${res.status})`);
      return parseOrder(json, 'create');
    },

    async getOrder(id) {
      const res = await call(`/v2/checkout/orders/${encodeURIComponent(id)}`, { method: 'GET' });
      if (res.status === 404) return null;
      const json = await readJson(res);
      if (!res.ok) throw new PaypalUnavailableError(`PayPal no devolvió la orden (HTTP ${res.status})`);
      return parseOrder(json, 'get');
    },

    async captureOrder(id, requestId) {
      const res = await call(`/v2/checkout/orders/${encodeURIComponent(id)}/capture`, {
        method: 'POST',
        headers: { 'PayPal-Request-Id': requestId, Prefer: 'return=representation' },
        body: '{}',
      });
      const json = await readJson(res);
      if (res.ok) return { ok: true, order: parseOrder(json, 'capture') };
      if (res.status >= 400 && res.status < 500)
        return { ok: false, status: res.status, issue: issueOf(json, res.status) };
      throw new PaypalUnavailableError(`PayPal no completó el cobro (HTTP ${res.status})`);
    },

    async refundCapture(captureId, input) {
      const res = await call(`/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, {
        method: 'POST',
        headers: { 'PayPal-Request-Id': input.requestId, Prefer: 'return=representation' },
        body: JSON.stringify({
          amount: { currency_code: input.currency, value: input.amount },
          invoice_id: input.reference,
          ...(input.noteToPayer ? { note_to_payer: input.noteToPayer.slice(0, 255) } : {}),
        }),
      });
      const json = await readJson(res);
      if (res.ok) {
        const parsed = refund.safeParse(json);
        if (!parsed.success) throw new PaypalUnavailableError('Respuesta de PayPal no válida (refund)');
        return { ok: true, refund: parsed.data };
      }
      if (res.status >= 400 && res.status < 500) {
        const issue = issueOf(json, res.status);
        if (res.status === 409 || res.status === 429) {
          return { ok: false, retry: true, status: res.status, issue, retryAfterMs: retryAfter(res) };
        }
        return { ok: false, retry: false, status: res.status, issue };
      }
      throw new PaypalUnavailableError(`PayPal no completó el reembolso (HTTP ${res.status})`);
    },

    async getRefund(id) {
      const res = await call(`/v2/payments/refunds/${encodeURIComponent(id)}`, { method: 'GET' });
      if (res.status === 404) return null;
      const json = await readJson(res);
      if (!res.ok) throw new PaypalUnavailableError(`PayPal no devolvió el reembolso (HTTP ${res.status})`);
      const parsed = refund.safeParse(json);
      if (!parsed.success) throw new PaypalUnavailableError('Respuesta de PayPal no válida (refund)');
      return parsed.data;
    },

    async verifyWebhookSignature(headers, rawBody) {
      if (!opts.webhookId) return false;
      const { authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime } = headers;
      if (!authAlgo || !certUrl || !transmissionId || !transmissionSig || !transmissionTime) return false;
      // The event goes back byte for byte as received: re-serialising parsed JSON can change
      // it (number formats, escapes) and then PayPal's signature check fails.
      const fields = JSON.stringify({
        auth_algo: authAlgo,
        cert_url: certUrl,
        transmission_id: transmissionId,
        transmission_sig: transmissionSig,
        transmission_time: transmissionTime,
        webhook_id: opts.webhookId,
      });
      const body = `${fields.slice(0, -1)},"webhook_event":${rawBody}}`;
      const res = await call('/v1/notifications/verify-webhook-signature', { method: 'POST', body });
      const json = await readJson(res);
      if (res.status >= 500)
        throw new PaypalUnavailableError(`PayPal no verificó el webhook (HTTP ${res.status})`);
      const parsed = verifyAnswer.safeParse(json);
      return res.ok && parsed.success && parsed.data.verification_status === 'SUCCESS';
    },
  };
}

/** PayPal's error code: the first detail's `issue`, else the error `name`. */
function issueOf(json: unknown, status: number): string {
  const err = errorAnswer.safeParse(json);
  const issue = err.success ? (err.data.details?.[0]?.issue ?? err.data.name) : undefined;
  return issue ?? `HTTP_${status}`;
}

/** Retry-After in seconds (what PayPal sends with a 429), as milliseconds. */
function retryAfter(res: Response): number | null {
  const seconds = Number(res.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : null;
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
