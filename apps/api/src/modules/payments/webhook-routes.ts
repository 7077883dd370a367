// The providers' webhooks, in a plugin of their own whose JSON parser keeps the raw body
// (signatures are over the exact bytes), rate limited per IP.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { webhookAckResponse } from '@store/shared/schemas/payments';
import { errorResponses } from '../../lib/route-schemas';
import { PAYPAL_WEBHOOK_BODY_LIMIT } from './paypal/webhook-screen';
import { handlePaypalWebhook } from './paypal/service';
import type { PaymentRouteContext } from './route-context';
import { handleStripeWebhook } from './stripe/service';

export const webhookRoutes: FastifyPluginAsyncZod<PaymentRouteContext> = async (hooks, { deps, limits }) => {
  // Only in this plugin: JSON bodies arrive as the exact bytes the provider signed.
  hooks.removeContentTypeParser('application/json');
  hooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => {
    done(null, body);
  });
  const webhookSchema = {
    tags: ['payments'],
    response: { 200: webhookAckResponse, ...errorResponses(400, 413, 429, 503) },
  };
  const webhookLimits = { config: { rateLimit: limits.webhook }, bodyLimit: PAYPAL_WEBHOOK_BODY_LIMIT };

  hooks.post(
    '/paypal/webhook',
    {
      ...webhookLimits,
      schema: {
        ...webhookSchema,
        summary: 'Webhook de PayPal (PAYMENT.CAPTURE.*), firma verificada con PayPal',
      },
    },
    async (req) => {
      const header = (name: string) => {
        const v = req.headers[name];
        return Array.isArray(v) ? v[0] : v;
      };
      await handlePaypalWebhook(
        deps,
        {
          authAlgo: header('paypal-auth-algo'),
          certUrl: header('paypal-cert-url'),
          transmissionId: header('paypal-transmission-id'),
          transmissionSig: header('paypal-transmission-sig'),
          transmissionTime: header('paypal-transmission-time'),
        },
        rawText(req.body),
      );
      return { success: true as const };
    },
  );

  hooks.post(
    '/stripe/webhook',
    {
      ...webhookLimits,
      schema: {
        ...webhookSchema,
        summary: 'Webhook de Stripe (checkout.session.*), firma con constructEvent',
      },
    },
    async (req) => {
      const sig = req.headers['stripe-signature'];
      await handleStripeWebhook(deps, Array.isArray(sig) ? sig[0] : sig, rawBuffer(req.body));
      return { success: true as const };
    },
  );
};

function rawBuffer(body: unknown): Buffer {
  return Buffer.isBuffer(body) ? body : Buffer.alloc(0);
}

function rawText(body: unknown): string {
  return rawBuffer(body).toString('utf8');
}
