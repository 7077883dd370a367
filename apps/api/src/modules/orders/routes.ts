// /api/order/*: free claim (and cash orders when enabled), my orders, one order (docs/product.md → API).
// Payment-provider calls (paypal, stripe, verifyStripe) live in the payments module.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  orderSingleBody,
  orderSingleResponse,
  placeOrderBody,
  placeOrderResponse,
  userOrdersResponse,
} from '@store/shared/schemas/order';
import { errorResponses, tokenSecurity } from '../../lib/route-schemas';
import { currentUser, requireUser } from '../../plugins/auth';
import { getOwnOrder, listOrdersOf, placeOrder, toApiOrder } from './service';

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/place',
    {
      onRequest: requireUser,
      schema: {
        tags: ['order'],
        summary: 'Reclamar gratis (total del servidor 0) o, si está habilitado, orden en efectivo',
        security: tokenSecurity,
        body: placeOrderBody,
        response: { 200: placeOrderResponse, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    async (req) => {
      const { order, message } = await placeOrder(
        app.db.db,
        { cashOrdersEnabled: app.config.CASH_ORDERS_ENABLED },
        {
          userId: currentUser(req).id,
          address: req.body.address,
          items: req.body.items,
          amount: req.body.amount,
          couponCode: req.body.couponCode,
        },
      );
      return { success: true as const, message, orderId: order.id };
    },
  );

  app.post(
    '/userorders',
    {
      onRequest: requireUser,
      schema: {
        tags: ['order'],
        summary: 'Mis órdenes, de la más reciente a la más antigua',
        security: tokenSecurity,
        response: { 200: userOrdersResponse, ...errorResponses(401) },
      },
    },
    async (req) => ({
      success: true as const,
      orders: (await listOrdersOf(app.db.db, currentUser(req).id)).map(toApiOrder),
    }),
  );

  app.post(
    '/single',
    {
      onRequest: requireUser,
      schema: {
        tags: ['order'],
        summary: 'Una orden propia',
        security: tokenSecurity,
        body: orderSingleBody,
        response: { 200: orderSingleResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => ({
      success: true as const,
      order: toApiOrder(await getOwnOrder(app.db.db, currentUser(req).id, req.body.orderId)),
    }),
  );
};
