// PayPal's webhook (PAYMENT.CAPTURE.*): registered inside the raw-body webhook plugin
// (webhook-routes.ts), verified with PayPal, handled by service.ts. Its URL is the one
// configured in PayPal's dashboard: it never changes.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PaymentRouteContext } from '../route-context';
import { rawText, webhookRoute } from '../webhook-routes';
import { handlePaypalWebhook } from './service';

export const paypalWebhook: FastifyPluginAsyncZod<PaymentRouteContext> = async (hooks, context) => {
  hooks.post(
    '/paypal/webhook',
    webhookRoute(context, 'Webhook de PayPal (PAYMENT.CAPTURE.*), firma verificada con PayPal'),
    async (req) => {
      const header = (name: string) => {
        const v = req.headers[name];
        return Array.isArray(v) ? v[0] : v;
      };
      await handlePaypalWebhook(
        context.deps,
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
};
