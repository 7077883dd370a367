// The browser side of the PayPal simulator, under the store's own origin (demo mode only):
// the simulated SDK at /__paypal-simulator/sdk/js, whose approval step is a dialog labelled
// "Simulador de PayPal — ningún cobro es real", and the two calls that dialog makes (read the
// order, approve it), passed on to the simulator's REST server at PAYPAL_API_BASE.

import { readFileSync } from 'node:fs';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { site } from '@store/shared/site';
import { PAYPAL_SIMULATOR_PATH } from '../../config';

/**
 * Outcomes the dialog may ask the simulator to script for the capture: a payment refused for
 * good, or a card PayPal declines while the order stays open for another one.
 */
const CAPTURE_OUTCOMES = new Set(['DECLINED', 'INSTRUMENT_DECLINED']);

export const paypalSimulatorRoutes: FastifyPluginAsync = async (app) => {
  const upstream = app.config.PAYPAL_API_BASE.replace(/\/+$/, '');
  // Read only in demo mode: the built server finds it beside dist/server.js (build.mjs).
  const sdk = readFileSync(new URL('./paypal-sdk.js', import.meta.url), 'utf8')
    .replace("'__FAKE_PAYPAL_ORIGIN__'", JSON.stringify(PAYPAL_SIMULATOR_PATH))
    .replace("'__PAYPAL_SIMULATOR_CONFIG__'", JSON.stringify(JSON.stringify({ merchant: site.shortName })));

  app.get(`${PAYPAL_SIMULATOR_PATH}/sdk/js`, { schema: { hide: true } }, async (_req, reply) =>
    reply.type('application/javascript; charset=utf-8').header('Cache-Control', 'no-store').send(sdk),
  );

  async function relay(reply: FastifyReply, url: string, method: 'GET' | 'POST') {
    let res: Response;
    try {
      res = await fetch(url, { method, signal: AbortSignal.timeout(10_000) });
    } catch {
      return reply.code(503).send({ success: false, message: 'El simulador de PayPal no responde' });
    }
    return reply
      .code(res.status)
      .type('application/json; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(await res.text());
  }

  const orderUrl = (id: string) => `${upstream}/__fake/orders/${encodeURIComponent(id)}`;

  app.get<{ Params: { id: string } }>(
    `${PAYPAL_SIMULATOR_PATH}/__fake/orders/:id`,
    { schema: { hide: true } },
    async (req, reply) => relay(reply, orderUrl(req.params.id), 'GET'),
  );

  app.post<{ Params: { id: string }; Querystring: { capture?: string } }>(
    `${PAYPAL_SIMULATOR_PATH}/__fake/orders/:id/approve`,
    { schema: { hide: true } },
    async (req, reply) => {
      const outcome = req.query.capture;
      const query = outcome && CAPTURE_OUTCOMES.has(outcome) ? `?capture=${outcome}` : '';
      return relay(reply, `${orderUrl(req.params.id)}/approve${query}`, 'POST');
    },
  );
};
