// /api/order/*: my orders, one order. The calls that create or pay orders (place, paypal,
// stripe, verifyStripe) live in the payments module, which keeps one live order per user
// and day across all of them.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cartQuoteResponse,
  orderSingleBody,
  orderSingleResponse,
  userOrdersResponse,
} from '@store/shared/schemas/order';
import { errorResponses, tokenSecurity } from '../../lib/route-schemas';
import { currentUser, requireUser } from '../../plugins/auth';
import { inCheckoutLine } from '../../plugins/checkout-line';
import { z } from 'zod';
import { quoteForDisplay } from '../cart/quote';
import { ownApiOrder, ownCalendar, ownReceipt } from './service';
import { sendCached, sendEncoded } from '../../lib/http-cache';
import { rateLimits } from '../../plugins/rate-limit';
import {
  transferDayBody,
  transferDayResponse,
  transferOptionsBody,
  transferOptionsResponse,
} from '@store/shared/schemas/transfer';
import { transfer, transferOptions } from '../lifecycle';

const JSON_TYPE = 'application/json; charset=utf-8';

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  // My orders, from the buyer's snapshot in memory (user-views.ts). POST is the API's
  // original call; GET is the same answer for browsers: an ETag, 304 for a repeat.
  const userOrdersSchema = {
    tags: ['order'],
    summary: 'Mis órdenes, de la más reciente a la más antigua',
    security: tokenSecurity,
    response: { 200: userOrdersResponse, ...errorResponses(401) },
  };
  app.post('/userorders', { onRequest: requireUser, schema: userOrdersSchema }, async (req, reply) =>
    sendEncoded(req, reply.type(JSON_TYPE), await app.userViews.orders(currentUser(req).id)),
  );
  app.get(
    '/userorders',
    {
      onRequest: requireUser,
      schema: {
        ...userOrdersSchema,
        description:
          'La misma respuesta que POST, con ETag: If-None-Match con la etiqueta vigente responde 304 sin cuerpo.',
      },
    },
    async (req, reply) =>
      // Stored by the browser for this user only, and checked with the server each time.
      sendCached(req, reply, await app.userViews.orders(currentUser(req).id), JSON_TYPE, 'private, no-cache'),
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
      order: await ownApiOrder(app.db.db, currentUser(req).id, req.body.orderId),
    }),
  );

  app.post(
    '/quote',
    {
      onRequest: requireUser,
      schema: {
        tags: ['order'],
        summary:
          'Mi carrito con los precios que cobrará el pago (mi tarifa), o el motivo por el que no se puede pagar',
        security: tokenSecurity,
        response: { 200: cartQuoteResponse, ...errorResponses(401) },
      },
    },
    inCheckoutLine(async (req) => ({
      success: true as const,
      ...(await quoteForDisplay(app.db.db, currentUser(req).id)),
    })),
  );

  app.post(
    '/transfer-options',
    {
      onRequest: requireUser,
      schema: {
        tags: ['order'],
        summary: 'Qué días de un evento de una orden propia se pueden transferir a un colega',
        security: tokenSecurity,
        body: transferOptionsBody,
        response: { 200: transferOptionsResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => ({
      success: true as const,
      options: await transferOptions(app.db.db, currentUser(req).id, req.body, new Date()),
    }),
  );

  app.post(
    '/transfer',
    {
      onRequest: requireUser,
      config: { rateLimit: rateLimits(app.config).order },
      schema: {
        tags: ['order'],
        summary: 'Transferir un día (o todo un evento vendido completo) de una orden propia a un colega',
        security: tokenSecurity,
        body: transferDayBody,
        response: { 200: transferDayResponse, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await transfer(app.db.db, currentUser(req).id, req.body, new Date())),
    }),
  );

  app.get(
    '/:orderId/receipt',
    {
      onRequest: requireUser,
      schema: {
        tags: ['order'],
        summary: 'Recibo en PDF de una orden propia pagada',
        security: tokenSecurity,
        produces: ['application/pdf'],
        params: z.object({ orderId: z.string().min(1).max(64) }),
        // The PDF's bytes (a Buffer is sent as is, without JSON serialisation).
        response: { 200: z.any(), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (req, reply) => {
      const { fileName, pdf } = await ownReceipt(app.db.db, currentUser(req).id, req.params.orderId);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Cache-Control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/:orderId/calendar',
    {
      onRequest: requireUser,
      schema: {
        tags: ['order'],
        summary: 'Calendario (.ics) de los días pagados de una orden propia',
        security: tokenSecurity,
        produces: ['text/calendar'],
        params: z.object({ orderId: z.string().min(1).max(64) }),
        response: { 200: z.string(), ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (req, reply) => {
      const { fileName, ics } = await ownCalendar(app.db.db, currentUser(req).id, req.params.orderId, {
        publicUrl: app.mailSettings.publicUrl,
      });
      return reply
        .type('text/calendar; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Cache-Control', 'private, no-store')
        .send(ics);
    },
  );
};
