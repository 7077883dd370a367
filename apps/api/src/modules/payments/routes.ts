// Calls that create or pay orders: the free claim and cash orders (order/place), PayPal
// (config, create-order, cancel-order, order/paypal, webhook) and Stripe (order/stripe,
// order/verifyStripe, webhook). Registered under /api with full paths because they sit
// beside the orders module's /order/* routes. Order-creating calls are rate limited per user
// and per IP; the webhooks per IP. The two webhooks live in their own plugin whose JSON
// parser keeps the raw body (signatures are over the bytes).

import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@store/shared/messages';
import { errorResponse } from '@store/shared/schemas/common';
import {
  paypalOrderBody,
  placeOrderBody,
  placeOrderResponse,
  stripeOrderResponse,
  verifyStripeBody,
} from '@store/shared/schemas/order';
import {
  paymentDoneResponse,
  paypalCancelOrderBody,
  paypalConfigResponse,
  paypalCreateOrderBody,
  paypalCreateOrderResponse,
  webhookAckResponse,
} from '@store/shared/schemas/payments';
import { okResponse } from '@store/shared/schemas/common';
import { AppError } from '../../lib/errors';
import { errorResponses, tokenSecurity } from '../../lib/route-schemas';
import { currentUser, requireUser } from '../../plugins/auth';
import { rateLimits } from '../../plugins/rate-limit';
import { networkOf } from '../../lib/network';
import { PAYPAL_WEBHOOK_BODY_LIMIT } from './paypal-webhook-screen';
import { placeOrder } from './place-service';
import { groupRoutes } from './group-routes';
import { cancellationQuote, cancelOwnOrder } from './cancellation';
import {
  cancelOrderBody,
  cancelOrderResponse,
  cancellationQuoteBody,
  cancellationQuoteResponse,
} from '@store/shared/schemas/after-sale';
import { createPaymentProviders, type PaymentProviders } from './providers';
import {
  cancelPaypalOrder,
  capturePaypalOrder,
  createPaypalOrder,
  handlePaypalWebhook,
} from './paypal-service';
import type { PaymentDeps } from './settle';
import { createStripeCheckout, handleStripeWebhook, verifyStripeCheckout } from './stripe-service';

const paymentErrors = { ...errorResponses(400, 401, 403, 404, 409, 429, 503), 402: errorResponse };

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
  // One per-IP counter shared by every order-creating call (before auth: floods of bad
  // tokens count too); each route also counts per user, after auth, through its route
  // config. The plugin runs one route limit per request, so this one is a plain hook.
  const ipCounter = app.createRateLimit(limits.orderPerIp);
  const orderPerIp = async (req: FastifyRequest) => {
    const result = await ipCounter(req);
    if (!result.isAllowed && result.isExceeded) throw new AppError('too_many_requests', MSG.rateLimited);
  };
  // A fresh object per route: the rate-limit plugin appends its hook to the route's array.
  const ordering = () => ({ onRequest: [orderPerIp, requireUser], config: { rateLimit: limits.order } });

  await app.register(groupRoutes, { prefix: '/group', deps });

  app.post(
    '/order/place',
    {
      ...ordering(),
      schema: {
        tags: ['order'],
        summary: 'Reclamar gratis (total del servidor 0) o, si está habilitado, orden en efectivo',
        security: tokenSecurity,
        body: placeOrderBody,
        response: { 200: placeOrderResponse, ...errorResponses(400, 401, 403, 404, 409, 413, 429, 503) },
      },
    },
    async (req) => {
      const { order, message } = await placeOrder(deps, {
        userId: currentUser(req).id,
        address: req.body.address,
        items: req.body.items,
        amount: req.body.amount,
        couponCode: req.body.couponCode,
        invoice: req.body.invoice ?? null,
        clientNetwork: networkOf(req.ip),
      });
      return { success: true as const, message, orderId: order.id };
    },
  );

  app.post(
    '/order/cancellation',
    {
      onRequest: requireUser,
      schema: {
        tags: ['order'],
        summary: 'Qué se reembolsaría al cancelar cada día o toda una orden propia',
        security: tokenSecurity,
        body: cancellationQuoteBody,
        response: { 200: cancellationQuoteResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => ({
      success: true as const,
      quote: await cancellationQuote(app.db.db, currentUser(req).id, req.body.orderId, new Date()),
    }),
  );

  app.post(
    '/order/cancel',
    {
      ...ordering(),
      schema: {
        tags: ['order'],
        summary: 'Cancelar días o toda una orden propia según los términos (reembolso por PayPal)',
        security: tokenSecurity,
        body: cancelOrderBody,
        response: { 200: cancelOrderResponse, ...paymentErrors },
      },
    },
    async (req) => {
      const result = await cancelOwnOrder(deps, currentUser(req).id, req.body, new Date());
      return { success: true as const, ...result };
    },
  );

  app.get(
    '/paypal/config',
    {
      schema: {
        tags: ['payments'],
        summary: 'Datos públicos para cargar los botones de PayPal (o por qué no están disponibles)',
        response: { 200: paypalConfigResponse },
      },
    },
    async () =>
      deps.providers.paypal && app.config.PAYPAL_CLIENT_ID
        ? {
            success: true as const,
            configured: true as const,
            clientId: app.config.PAYPAL_CLIENT_ID,
            sdkBase: app.config.PAYPAL_SDK_BASE.replace(/\/+$/, ''),
            currency: 'MXN' as const,
          }
        : { success: true as const, configured: false as const, message: MSG.paymentNotConfigured },
  );

  app.post(
    '/paypal/create-order',
    {
      ...ordering(),
      schema: {
        tags: ['payments'],
        summary: 'Orden pendiente por el total del servidor y orden de PayPal en MXN por ese monto',
        security: tokenSecurity,
        body: paypalCreateOrderBody,
        response: { 200: paypalCreateOrderResponse, ...paymentErrors },
      },
    },
    async (req) => {
      const { paypalOrderId, orderId } = await createPaypalOrder(
        deps,
        currentUser(req).id,
        req.body,
        networkOf(req.ip),
      );
      return { success: true as const, id: paypalOrderId, orderId };
    },
  );

  app.post(
    '/paypal/cancel-order',
    {
      onRequest: requireUser,
      schema: {
        tags: ['payments'],
        summary: 'El comprador cerró PayPal sin pagar: se liberan lugares y cupón',
        security: tokenSecurity,
        body: paypalCancelOrderBody,
        response: { 200: okResponse, ...paymentErrors },
      },
    },
    async (req) => {
      await cancelPaypalOrder(deps, currentUser(req).id, req.body.paypalOrderId);
      return { success: true as const, message: MSG.paymentCancelled };
    },
  );

  app.post(
    '/order/paypal',
    {
      ...ordering(),
      schema: {
        tags: ['payments'],
        summary:
          'Cobra en el servidor la orden de PayPal aprobada y marca la orden pagada si PayPal cobró el monto exacto',
        security: tokenSecurity,
        body: paypalOrderBody,
        response: { 200: paymentDoneResponse, ...paymentErrors },
      },
    },
    async (req) => {
      const order = await capturePaypalOrder(deps, currentUser(req).id, req.body);
      return { success: true as const, message: MSG.paymentDone, orderId: order.id };
    },
  );

  app.post(
    '/order/stripe',
    {
      ...ordering(),
      schema: {
        tags: ['payments'],
        summary: 'Orden pendiente y sesión de Stripe Checkout en MXN (no ofrecido en la interfaz)',
        security: tokenSecurity,
        body: placeOrderBody,
        response: { 200: stripeOrderResponse, ...paymentErrors },
      },
    },
    async (req) => {
      const { sessionUrl } = await createStripeCheckout(
        deps,
        currentUser(req).id,
        req.body,
        networkOf(req.ip),
      );
      return { success: true as const, session_url: sessionUrl };
    },
  );

  app.post(
    '/order/verifyStripe',
    {
      onRequest: requireUser,
      schema: {
        tags: ['payments'],
        summary: 'Verifica con Stripe el pago de la orden (nunca por el parámetro success)',
        security: tokenSecurity,
        body: verifyStripeBody,
        response: { 200: paymentDoneResponse, ...paymentErrors },
      },
    },
    async (req) => {
      const order = await verifyStripeCheckout(deps, currentUser(req).id, req.body);
      return { success: true as const, message: MSG.paymentDone, orderId: order.id };
    },
  );

  await app.register(async (hooks) => {
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
  });
};

function rawBuffer(body: unknown): Buffer {
  return Buffer.isBuffer(body) ? body : Buffer.alloc(0);
}

function rawText(body: unknown): string {
  return rawBuffer(body).toString('utf8');
}
