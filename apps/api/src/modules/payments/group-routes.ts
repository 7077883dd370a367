// /api/group/*: places for a team (docs/groups.md), the purchase: the quote, the group order
// (PayPal's create-order and capture; cash when enabled). The places after the purchase
// (assign, cancel, mine) are after-sale's routes. Registered by paymentRoutes, which owns the
// payment providers.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  groupCheckoutBody,
  groupPaypalResponse,
  groupQuoteBody,
  groupQuoteResponse,
} from '@store/shared/schemas/group';
import { placeOrderResponse } from '@store/shared/schemas/order';
import { errorResponse } from '@store/shared/schemas/common';
import { z } from 'zod';
import { MSG } from '@store/shared/messages';
import { errorResponses, tokenSecurity } from '../../lib/route-schemas';
import { networkOf } from '../../lib/network';
import { currentUser, requireUser } from '../../plugins/auth';
import { inCheckoutLine } from '../../plugins/checkout-line';
import { rateLimits } from '../../plugins/rate-limit';
import { createGroupPaypalOrder, groupQuote, placeGroupCashOrder } from './group-service';
import { capturePaypalOrder } from './paypal/service';
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
    inCheckoutLine(async (req) => ({
      success: true as const,
      ...(await createGroupPaypalOrder(deps, currentUser(req).id, req.body, networkOf(req.ip))),
    })),
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
    inCheckoutLine(async (req) => ({
      success: true as const,
      ...(await placeGroupCashOrder(deps, currentUser(req).id, req.body, networkOf(req.ip))),
    })),
  );
};
