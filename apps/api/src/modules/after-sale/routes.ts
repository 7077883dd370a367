// What a buyer does after the sale (docs/after-sale.md, docs/groups.md): the cancellation of
// an order by the terms (its quote, then the cancellation, refunded through the order's
// provider), and a team's places (list, assign one or a list, cancel by the terms, the places
// others bought for me). Registered under /api with full paths by paymentRoutes, which owns
// the providers a refund goes through; changing calls share its per-IP and per-user limits.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@store/shared/messages';
import {
  cancelOrderBody,
  cancelOrderResponse,
  cancellationQuoteBody,
  cancellationQuoteResponse,
} from '@store/shared/schemas/after-sale';
import { errorResponse } from '@store/shared/schemas/common';
import {
  assignCsvBody,
  assignPlaceBody,
  reassignPlaceBody,
  assignedPlacesResponse,
  cancelPlacesBody,
  groupActionResponse,
  groupPlacesResponse,
} from '@store/shared/schemas/group';
import { errorResponses, tokenSecurity } from '../../lib/route-schemas';
import { currentUser, requireUser } from '../../plugins/auth';
import { paymentErrors, type PaymentRouteContext } from '../payments/route-context';
import { cancellationQuote, cancelOwnOrder } from './cancellation';
import {
  assignOnePlace,
  reassignOnePlace,
  assignPlacesFromCsv,
  cancelGroupPlaces,
  groupPlaces,
  placesAssignedToMe,
} from './places';

const groupErrors = errorResponses(400, 401, 403, 404, 409, 429, 503);

export const afterSaleRoutes: FastifyPluginAsyncZod<PaymentRouteContext> = async (
  app,
  { deps, limits, ordering },
) => {
  const limited = () => ({ onRequest: requireUser, config: { rateLimit: limits.order } });

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
      quote: await cancellationQuote(deps, currentUser(req).id, req.body.orderId, new Date()),
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

  app.post(
    '/group/places',
    {
      onRequest: requireUser,
      schema: {
        tags: ['group'],
        summary: 'Los lugares de una orden de grupo propia, con su estado y quién los usa',
        security: tokenSecurity,
        body: z.object({ orderId: z.string({ error: MSG.orderNotFound }).min(1) }),
        response: { 200: groupPlacesResponse, ...groupErrors },
      },
    },
    async (req) => ({
      success: true as const,
      group: await groupPlaces(deps, currentUser(req).id, req.body.orderId, new Date()),
    }),
  );

  app.post(
    '/group/assign',
    {
      ...limited(),
      schema: {
        tags: ['group'],
        summary:
          'Asignar lugares libres a una persona (nombre y correo; un lugar por día); crea la cuenta si no existe',
        security: tokenSecurity,
        body: assignPlaceBody,
        response: { 200: groupActionResponse, ...groupErrors },
      },
    },
    async (req) => ({
      success: true as const,
      message: await assignOnePlace(deps, currentUser(req).id, req.body),
    }),
  );

  app.post(
    '/group/reassign',
    {
      ...limited(),
      schema: {
        tags: ['group'],
        summary: 'Reasignar a otra persona los lugares que tiene currentEmail',
        security: tokenSecurity,
        body: reassignPlaceBody,
        response: { 200: groupActionResponse, ...groupErrors },
      },
    },
    async (req) => ({
      success: true as const,
      message: await reassignOnePlace(deps, currentUser(req).id, req.body),
    }),
  );

  app.post(
    '/group/assign-csv',
    {
      ...limited(),
      schema: {
        tags: ['group'],
        summary:
          'Asignar lugares desde una lista CSV (nombre,correo[,un día por columna]): una persona por línea, todo o nada',
        security: tokenSecurity,
        body: assignCsvBody,
        response: { 200: groupActionResponse, ...groupErrors },
      },
    },
    async (req) => ({
      success: true as const,
      message: await assignPlacesFromCsv(deps, currentUser(req).id, req.body),
    }),
  );

  app.post(
    '/group/cancel',
    {
      ...limited(),
      schema: {
        tags: ['group'],
        summary: 'Cancelar lugares según los términos (reembolso por PayPal menos el cargo)',
        security: tokenSecurity,
        body: cancelPlacesBody,
        response: { 200: cancelOrderResponse, ...groupErrors, 402: errorResponse },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await cancelGroupPlaces(deps, currentUser(req).id, req.body, new Date())),
    }),
  );

  app.post(
    '/group/mine',
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
