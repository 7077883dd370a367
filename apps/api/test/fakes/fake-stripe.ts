// A local fake of the part of Stripe's API we use (Checkout Sessions create, retrieve and
// expire, form-encoded like the real one), reached by the real `stripe` SDK through its
// host/port/protocol options. Tests play the buyer (pay) and Stripe (signed events).

import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { listen, sendJson } from '../../src/dev/local-http';

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
  customer_email: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  url: string | null;
  expires_at: number;
  created: number;
  payment_intent: string | null;
  livemode: false;
}

/** The Checkout Session create parameters the store may send (Stripe API reference). */
const SESSION_PARAMS = new Set([
  'mode',
  'line_items',
  'success_url',
  'cancel_url',
  'client_reference_id',
  'metadata',
  'customer_email',
  'expires_at',
  'locale',
  'payment_method_types',
]);

export interface FakeStripe {
  url: string;
  host: string;
  port: number;
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, FakeSession>;
  /** Bodies of every create call, decoded. */
  created: Record<string, unknown>[];
  /** The buyer pays in Stripe's page (status complete, payment_status paid). */
  pay(sessionId: string): FakeSession;
  /** A signed event delivery as Stripe would POST it (body + Stripe-Signature header). */
  event(type: string, session: FakeSession): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

/** Decodes Stripe's form encoding (a[b][0][c]=v) into nested objects and arrays. */
export function decodeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]!);
      const container = node as Record<string, unknown>;
      if (last) container[part] = value;
      else {
        container[part] ??= nextIsIndex ? [] : {};
        node = container[part] as Record<string, unknown>;
      }
    });
  }
  return root;
}

export async function startFakeStripe(opts: { port?: number } = {}): Promise<FakeStripe> {
  const secretKey = `sk_test_fake${randomBytes(8).toString('hex')}`;
  const webhookSecret = `whsec_fake${randomBytes(16).toString('hex')}`;
  const sessions = new Map<string, FakeSession>();
  const created: Record<string, unknown>[] = [];
  /** Idempotency-Key → the session made and the body it was made from (Stripe refuses other parameters). */
  const byIdempotencyKey = new Map<string, { id: string; body: string }>();
  const signer = new Stripe(secretKey);
  let url = '';

  const stripeError = (res: ServerResponse, status: number, message: string) =>
    sendJson(res, status, { error: { type: 'invalid_request_error', message } });

  async function handle(req: IncomingMessage, body: string, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0]!;
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return sendJson(res, 401, {
        error: { type: 'invalid_request_error', message: 'Invalid API Key provided' },
      });
    }
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      const key = String(req.headers['idempotency-key'] ?? '');
      const known = key ? byIdempotencyKey.get(key) : undefined;
      if (known && known.body !== body) {
        return sendJson(res, 400, {
          error: {
            type: 'idempotency_error',
            message:
              'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          },
        });
      }
      if (known) return sendJson(res, 200, sessions.get(known.id));
      const input = decodeForm(body);
      // Stripe refuses parameters it does not know (parameter_unknown), like a strict schema.
      const unknown = Object.keys(input).find((k) => !SESSION_PARAMS.has(k));
      if (unknown) {
        return sendJson(res, 400, {
          error: {
            type: 'invalid_request_error',
            code: 'parameter_unknown',
            param: unknown,
            message: `Received unknown parameter: ${unknown}`,
          },
        });
      }
      created.push(input);
      const lines = (input.line_items ?? []) as {
        quantity?: string;
        price_data?: { currency?: string; unit_amount?: string };
      }[];
      const currencies = new Set(lines.map((l) => l.price_data?.currency));
      if (input.mode !== 'payment' || !lines.length || currencies.size !== 1) {
        return stripeError(res, 400, 'Invalid line_items or mode');
      }
      const total = lines.reduce(
        (sum, l) => sum + Number(l.price_data?.unit_amount ?? 0) * Number(l.quantity ?? 1),
        0,
      );
      const now = Math.floor(Date.now() / 1000);
      const expiresAt = input.expires_at ? Number(input.expires_at) : now + 86_400;
      if (expiresAt < now + 1800 || expiresAt > now + 86_400) {
        return stripeError(res, 400, 'expires_at must be between 30 minutes and 24 hours from now');
      }
      const id = `cs_test_${randomBytes(12).toString('hex')}`;
      const session: FakeSession = {
        id,
        object: 'checkout.session',
        mode: 'payment',
        status: 'open',
        payment_status: 'unpaid',
        amount_subtotal: total,
        amount_total: total,
        currency: String([...currencies][0]),
        client_reference_id: (input.client_reference_id as string | undefined) ?? null,
        customer_email: (input.customer_email as string | undefined) ?? null,
        metadata: (input.metadata as Record<string, string> | undefined) ?? {},
        success_url: String(input.success_url),
        cancel_url: String(input.cancel_url),
        url: `${url}/c/pay/${id}`,
        expires_at: expiresAt,
        created: now,
        payment_intent: null,
        livemode: false,
      };
      sessions.set(id, session);
      if (key) byIdempotencyKey.set(key, { id, body });
      return sendJson(res, 200, session);
    }
    const m = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    if (m) {
      const session = sessions.get(decodeURIComponent(m[1]!));
      if (!session) return stripeError(res, 404, 'No such checkout.session');
      if (req.method === 'GET' && !m[2]) return sendJson(res, 200, session);
      if (req.method === 'POST' && m[2]) {
        if (session.status !== 'open') return stripeError(res, 400, 'Only open sessions can be expired');
        session.status = 'expired';
        session.url = null;
        return sendJson(res, 200, session);
      }
    }
    return stripeError(res, 404, `Unrecognized request URL (${req.method}: ${path})`);
  }

  const server = await listen((req, body, res) => handle(req, body, res), opts.port ?? 0);
  url = server.url;

  return {
    url,
    host: '127.0.0.1',
    port: server.port,
    secretKey,
    webhookSecret,
    sessions,
    created,
    pay(sessionId) {
      const s = sessions.get(sessionId);
      if (!s) throw new Error(`fake Stripe: unknown session ${sessionId}`);
      s.status = 'complete';
      s.payment_status = 'paid';
      s.payment_intent = `pi_${randomBytes(10).toString('hex')}`;
      s.url = null;
      return s;
    },
    event(type, session) {
      const body = JSON.stringify({
        id: `evt_${randomBytes(12).toString('hex')}`,
        object: 'event',
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        type,
        data: { object: session },
      });
      const header = signer.webhooks.generateTestHeaderString({ payload: body, secret: webhookSecret });
      return { body, headers: { 'content-type': 'application/json', 'stripe-signature': header } };
    },
    close: () => server.close(),
  };
}
