// Stripe's webhook (checkout.session.*): registered inside the raw-body webhook plugin
// (webhook-routes.ts), its signature checked by constructEvent in service.ts.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PaymentRouteContext } from '../route-context';
import { rawBuffer, webhookRoute } from '../webhook-routes';
import { handleStripeWebhook } from './service';

export const stripeWebhook: FastifyPluginAsyncZod<PaymentRouteContext> = async (hooks, context) => {
  hooks.post(
    '/stripe/webhook',
    webhookRoute(context, 'Webhook de Stripe (checkout.session.*), firma con constructEvent'),
    async (req) => {
      const sig = req.headers['stripe-signature'];
      await handleStripeWebhook(context.deps, Array.isArray(sig) ? sig[0] : sig, rawBuffer(req.body));
      return { success: true as const };
    },
  );
};
