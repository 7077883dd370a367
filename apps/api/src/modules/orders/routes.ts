// /api/order/*: my orders, one order. The calls that create or pay orders (place, paypal,
// stripe, verifyStripe) live in the payments module, which keeps one live order per user
// and day across all of them.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderSingleBody, orderSingleResponse, userOrdersResponse } from '@store/shared/schemas/order';
import { errorResponses, tokenSecurity } from '../../lib/route-schemas';
import { currentUser, requireUser } from '../../plugins/auth';
import { getOwnOrder, listOrdersOf, toApiOrder } from './service';
import { fastSerializerCompiler } from '../../lib/fast-serializer';

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/userorders',
    {
      onRequest: requireUser,
      // Hot at stream start (every buyer opens /orders): serialised from the schema by fast-json-stringify.
      serializerCompiler: fastSerializerCompiler,
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
