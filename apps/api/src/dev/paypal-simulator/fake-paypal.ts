// A local fake of PayPal's REST API (OAuth2 token, Orders v2 create/get/capture and Payments
// v2 capture refunds, with PayPal-Request-Id idempotency, verify-webhook-signature) plus the
// browser SDK script at
// /sdk/js. Tests script each capture's outcome and play the buyer (approve) and PayPal
// (signed webhook deliveries). Listens on 127.0.0.1 only.

import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { listen, parseJson, sendJson, sleep } from '../local-http';

export interface CaptureScript {
  /**
   * Answer 422 INSTRUMENT_DECLINED (the buyer's funding failed) instead of capturing. As at
   * PayPal the order stays open: every capture is declined again until the buyer approves
   * another funding source (`approve`, what `actions.restart()` leads to), and a capture with
   * the PayPal-Request-Id of the declined one gets the declined answer back.
   */
  instrumentDeclined?: boolean;
  /** Answer with this issue instead (ORDER_COMPLETION_IN_PROGRESS, PAYER_ACTION_REQUIRED…). */
  issue?: string;
  /** The HTTP status of that answer: 422 unless said (409 in progress, 429 rate limited). */
  issueStatus?: number;
  /** Order status after capture (default COMPLETED). */
  orderStatus?: string;
  /** Capture status (default COMPLETED). */
  captureStatus?: string;
  /** Captured amount.value / currency_code / custom_id (default: the order's). */
  amountValue?: string;
  currencyCode?: string;
  customId?: string;
  /** Wait before answering (widens race windows). */
  delayMs?: number;
  /** Capture, then drop the connection without answering (PayPal took the money, we never heard). */
  dropResponse?: boolean;
  /** After capturing, PayPal stops answering every call (until `down` is set false). */
  goDownAfter?: boolean;
  /** Runs after the capture, before PayPal answers (something happens while the money moves). */
  beforeAnswer?: () => Promise<void>;
}

interface Money {
  currency_code: string;
  value: string;
}

interface FakeCapture {
  id: string;
  status: string;
  amount: Money;
  custom_id?: string;
  final_capture: boolean;
  create_time: string;
}

/**
 * How PayPal answers the next refund request (`scriptRefund`), as its Payments v2 reference
 * documents: `pending` takes the refund with status PENDING (the money moves later:
 * `settleRefund`); `inProgress` starts the refund but answers 409 PREVIOUS_REQUEST_IN_PROGRESS
 * (the same PayPal-Request-Id later gets the refund, `completeAfter` requests on); `rateLimited`
 * answers 429 with Retry-After and makes nothing; `failed` takes it as FAILED.
 */
export type RefundScript =
  | { kind: 'pending' }
  | { kind: 'inProgress'; completeAfter?: number }
  | { kind: 'rateLimited'; retryAfterSeconds: number }
  | { kind: 'failed' };

export interface FakeRefund {
  id: string;
  captureId: string;
  /** The PayPal-Request-Id the refund was asked with. */
  requestId: string;
  /** COMPLETED, PENDING, FAILED or CANCELLED. */
  status: string;
  /** Requests with this refund's key still answered 409 while it is being worked on. */
  busyFor?: number;
  amount: Money;
  note_to_payer?: string;
  /** The caller's reference (PayPal echoes it in the refund and its webhooks); none for outside refunds. */
  invoice_id?: string;
}

export interface FakeOrder {
  id: string;
  status: string;
  intent: string;
  requestId?: string;
  purchaseUnit: { reference_id?: string; custom_id?: string; description?: string; amount: Money };
  payerId?: string;
  captures: FakeCapture[];
  script: CaptureScript;
}

export interface SignedDelivery {
  headers: Record<string, string>;
  body: string;
}

export interface FakePaypal {
  url: string;
  port: number;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  orders: Map<string, FakeOrder>;
  stats: {
    tokenRequests: number;
    createCalls: number;
    captureCalls: number;
    verifyCalls: number;
    refundCalls: number;
  };
  /** Every capture request's PayPal-Request-Id, in arrival order. */
  captureRequestIds: string[];
  /** Refunds made through POST /v2/payments/captures/{id}/refund, in order. */
  refunds: FakeRefund[];
  /** Makes every REST call fail with 503 (PayPal outage) while true. */
  down: boolean;
  /** Every REST call waits this long before it is handled (PayPal's own time; benchmarks, races). */
  latencyMs: number;
  /** PayPal stops accepting every access token issued so far. */
  revokeTokens(): void;
  /** The buyer approves the order in PayPal's window. */
  approve(orderId: string, payerId?: string): void;
  /** How the next capture of this order turns out. */
  scriptCapture(orderId: string, script: CaptureScript): void;
  /** How the next refund requests are answered, in order (one script each). */
  scriptRefund(...scripts: RefundScript[]): void;
  /** PayPal finishes a PENDING refund (the money moved, or not). */
  settleRefund(refundId: string, status: 'COMPLETED' | 'FAILED' | 'CANCELLED'): FakeRefund;
  /** PayPal captures without our server hearing back (our process died mid-call). */
  captureDirect(orderId: string): FakeCapture;
  /** A signed PAYMENT.CAPTURE.* delivery for the order's capture (or a made-up one). */
  captureEvent(orderId: string, eventType?: string, overrides?: Partial<FakeCapture>): SignedDelivery;
  /**
   * A signed PAYMENT.CAPTURE.REFUNDED delivery for the order's capture: a refund PayPal made
   * (its id, amount and current status), or one made outside the API (a new id).
   */
  refundEvent(orderId: string, value?: string, refundId?: string): SignedDelivery;
  /**
   * A refund or a reversal (chargeback) made outside the store's API: PayPal's dashboard, the
   * buyer's bank. Recorded among `refunds` (request id `outside:<refund id>`) like any refund of
   * the capture (never more than is left: throws), and answered with its signed delivery.
   */
  outsideRefund(
    orderId: string,
    opts?: { value?: string; eventType?: 'PAYMENT.CAPTURE.REFUNDED' | 'PAYMENT.CAPTURE.REVERSED' },
  ): SignedDelivery;
  /**
   * When set, a refund through the API is made and then its answer waits for this promise
   * (a refund in flight while something else happens).
   */
  refundGate: ((refund: FakeRefund) => Promise<void>) | null;
  /** Signs any body as PayPal would (the verify call then answers SUCCESS). */
  sign(body: string): SignedDelivery;
  close(): Promise<void>;
}

export interface FakePaypalOptions {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  webhookId?: string;
  tokenTtlSeconds?: number;
}

/** Fields PayPal's Orders v2 create and Payments v2 refund bodies take; anything else is refused. */
const CREATE_FIELDS = new Set(['intent', 'purchase_units', 'payment_source', 'application_context']);
const UNIT_FIELDS = new Set([
  'reference_id',
  'custom_id',
  'description',
  'amount',
  'invoice_id',
  'soft_descriptor',
  'items',
  'payee',
  'shipping',
]);
const REFUND_FIELDS = new Set(['amount', 'invoice_id', 'note_to_payer', 'custom_id', 'payment_instruction']);

/** PayPal's 400 for a body its schema does not take (an unknown field, a wrong type). */
function schemaIssue(value: unknown, allowed: Set<string>): string | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'MALFORMED_REQUEST_JSON';
  return Object.keys(value).some((k) => !allowed.has(k)) ? 'INVALID_PARAMETER_SYNTAX' : null;
}

const sdkScript = readFileSync(new URL('./paypal-sdk.js', import.meta.url), 'utf8');

export async function startFakePaypal(opts: FakePaypalOptions = {}): Promise<FakePaypal> {
  const clientId = opts.clientId ?? 'fake-client-id';
  const clientSecret = opts.clientSecret ?? 'fake-client-secret';
  const webhookId = opts.webhookId ?? 'WH-FAKE-0001';
  const signingKey = randomBytes(32);
  const tokens = new Set<string>();
  const orders = new Map<string, FakeOrder>();
  const byRequestId = new Map<string, string>();
  /** PayPal-Request-Id of a capture → the answer it got (replayed on retries). */
  const captureReplies = new Map<string, { status: number; body: unknown }>();
  const stats = { tokenRequests: 0, createCalls: 0, captureCalls: 0, verifyCalls: 0, refundCalls: 0 };
  const captureRequestIds: string[] = [];
  const refunds: FakeRefund[] = [];
  const refundScripts: RefundScript[] = [];
  let url = '';

  const newId = (prefix = '') => prefix + randomBytes(9).toString('hex').toUpperCase().slice(0, 17);

  function orderJson(o: FakeOrder) {
    return {
      id: o.id,
      intent: o.intent,
      status: o.status,
      ...(o.payerId ? { payer: { payer_id: o.payerId, email_address: 'comprador@example.com' } } : {}),
      purchase_units: [
        {
          ...o.purchaseUnit,
          ...(o.captures.length ? { payments: { captures: o.captures } } : {}),
        },
      ],
      links: [
        { href: `${url}/v2/checkout/orders/${o.id}`, rel: 'self', method: 'GET' },
        { href: `${url}/checkoutnow?token=${o.id}`, rel: 'approve', method: 'GET' },
      ],
    };
  }

  function refundJson(r: FakeRefund) {
    return {
      id: r.id,
      status: r.status,
      amount: r.amount,
      ...(r.invoice_id ? { invoice_id: r.invoice_id } : {}),
      ...(r.note_to_payer ? { note_to_payer: r.note_to_payer } : {}),
      links: [
        { href: `${url}/v2/payments/refunds/${r.id}`, rel: 'self', method: 'GET' },
        { href: `${url}/v2/payments/captures/${r.captureId}`, rel: 'up', method: 'GET' },
      ],
    };
  }

  function doCapture(o: FakeOrder): FakeCapture {
    const s = o.script;
    const cap: FakeCapture = {
      id: newId('CAP'),
      status: s.captureStatus ?? 'COMPLETED',
      amount: {
        currency_code: s.currencyCode ?? o.purchaseUnit.amount.currency_code,
        value: s.amountValue ?? o.purchaseUnit.amount.value,
      },
      custom_id: s.customId ?? o.purchaseUnit.custom_id,
      final_capture: true,
      create_time: new Date().toISOString(),
    };
    o.captures.push(cap);
    o.status = s.orderStatus ?? 'COMPLETED';
    return cap;
  }

  function authorized(req: IncomingMessage): boolean {
    const m = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    return Boolean(m && tokens.has(m[1]!));
  }

  function sign(body: string): SignedDelivery {
    const transmissionId = randomUUID();
    const transmissionTime = new Date().toISOString();
    const digest = createHash('sha256').update(body).digest('hex');
    const sig = createHmac('sha256', signingKey)
      .update(`${transmissionId}|${transmissionTime}|${webhookId}|${digest}`)
      .digest('base64');
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'paypal-auth-algo': 'SHA256withRSA',
        'paypal-cert-url': `${url}/v1/notifications/certs/CERT-FAKE`,
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-sig': sig,
        'paypal-transmission-time': transmissionTime,
      },
    };
  }

  function event(eventType: string, resourceType: string, resource: Record<string, unknown>): SignedDelivery {
    return sign(
      JSON.stringify({
        id: newId('WH-'),
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type: resourceType,
        event_type: eventType,
        summary: `Evento ${eventType}`,
        resource,
      }),
    );
  }

  async function handle(req: IncomingMessage, body: string, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0]!;
    const cors = { 'Access-Control-Allow-Origin': '*' };

    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...cors,
        'Access-Control-Allow-Methods': 'GET, POST',
        'Access-Control-Allow-Headers': '*',
      });
      return void res.end();
    }
    if (req.method === 'GET' && path === '/sdk/js') {
      res.writeHead(200, { 'Content-Type': 'application/javascript; charset=utf-8', ...cors });
      return void res.end(sdkScript.replace('__FAKE_PAYPAL_ORIGIN__', url));
    }
    // What PayPal holds for an order, named by its id or by one of its captures, for browser
    // journeys to check (no token: test only).
    const peekMatch = /^\/__fake\/orders\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && peekMatch) {
      const id = decodeURIComponent(peekMatch[1]!);
      const o = orders.get(id) ?? [...orders.values()].find((x) => x.captures.some((c) => c.id === id));
      return o
        ? sendJson(res, 200, orderJson(o), cors)
        : sendJson(res, 404, { name: 'RESOURCE_NOT_FOUND' }, cors);
    }
    // The refunds PayPal made, for browser journeys to check (no token: test only).
    if (req.method === 'GET' && path === '/__fake/refunds') {
      return sendJson(
        res,
        200,
        { refunds: refunds.map((r) => ({ ...refundJson(r), requestId: r.requestId })) },
        cors,
      );
    }
    // How PayPal answers the next refund, for browser journeys (no token: test only).
    if (req.method === 'POST' && path === '/__fake/script-refund') {
      const script = parseJson(body) as RefundScript | undefined;
      if (!script?.kind) return sendJson(res, 400, { name: 'INVALID_REQUEST' }, cors);
      api.scriptRefund(script);
      return sendJson(res, 200, { ok: true }, cors);
    }
    // PayPal finishes a PENDING refund and signs the PAYMENT.CAPTURE.REFUNDED delivery that
    // says so, for a journey to post to the store (test only).
    const settleMatch = /^\/__fake\/refunds\/([^/]+)\/settle$/.exec(path);
    if (req.method === 'POST' && settleMatch) {
      const input = parseJson(body) as { status?: 'COMPLETED' | 'FAILED' } | undefined;
      const r = refunds.find((x) => x.id === decodeURIComponent(settleMatch[1]!));
      if (!r) return sendJson(res, 404, { name: 'RESOURCE_NOT_FOUND' }, cors);
      api.settleRefund(r.id, input?.status ?? 'COMPLETED');
      const o = [...orders.values()].find((x) => x.captures.some((c) => c.id === r.captureId))!;
      return sendJson(res, 200, api.refundEvent(o.id, undefined, r.id), cors);
    }
    // The buyer's side of the popup (called by the fake SDK in the browser).
    const approveMatch = /^\/__fake\/orders\/([^/]+)\/approve$/.exec(path);
    if (req.method === 'POST' && approveMatch) {
      const o = orders.get(decodeURIComponent(approveMatch[1]!));
      if (!o) return sendJson(res, 404, { name: 'RESOURCE_NOT_FOUND' }, cors);
      api.approve(o.id);
      // A journey can make the buyer's funding fail: ?capture=DECLINED (or PENDING).
      const outcome = new URL(req.url ?? '/', 'http://fake').searchParams.get('capture');
      if (outcome === 'INSTRUMENT_DECLINED') api.scriptCapture(o.id, { instrumentDeclined: true });
      else if (outcome) api.scriptCapture(o.id, { captureStatus: outcome });
      return sendJson(
        res,
        200,
        { orderID: o.id, payerID: o.payerId, currency: o.purchaseUnit.amount.currency_code },
        cors,
      );
    }

    if (api.latencyMs > 0) await sleep(api.latencyMs);
    if (api.down) return sendJson(res, 503, { name: 'SERVICE_UNAVAILABLE' });

    if (req.method === 'POST' && path === '/v1/oauth2/token') {
      stats.tokenRequests += 1;
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (req.headers.authorization !== expected || !/grant_type=client_credentials/.test(body)) {
        return sendJson(res, 401, {
          error: 'invalid_client',
          error_description: 'Client Authentication failed',
        });
      }
      const token = `A21AA${randomBytes(16).toString('hex')}`;
      tokens.add(token);
      return sendJson(res, 200, {
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-FAKE',
        expires_in: opts.tokenTtlSeconds ?? 32_400,
        nonce: randomUUID(),
      });
    }

    if (!authorized(req)) {
      return sendJson(res, 401, {
        error: 'invalid_token',
        error_description: 'Token signature verification failed',
      });
    }

    if (req.method === 'POST' && path === '/v2/checkout/orders') {
      stats.createCalls += 1;
      const requestId = String(req.headers['paypal-request-id'] ?? '');
      const known = requestId ? byRequestId.get(requestId) : undefined;
      if (known) return sendJson(res, 200, orderJson(orders.get(known)!));
      const input = parseJson(body) as
        { intent?: string; purchase_units?: FakeOrder['purchaseUnit'][] } | undefined;
      const unit = input?.purchase_units?.[0];
      const shape = schemaIssue(input, CREATE_FIELDS) ?? (unit ? schemaIssue(unit, UNIT_FIELDS) : null);
      if (shape) return sendJson(res, 400, { name: 'INVALID_REQUEST', details: [{ issue: shape }] });
      if (
        input?.intent !== 'CAPTURE' ||
        !unit?.amount?.currency_code ||
        !/^\d+\.\d{2}$/.test(unit.amount.value)
      ) {
        return sendJson(res, 422, {
          name: 'UNPROCESSABLE_ENTITY',
          details: [{ issue: 'INVALID_PARAMETER_VALUE' }],
        });
      }
      const o: FakeOrder = {
        id: newId(),
        status: 'CREATED',
        intent: 'CAPTURE',
        requestId,
        purchaseUnit: {
          reference_id: unit.reference_id,
          custom_id: unit.custom_id,
          description: unit.description,
          amount: { currency_code: unit.amount.currency_code, value: unit.amount.value },
        },
        captures: [],
        script: {},
      };
      orders.set(o.id, o);
      if (requestId) byRequestId.set(requestId, o.id);
      return sendJson(res, 201, orderJson(o));
    }

    const orderMatch = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    if (orderMatch) {
      const o = orders.get(decodeURIComponent(orderMatch[1]!));
      const notFound = { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] };
      if (req.method === 'GET' && !orderMatch[2]) {
        return o ? sendJson(res, 200, orderJson(o)) : sendJson(res, 404, notFound);
      }
      if (req.method === 'POST' && orderMatch[2]) {
        stats.captureCalls += 1;
        const requestId = String(req.headers['paypal-request-id'] ?? '');
        captureRequestIds.push(requestId);
        const replay = requestId ? captureReplies.get(`${o?.id}:${requestId}`) : undefined;
        if (replay) return sendJson(res, replay.status, replay.body);
        let reply: { status: number; body: unknown };
        let drop = false;
        if (!o) reply = { status: 404, body: notFound };
        else if (o.status === 'COMPLETED') {
          reply = {
            status: 422,
            body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] },
          };
        } else if (o.status !== 'APPROVED') {
          reply = {
            status: 422,
            body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] },
          };
        } else if (o.script.instrumentDeclined || o.script.issue) {
          const issue = o.script.issue ?? 'INSTRUMENT_DECLINED';
          const status = o.script.issueStatus ?? 422;
          const name =
            status === 429
              ? 'RATE_LIMIT_REACHED'
              : status === 409
                ? 'RESOURCE_CONFLICT'
                : 'UNPROCESSABLE_ENTITY';
          reply = { status, body: { name, details: [{ issue }] } };
        } else {
          doCapture(o);
          reply = { status: 201, body: orderJson(o) };
          drop = Boolean(o.script.dropResponse);
          if (o.script.goDownAfter) api.down = true;
        }
        // Stored before any delay, like PayPal: a retry with the same id gets the same answer.
        // A 409 or 429 is not a result: PayPal keeps nothing for the key, a retry is processed.
        if (requestId && o && reply.status !== 409 && reply.status !== 429) {
          captureReplies.set(`${o.id}:${requestId}`, reply);
        }
        if (o?.script.delayMs) await sleep(o.script.delayMs);
        if (o?.script.beforeAnswer && reply.status < 300) await o.script.beforeAnswer();
        if (drop) return void res.destroy();
        return sendJson(res, reply.status, reply.body);
      }
    }

    // Payments v2: refund a capture (all of it, or `amount`), idempotent by PayPal-Request-Id.
    const refundMatch = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (req.method === 'POST' && refundMatch) {
      stats.refundCalls += 1;
      const captureId = decodeURIComponent(refundMatch[1]!);
      const requestId = String(req.headers['paypal-request-id'] ?? '');
      const done = requestId
        ? refunds.find((r) => r.requestId === requestId && r.captureId === captureId)
        : undefined;
      if (done?.busyFor) {
        done.busyFor -= 1;
        return sendJson(res, 409, {
          name: 'RESOURCE_CONFLICT',
          details: [{ issue: 'PREVIOUS_REQUEST_IN_PROGRESS' }],
        });
      }
      if (done) return sendJson(res, 201, refundJson(done));
      const script = refundScripts.shift();
      if (script?.kind === 'rateLimited') {
        res.setHeader('Retry-After', String(script.retryAfterSeconds));
        return sendJson(res, 429, { name: 'RATE_LIMIT_REACHED', details: [{ issue: 'RATE_LIMIT_REACHED' }] });
      }
      const cap = [...orders.values()].flatMap((o) => o.captures).find((c) => c.id === captureId);
      if (!cap) {
        return sendJson(res, 404, {
          name: 'RESOURCE_NOT_FOUND',
          details: [{ issue: 'INVALID_RESOURCE_ID' }],
        });
      }
      const input = (parseJson(body) ?? {}) as {
        amount?: Money;
        note_to_payer?: string;
        invoice_id?: unknown;
      };
      const shape = schemaIssue(input, REFUND_FIELDS);
      const badInvoice =
        input.invoice_id !== undefined &&
        (typeof input.invoice_id !== 'string' ||
          input.invoice_id.length < 1 ||
          input.invoice_id.length > 127);
      if (
        shape ||
        badInvoice ||
        (input.note_to_payer !== undefined && typeof input.note_to_payer !== 'string')
      ) {
        return sendJson(res, 400, {
          name: 'INVALID_REQUEST',
          details: [{ issue: shape ?? 'INVALID_PARAMETER_SYNTAX' }],
        });
      }
      const toCents = (v: string) => Math.round(Number(v) * 100);
      const already = refunds
        .filter((r) => r.captureId === captureId && r.status !== 'FAILED' && r.status !== 'CANCELLED')
        .reduce((s, r) => s + toCents(r.amount.value), 0);
      const left = toCents(cap.amount.value) - already;
      if (left <= 0) {
        return sendJson(res, 422, {
          name: 'UNPROCESSABLE_ENTITY',
          details: [{ issue: 'CAPTURE_FULLY_REFUNDED' }],
        });
      }
      const amount = input.amount ?? {
        currency_code: cap.amount.currency_code,
        value: (left / 100).toFixed(2),
      };
      if (
        amount.currency_code !== cap.amount.currency_code ||
        !/^\d+(\.\d{1,2})?$/.test(amount.value) ||
        toCents(amount.value) <= 0 ||
        toCents(amount.value) > left
      ) {
        return sendJson(res, 422, {
          name: 'UNPROCESSABLE_ENTITY',
          details: [
            { issue: toCents(amount.value) > left ? 'REFUND_AMOUNT_EXCEEDED' : 'INVALID_PARAMETER_VALUE' },
          ],
        });
      }
      const refund: FakeRefund = {
        id: newId('REF'),
        captureId,
        requestId,
        status: script?.kind === 'pending' ? 'PENDING' : script?.kind === 'failed' ? 'FAILED' : 'COMPLETED',
        amount: { currency_code: amount.currency_code, value: amount.value },
        ...(typeof input.invoice_id === 'string' ? { invoice_id: input.invoice_id } : {}),
        ...(input.note_to_payer ? { note_to_payer: input.note_to_payer } : {}),
      };
      refunds.push(refund);
      if (refund.status === 'COMPLETED') {
        cap.status = toCents(amount.value) === left ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
      }
      if (api.refundGate) await api.refundGate(refund);
      if (script?.kind === 'inProgress') {
        refund.busyFor = script.completeAfter ?? 0;
        return sendJson(res, 409, {
          name: 'RESOURCE_CONFLICT',
          details: [{ issue: 'PREVIOUS_REQUEST_IN_PROGRESS' }],
        });
      }
      return sendJson(res, 201, refundJson(refund));
    }

    // Payments v2: show a refund (where a PENDING one stands).
    const showRefund = /^\/v2\/payments\/refunds\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && showRefund) {
      const r = refunds.find((x) => x.id === decodeURIComponent(showRefund[1]!));
      return r
        ? sendJson(res, 200, refundJson(r))
        : sendJson(res, 404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
    }

    if (req.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      stats.verifyCalls += 1;
      const input = parseJson(body) as Record<string, string> | undefined;
      // The event must come back byte for byte as PayPal sent it (PayPal checks a CRC of it).
      const marker = '"webhook_event":';
      const at = body.indexOf(marker);
      const rawEvent = at >= 0 ? body.slice(at + marker.length, -1) : '';
      const digest = createHash('sha256').update(rawEvent).digest('hex');
      const expected = input
        ? createHmac('sha256', signingKey)
            .update(`${input.transmission_id}|${input.transmission_time}|${input.webhook_id}|${digest}`)
            .digest('base64')
        : '';
      const ok =
        input?.webhook_id === webhookId &&
        input.auth_algo === 'SHA256withRSA' &&
        input.transmission_sig === expected;
      return sendJson(res, 200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
    }

    return sendJson(res, 404, { name: 'NOT_FOUND', message: `${req.method} ${path}` });
  }

  const server = await listen((req, body, res) => handle(req, body, res), opts.port ?? 0);
  url = server.url;

  const must = (orderId: string) => {
    const o = orders.get(orderId);
    if (!o) throw new Error(`fake PayPal: unknown order ${orderId}`);
    return o;
  };

  const api: FakePaypal = {
    url,
    port: server.port,
    clientId,
    clientSecret,
    webhookId,
    orders,
    stats,
    captureRequestIds,
    refunds,
    down: false,
    latencyMs: 0,
    revokeTokens() {
      tokens.clear();
    },
    approve(orderId, payerId = 'FAKEPAYER01') {
      const o = must(orderId);
      if (o.status === 'CREATED') o.status = 'APPROVED';
      // A new approval after a decline is another funding source: it captures.
      else if (o.status === 'APPROVED' && (o.script.instrumentDeclined || o.script.issue)) o.script = {};
      o.payerId = payerId;
    },
    scriptCapture(orderId, script) {
      must(orderId).script = script;
    },
    scriptRefund(...scripts) {
      refundScripts.push(...scripts);
    },
    settleRefund(refundId, status) {
      const r = refunds.find((x) => x.id === refundId);
      if (!r) throw new Error(`fake PayPal: unknown refund ${refundId}`);
      r.status = status;
      r.busyFor = 0;
      if (status === 'COMPLETED') {
        const cap = [...orders.values()].flatMap((o) => o.captures).find((c) => c.id === r.captureId)!;
        const cents = (v: string) => Math.round(Number(v) * 100);
        const total = refunds
          .filter((x) => x.captureId === r.captureId && x.status === 'COMPLETED')
          .reduce((sum, x) => sum + cents(x.amount.value), 0);
        cap.status = total >= cents(cap.amount.value) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
      }
      return r;
    },
    captureDirect(orderId) {
      const o = must(orderId);
      if (o.status === 'CREATED') api.approve(orderId);
      return doCapture(o);
    },
    captureEvent(orderId, eventType = 'PAYMENT.CAPTURE.COMPLETED', overrides = {}) {
      const o = must(orderId);
      const cap = o.captures[0] ?? {
        id: newId('CAP'),
        status: 'COMPLETED',
        amount: o.purchaseUnit.amount,
        custom_id: o.purchaseUnit.custom_id,
        final_capture: true,
        create_time: new Date().toISOString(),
      };
      return event(eventType, 'capture', {
        ...cap,
        ...overrides,
        supplementary_data: { related_ids: { order_id: o.id } },
        links: [{ href: `${url}/v2/payments/captures/${cap.id}`, rel: 'self', method: 'GET' }],
      });
    },
    refundEvent(orderId, value, refundId) {
      const o = must(orderId);
      const cap = o.captures[0];
      if (!cap) throw new Error('fake PayPal: nothing captured to refund');
      const made = refundId ? refunds.find((r) => r.id === refundId) : undefined;
      return event('PAYMENT.CAPTURE.REFUNDED', 'refund', {
        id: refundId ?? newId('REF'),
        status: made?.status ?? 'COMPLETED',
        amount: made?.amount ?? { currency_code: cap.amount.currency_code, value: value ?? cap.amount.value },
        ...(made?.invoice_id ? { invoice_id: made.invoice_id } : {}),
        custom_id: cap.custom_id,
        links: [
          { href: `${url}/v2/payments/refunds/REF`, rel: 'self', method: 'GET' },
          { href: `${url}/v2/payments/captures/${cap.id}`, rel: 'up', method: 'GET' },
        ],
      });
    },
    outsideRefund(orderId, opts = {}) {
      const o = must(orderId);
      const cap = o.captures[0];
      if (!cap) throw new Error('fake PayPal: nothing captured to refund');
      const toCents = (v: string) => Math.round(Number(v) * 100);
      const left =
        toCents(cap.amount.value) -
        refunds.filter((r) => r.captureId === cap.id).reduce((s, r) => s + toCents(r.amount.value), 0);
      const value = opts.value ?? (left / 100).toFixed(2);
      if (toCents(value) <= 0 || toCents(value) > left) {
        throw new Error(`fake PayPal: ${value} is more than the ${(left / 100).toFixed(2)} left`);
      }
      const id = newId('REF');
      refunds.push({
        id,
        captureId: cap.id,
        requestId: `outside:${id}`,
        status: 'COMPLETED',
        amount: { currency_code: cap.amount.currency_code, value },
      });
      cap.status = toCents(value) === left ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
      return event(opts.eventType ?? 'PAYMENT.CAPTURE.REFUNDED', 'refund', {
        id,
        status: 'COMPLETED',
        amount: { currency_code: cap.amount.currency_code, value },
        custom_id: cap.custom_id,
        links: [
          { href: `${url}/v2/payments/refunds/${id}`, rel: 'self', method: 'GET' },
          { href: `${url}/v2/payments/captures/${cap.id}`, rel: 'up', method: 'GET' },
        ],
      });
    },
    refundGate: null,
    sign,
    close: () => server.close(),
  };
  return api;
}
