// A PayPal stand-in for the on-sale benchmark (bench/onsale.mjs): a small node:http server that
// answers the REST calls the store's client makes (apps/api/src/modules/payments/paypal/
// client.ts) in PayPal's Orders v2 shapes, each after a fixed latency (80 ms: PayPal's own time
// as seen from a server in Mexico), plus the buyer's approval in PayPal's window:
//   POST /v1/oauth2/token                      client credentials → Bearer token
//   POST /v2/checkout/orders                   create (PayPal-Request-Id: the same key, the same order)
//   GET  /v2/checkout/orders/:id               the order
//   POST /v2/checkout/orders/:id/capture       capture (PayPal-Request-Id: a retry gets the same answer)
//   POST /v2/payments/captures/:id/refund      refund (the store refunds a duplicate payment)
//   POST /__standin/orders/:id/approve         the buyer approves (PayPal's window)
// It counts what it charged: `captures` (and `refunds`), for the benchmark to hold against the
// store's paid orders. `node bench/paypal-standin.mjs` runs it alone (BENCH_PAYPAL_PORT).
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';

export const STANDIN_CREDENTIALS = { clientId: 'bench-client-id', clientSecret: 'bench-client-secret' };

/** Starts the stand-in on 127.0.0.1 (`port` 0: a free one). */
export async function startPaypalStandin({ port = 0, latencyMs = 80 } = {}) {
  const basic = `Basic ${Buffer.from(
    `${STANDIN_CREDENTIALS.clientId}:${STANDIN_CREDENTIALS.clientSecret}`,
  ).toString('base64')}`;
  const tokens = new Set();
  /** PayPal order id → order. */
  const orders = new Map();
  /** PayPal-Request-Id of a create → PayPal order id. */
  const created = new Map();
  /** `${order id}:${PayPal-Request-Id}` of a capture → the answer it got (replayed). */
  const captureReplies = new Map();
  const stats = { token: 0, create: 0, get: 0, capture: 0, approve: 0, refund: 0, unknown: 0 };
  /** Every capture PayPal made: { paypalOrderId, captureId, customId, value, at }. */
  const captures = [];
  const refunds = [];
  let url = '';

  const newId = (prefix = '') => prefix + randomBytes(9).toString('hex').toUpperCase().slice(0, 17);

  const orderJson = (o) => ({
    id: o.id,
    intent: 'CAPTURE',
    status: o.status,
    ...(o.payerId ? { payer: { payer_id: o.payerId, email_address: 'comprador@example.com' } } : {}),
    purchase_units: [{ ...o.unit, ...(o.captures.length ? { payments: { captures: o.captures } } : {}) }],
    create_time: o.createTime,
    links: [
      { href: `${url}/v2/checkout/orders/${o.id}`, rel: 'self', method: 'GET' },
      { href: `${url}/checkoutnow?token=${o.id}`, rel: 'approve', method: 'GET' },
      { href: `${url}/v2/checkout/orders/${o.id}/capture`, rel: 'capture', method: 'POST' },
    ],
  });

  const issue = (status, name, detail) => ({ status, body: { name, details: [{ issue: detail }] } });

  /** The answer to one call: { status, body }. */
  function answer(req, path, body) {
    if (req.method === 'POST' && path === '/v1/oauth2/token') {
      stats.token++;
      if (req.headers.authorization !== basic || !/grant_type=client_credentials/.test(body)) {
        return {
          status: 401,
          body: { error: 'invalid_client', error_description: 'Client Authentication failed' },
        };
      }
      const token = `A21AA${randomBytes(16).toString('hex')}`;
      tokens.add(token);
      return {
        status: 200,
        body: {
          scope: 'https://uri.paypal.com/services/payments/payment',
          access_token: token,
          token_type: 'Bearer',
          app_id: 'APP-BENCH',
          expires_in: 32_400,
          nonce: randomUUID(),
        },
      };
    }
    const approve = /^\/__standin\/orders\/([^/]+)\/approve$/.exec(path);
    if (req.method === 'POST' && approve) {
      stats.approve++;
      const o = orders.get(decodeURIComponent(approve[1]));
      if (!o) return issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      if (o.status === 'CREATED') o.status = 'APPROVED';
      o.payerId = 'BENCHPAYER01';
      return { status: 200, body: { orderID: o.id, payerID: o.payerId } };
    }
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    if (!bearer || !tokens.has(bearer[1])) {
      return {
        status: 401,
        body: { error: 'invalid_token', error_description: 'Token signature verification failed' },
      };
    }
    const requestId = String(req.headers['paypal-request-id'] ?? '');

    if (req.method === 'POST' && path === '/v2/checkout/orders') {
      stats.create++;
      const known = requestId && created.get(requestId);
      if (known) return { status: 200, body: orderJson(orders.get(known)) };
      let input;
      try {
        input = JSON.parse(body);
      } catch {
        return issue(400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON');
      }
      const unit = input?.purchase_units?.[0];
      if (
        input?.intent !== 'CAPTURE' ||
        !unit?.amount?.currency_code ||
        !/^\d+\.\d{2}$/.test(unit.amount.value)
      ) {
        return issue(422, 'UNPROCESSABLE_ENTITY', 'INVALID_PARAMETER_VALUE');
      }
      const o = {
        id: newId(),
        status: 'CREATED',
        createTime: new Date().toISOString(),
        unit: {
          reference_id: unit.reference_id,
          custom_id: unit.custom_id,
          description: unit.description,
          amount: { currency_code: unit.amount.currency_code, value: unit.amount.value },
        },
        captures: [],
      };
      orders.set(o.id, o);
      if (requestId) created.set(requestId, o.id);
      return { status: 201, body: orderJson(o) };
    }

    const one = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    if (one) {
      const o = orders.get(decodeURIComponent(one[1]));
      if (req.method === 'GET' && !one[2]) {
        stats.get++;
        return o
          ? { status: 200, body: orderJson(o) }
          : issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      }
      if (req.method === 'POST' && one[2]) {
        stats.capture++;
        const key = `${o?.id}:${requestId}`;
        const replay = requestId && captureReplies.get(key);
        if (replay) return replay;
        let reply;
        if (!o) reply = issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
        else if (o.status === 'COMPLETED')
          reply = issue(422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
        else if (o.status !== 'APPROVED') reply = issue(422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
        else {
          const capture = {
            id: newId('CAP'),
            status: 'COMPLETED',
            amount: o.unit.amount,
            custom_id: o.unit.custom_id,
            final_capture: true,
            create_time: new Date().toISOString(),
          };
          o.captures.push(capture);
          o.status = 'COMPLETED';
          captures.push({
            paypalOrderId: o.id,
            captureId: capture.id,
            customId: o.unit.custom_id,
            value: o.unit.amount.value,
            at: Date.now(),
          });
          reply = { status: 201, body: orderJson(o) };
        }
        if (requestId) captureReplies.set(key, reply);
        return reply;
      }
    }

    const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (req.method === 'POST' && refund) {
      stats.refund++;
      const captureId = decodeURIComponent(refund[1]);
      const cap = [...orders.values()].flatMap((o) => o.captures).find((c) => c.id === captureId);
      if (!cap) return issue(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      const made = refunds.find((r) => r.requestId === requestId && requestId);
      if (made) return { status: 201, body: made.body };
      let input = {};
      try {
        input = JSON.parse(body || '{}');
      } catch {
        /* an empty body refunds the whole capture */
      }
      cap.status = 'REFUNDED';
      const r = {
        id: newId('REF'),
        status: 'COMPLETED',
        amount: input.amount ?? cap.amount,
        ...(input.invoice_id ? { invoice_id: input.invoice_id } : {}),
      };
      refunds.push({ requestId, captureId, customId: cap.custom_id, body: r });
      return { status: 201, body: r };
    }

    if (req.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      return { status: 200, body: { verification_status: 'FAILURE' } };
    }
    stats.unknown++;
    return { status: 404, body: { name: 'NOT_FOUND', message: `${req.method} ${path}` } };
  }

  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0];
      const body = Buffer.concat(chunks).toString('utf8');
      // PayPal's time first; the call is then handled as PayPal would at that moment.
      setTimeout(() => {
        const { status, body: json } = answer(req, path, body);
        const text = JSON.stringify(json);
        res.writeHead(status, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          'paypal-debug-id': randomBytes(6).toString('hex'),
        });
        res.end(text);
      }, latencyMs);
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    latencyMs,
    stats,
    captures,
    refunds,
    orders,
    /** The approval in PayPal's window, as the path the buyer's browser calls. */
    approvePath: (id) => `/__standin/orders/${encodeURIComponent(id)}/approve`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const standin = await startPaypalStandin({ port: Number(process.env.BENCH_PAYPAL_PORT ?? 0) });
  console.log(
    `PayPal de pruebas en ${standin.url} (${standin.latencyMs} ms por respuesta; ` +
      `PAYPAL_CLIENT_ID=${STANDIN_CREDENTIALS.clientId} PAYPAL_CLIENT_SECRET=${STANDIN_CREDENTIALS.clientSecret})`,
  );
  const stop = () => void standin.close().finally(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
