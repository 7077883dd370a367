// Calls that create or pay orders, registered under /api with full paths because they sit
// beside the orders module's /order/* routes: the buyer's own orders (order-routes.ts: free
// claim, cash, cancellation), PayPal (paypal-routes.ts), Stripe (stripe-routes.ts), the
// providers' webhooks (webhook-routes.ts, raw bodies) and team places (group-routes.ts).
// Order-creating calls are rate limited per user and per IP (route-context.ts); the webhooks
// per IP.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rateLimits } from '../../plugins/rate-limit';
import { groupRoutes } from './group-routes';
import { orderRoutes } from './order-routes';
import { paypalRoutes } from './paypal-routes';
import { createPaymentProviders, type PaymentProviders } from './providers';
import { orderingGuard, type PaymentRouteContext } from './route-context';
import type { PaymentDeps } from './settle';
import { stripeRoutes } from './stripe-routes';
import { webhookRoutes } from './webhook-routes';

export interface PaymentRoutesOptions {
  /** Defaults to the providers configured in app.config. */
  providers?: PaymentProviders;
}

export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (app, opts) => {
  const deps: PaymentDeps = {
    db: app.db.db,
    config: app.config,
    providers: opts.providers ?? createPaymentProviders(app.config),
    log: app.log,
  };
  const limits = rateLimits(app.config);
  const context: PaymentRouteContext = {
    deps,
    limits,
    ordering: orderingGuard(app.createRateLimit(limits.orderPerIp), limits),
  };
  await app.register(groupRoutes, { prefix: '/group', deps });
  await app.register(orderRoutes, context);
  await app.register(paypalRoutes, context);
  await app.register(stripeRoutes, context);
  await app.register(webhookRoutes, context);
};
