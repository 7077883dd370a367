// The browser side of the Stripe simulator, under the store's own origin (demo mode only):
// the simulator's pages (checkout with a test card and the meses-sin-intereses plans, the OXXO
// voucher, the SPEI instructions) and their script, passed through from the simulator at
// STRIPE_API_HOST:PORT; the buttons those pages offer, relayed to its /__fake controls; and the
// two simulations only the store can make, because the deadline is the store's own:
//
//   POST /__stripe-simulator/__store/deadline/:pi  The order's deadline arrives now: the store does
//       what its expiry sweep does at that moment (asks Stripe; unpaid → the order ends and its
//       seats go back). Stripe is not told: a SPEI reference stays valid, an OXXO voucher too.
//   POST /__stripe-simulator/__store/late/:pi      The same, and `delayMs` (default 4 s) later the
//       money arrives at Stripe: the full amount left by SPEI, or the OXXO cash confirmed. The
//       store then gets payment_intent.succeeded for an ended order (its late payment: honoured
//       if the seats are still free, else refunded).

import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { findOrderByPayment, findPayment } from '../../modules/lifecycle';
import { createPaymentDeps } from '../../modules/payments/registry';
import { SIMULATOR_PATH } from './pages';

/** The controls the pages' buttons may ask for (nothing else is relayed). */
const RELAYED = [
  /^\/checkout\/sessions\/[^/]+\/pay$/,
  /^\/payment_intents\/[^/]+\/(pay_oxxo|expire_oxxo|late_oxxo|fund_spei)$/,
];
const LATE_DELAY_MS = 4000;

export const stripeSimulatorRoutes: FastifyPluginAsync = async (app) => {
  const { STRIPE_API_HOST, STRIPE_API_PORT, STRIPE_API_PROTOCOL } = app.config;
  const upstream = `${STRIPE_API_PROTOCOL ?? 'https'}://${STRIPE_API_HOST ?? '127.0.0.1'}${STRIPE_API_PORT ? `:${STRIPE_API_PORT}` : ''}`;
  const deps = createPaymentDeps({ db: app.db.db, config: app.config, log: app.log });

  async function relay(reply: FastifyReply, path: string, method: 'GET' | 'POST', body?: unknown) {
    let res: Response;
    try {
      res = await fetch(`${upstream}${path}`, {
        method,
        ...(method === 'POST'
          ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body ?? {}) }
          : {}),
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      return reply.code(503).send({ success: false, message: 'El simulador de Stripe no responde' });
    }
    return reply
      .code(res.status)
      .type(res.headers.get('content-type') ?? 'application/json; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(Buffer.from(await res.arrayBuffer()));
  }

  app.post<{ Params: { '*': string } }>(
    `${SIMULATOR_PATH}/__fake/*`,
    { schema: { hide: true } },
    async (req, reply) => {
      const path = `/${req.params['*']}`;
      if (!RELAYED.some((r) => r.test(path))) {
        return reply.code(404).send({ success: false, message: 'El simulador no ofrece esta acción' });
      }
      return relay(reply, `/__fake${path}`, 'POST', req.body);
    },
  );

  /** The pending order of a voucher or transfer, after its deadline as the expiry sweep meets it. */
  async function endAtDeadline(piId: string): Promise<{ ended: boolean; method: 'oxxo' | 'spei' } | string> {
    const order =
      (await findOrderByPayment(deps.db, 'spei', piId)) ?? (await findOrderByPayment(deps.db, 'oxxo', piId));
    if (!order) return 'La tienda no tiene una orden para este pago';
    const method = order.paymentMethod as 'oxxo' | 'spei';
    if (order.status !== 'pendiente') return { ended: false, method };
    // What the sweep does when the deadline arrives, as of that instant.
    const at = new Date(Math.max(Date.now(), (order.expiresAt?.getTime() ?? Date.now()) + 1));
    const result = await deps.providers[method].settleExpired(
      deps,
      order,
      await findPayment(deps.db, order.id),
      at,
    );
    return { ended: Boolean(result?.changed && !result.paid), method };
  }

  app.post<{ Params: { id: string } }>(
    `${SIMULATOR_PATH}/__store/deadline/:id`,
    { schema: { hide: true } },
    async (req, reply) => {
      const outcome = await endAtDeadline(req.params.id);
      if (typeof outcome === 'string') return reply.code(404).send({ success: false, message: outcome });
      return {
        success: true,
        message: outcome.ended
          ? 'Llegó la fecha límite: la orden terminó y sus lugares se liberaron.'
          : 'La orden ya no estaba pendiente: no cambió nada.',
      };
    },
  );

  app.post<{ Params: { id: string }; Body: { delayMs?: number } | undefined }>(
    `${SIMULATOR_PATH}/__store/late/:id`,
    { schema: { hide: true } },
    async (req, reply) => {
      const id = req.params.id;
      const outcome = await endAtDeadline(id);
      if (typeof outcome === 'string') return reply.code(404).send({ success: false, message: outcome });
      const requested = Number(req.body?.delayMs ?? LATE_DELAY_MS);
      const delay = Number.isFinite(requested) ? Math.min(Math.max(requested, 0), 60_000) : LATE_DELAY_MS;
      const pay = async () => {
        const encoded = encodeURIComponent(id);
        if (outcome.method === 'oxxo') {
          await fetch(`${upstream}/__fake/payment_intents/${encoded}/pay_oxxo`, { method: 'POST' });
          return;
        }
        const pi = (await (await fetch(`${upstream}/__fake/payment_intents/${encoded}`)).json()) as {
          amount: number;
          amount_received: number;
        };
        await fetch(`${upstream}/__fake/payment_intents/${encoded}/fund_spei`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ amount: pi.amount - pi.amount_received }),
        });
      };
      setTimeout(() => {
        pay().catch((err: unknown) => app.log.warn({ err }, 'simulador de Stripe: el pago tardío no llegó'));
      }, delay).unref();
      const seconds = Math.round(delay / 1000);
      return {
        success: true,
        message: `${outcome.ended ? 'La orden terminó en su fecha límite' : 'La orden ya no estaba pendiente'}; el pago llega a Stripe en ${seconds} s.`,
        reloadInMs: delay + 1500,
      };
    },
  );

  app.get<{ Params: { '*': string } }>(
    `${SIMULATOR_PATH}/*`,
    { schema: { hide: true } },
    async (req, reply) => relay(reply, `${SIMULATOR_PATH}/${req.params['*']}`, 'GET'),
  );
};
