// /api/group/*: places for a team (docs/groups.md). The quote, the purchase (PayPal's
// create-order; the capture is the usual /api/order/paypal; cash when enabled), the buyer's
// places of a group order, assigning them (one, or a pasted/uploaded list), cancelling them
// by the terms, and the places others bought for me. Registered by paymentRoutes, which owns
// the payment providers.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  assignCsvBody,
  assignPlaceBody,
  assignedPlacesResponse,
  cancelPlacesBody,
  groupActionResponse,
  groupCheckoutBody,
  groupPaypalResponse,
  groupPlacesResponse,
  groupQuoteBody,
  groupQuoteResponse,
} from '@store/shared/schemas/group';
import { cancelOrderResponse } from '@store/shared/schemas/after-sale';
import { placeOrderResponse } from '@store/shared/schemas/order';
import { errorResponse } from '@store/shared/schemas/common';
import { z } from 'zod';
import { MSG } from '@store/shared/messages';
import { errorResponses, tokenSecurity } from '../../lib/route-schemas';
import { networkOf } from '../../lib/network';
import { currentUser, requireUser } from '../../plugins/auth';
import { rateLimits } from '../../plugins/rate-limit';
import {
  assignOnePlace,
  assignPlacesFromCsv,
  cancelGroupPlaces,
  createGroupPaypalOrder,
  groupPlaces,
  groupQuote,
  placeGroupCashOrder,
  placesAssignedToMe,
} from './group-service';
import { capturePaypalOrder } from './paypal-service';
import type { PaymentDeps } from './settle';

const errors = errorResponses(400, 401, 403, 404, 409, 429, 503);

export const groupRoutes: FastifyPluginAsyncZod<{ deps: PaymentDeps }> = async (app, { deps }) => {
  const limited = () => ({ onRequest: requireUser, config: { rateLimit: rateLimits(app.config).order } });

  app.post(
    '/quote',
    {
      onRequest: requireUser,
      schema: {
        tags: ['group'],
        summary: 'Precio de N lugares de un evento para un equipo (precio por lugar, total)',
        security: tokenSecurity,
        body: groupQuoteBody,
        response: { 200: groupQuoteResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      quote: await groupQuote(deps.db, currentUser(req).id, req.body),
    }),
  );

  app.post(
    '/paypal/create-order',
    {
      ...limited(),
      schema: {
        tags: ['group'],
        summary: 'Orden de grupo pendiente (toma un lugar por persona y día) y su orden de PayPal',
        security: tokenSecurity,
        body: groupCheckoutBody,
        response: { 200: groupPaypalResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await createGroupPaypalOrder(deps, currentUser(req).id, req.body, networkOf(req.ip))),
    }),
  );

  app.post(
    '/paypal/capture',
    {
      ...limited(),
      schema: {
        tags: ['group'],
        summary: 'Cobra en el servidor la orden de PayPal aprobada de una orden de grupo propia',
        security: tokenSecurity,
        body: z.object({ paypalOrderId: z.string({ error: MSG.paymentError }).min(1).max(64) }),
        response: { 200: placeOrderResponse, ...errors, 402: errorResponse },
      },
    },
    async (req) => {
      const order = await capturePaypalOrder(deps, currentUser(req).id, req.body);
      return { success: true as const, message: MSG.paymentDone, orderId: order.id };
    },
  );

  app.post(
    '/place',
    {
      ...limited(),
      schema: {
        tags: ['group'],
        summary: 'Orden de grupo en efectivo (si está habilitado)',
        security: tokenSecurity,
        body: groupCheckoutBody,
        response: { 200: placeOrderResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await placeGroupCashOrder(deps, currentUser(req).id, req.body, networkOf(req.ip))),
    }),
  );

  app.post(
    '/places',
    {
      onRequest: requireUser,
      schema: {
        tags: ['group'],
        summary: 'Los lugares de una orden de grupo propia, con su estado y quién los usa',
        security: tokenSecurity,
        body: z.object({ orderId: z.string({ error: MSG.orderNotFound }).min(1) }),
        response: { 200: groupPlacesResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      group: await groupPlaces(deps.db, currentUser(req).id, req.body.orderId, new Date()),
    }),
  );

  app.post(
    '/assign',
    {
      ...limited(),
      schema: {
        tags: ['group'],
        summary: 'Asignar o reasignar un lugar (nombre y correo); crea la cuenta si no existe',
        security: tokenSecurity,
        body: assignPlaceBody,
        response: { 200: groupActionResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      message: await assignOnePlace(deps, currentUser(req).id, req.body),
    }),
  );

  app.post(
    '/assign-csv',
    {
      ...limited(),
      schema: {
        tags: ['group'],
        summary: 'Asignar lugares desde una lista CSV (nombre,correo[,dia]): todo o nada',
        security: tokenSecurity,
        body: assignCsvBody,
        response: { 200: groupActionResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      message: await assignPlacesFromCsv(deps, currentUser(req).id, req.body),
    }),
  );

  app.post(
    '/cancel',
    {
      ...limited(),
      schema: {
        tags: ['group'],
        summary: 'Cancelar lugares según los términos (reembolso por PayPal menos el cargo)',
        security: tokenSecurity,
        body: cancelPlacesBody,
        response: { 200: cancelOrderResponse, ...errors, 402: errorResponse },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await cancelGroupPlaces(deps, currentUser(req).id, req.body, new Date())),
    }),
  );

  app.post(
    '/mine',
    {
      onRequest: requireUser,
      schema: {
        tags: ['group'],
        summary: 'Lugares que otra persona compró y me asignó',
        security: tokenSecurity,
        response: { 200: assignedPlacesResponse, ...errorResponses(401) },
      },
    },
    async (req) => ({
      success: true as const,
      places: await placesAssignedToMe(deps.db, currentUser(req).id),
    }),
  );
};
