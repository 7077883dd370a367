// Calls that create or pay orders, registered under /api with full paths because they sit
// beside the orders module's /order/* routes: the free claim and cash orders
// (order-routes.ts), PayPal (paypal-routes.ts), Stripe (stripe-routes.ts), the providers'
// webhooks (webhook-routes.ts, raw bodies) and a team's purchase (group-routes.ts). The
// after-sale routes (cancellation, a team's places) share the same context (app.ts builds it
// once: one per-IP counter for every order-changing call).
// Order-creating calls are rate limited per user and per IP (route-context.ts); the webhooks
// per IP.

import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateLimits } from '../../plugins/rate-limit';
import { groupRoutes } from './group-routes';
import { methodRoutes } from './method-routes';
import { orderRoutes } from './order-routes';
import type { PaymentClients } from './clients';
import { createPaymentDeps } from './registry';
import { orderingGuard, type PaymentRouteContext } from './route-context';
import { webhookRoutes } from './webhook-routes';

/** The providers as configured, the database, and the guard of order-changing calls. */
export function createPaymentRouteContext(
  app: FastifyInstance,
  clients?: PaymentClients,
): PaymentRouteContext {
  const deps = createPaymentDeps({
    db: app.db.db,
    config: app.config,
    log: app.log,
    ...(clients ? { clients } : {}),
  });
  const limits = rateLimits(app.config);
  return { deps, limits, ordering: orderingGuard(app.createRateLimit(limits.orderPerIp), limits) };
}

export const paymentRoutes: FastifyPluginAsyncZod<PaymentRouteContext> = async (app, context) => {
  await app.register(groupRoutes, { prefix: '/group', deps: context.deps });
  await app.register(orderRoutes, context);
  await app.register(methodRoutes, context);
  // Each way to pay brings its own routes (provider.ts); their webhooks go in one plugin.
  for (const provider of Object.values(context.deps.providers)) {
    if (provider.routes) await app.register(provider.routes, context);
  }
  await app.register(webhookRoutes, context);
};
