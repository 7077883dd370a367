// The buyer's own order calls: the free claim and cash orders (order/place), and a
// cancellation by the terms (its quote, then the cancellation itself, refunded by PayPal).

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cancelOrderBody,
  cancelOrderResponse,
  cancellationQuoteBody,
  cancellationQuoteResponse,
} from '@store/shared/schemas/after-sale';
import { placeOrderBody, placeOrderResponse } from '@store/shared/schemas/order';
import { networkOf } from '../../lib/network';
import { errorResponses, tokenSecurity } from '../../lib/route-schemas';
import { currentUser, requireUser } from '../../plugins/auth';
import { cancellationQuote, cancelOwnOrder } from './cancellation';
import { placeOrder } from './place-service';
import { paymentErrors, type PaymentRouteContext } from './route-context';

export const orderRoutes: FastifyPluginAsyncZod<PaymentRouteContext> = async (app, { deps, ordering }) => {
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
      quote: await cancellationQuote(deps.db, currentUser(req).id, req.body.orderId, new Date()),
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
};
