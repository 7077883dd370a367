// /api/group/*: places for a team (docs/groups.md), the purchase: the quote, the institution
// the team checkout is prefilled with, and the cash group order (when enabled); each provider
// brings its own way to pay for a team with its routes (PayPal's create-order and capture in
// paypal/group-routes.ts, SPEI in stripe/intent-routes.ts). The places after the purchase
// (assign, cancel, mine) are after-sale's routes. Registered by paymentRoutes, which owns the
// payment providers.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { groupCheckoutBody, groupQuoteBody, groupQuoteResponse } from '@store/shared/schemas/group';
import { fiscalDataResponse } from '@store/shared/schemas/invoice';
import { placeOrderResponse } from '@store/shared/schemas/order';
import { errorResponses, tokenSecurity } from '../../lib/route-schemas';
import { networkOf } from '../../lib/network';
import { currentUser, requireUser } from '../../plugins/auth';
import { inCheckoutLine } from '../../plugins/checkout-line';
import { rateLimits } from '../../plugins/rate-limit';
import { countCouponLookup } from '../coupons/lookup-budget';
import { getFiscalData } from '../invoices/service';
import { groupQuote, placeGroupCashOrder } from './group-service';
import type { PaymentDeps } from './settle';

const errors = errorResponses(400, 401, 403, 404, 409, 429, 503);

export const groupRoutes: FastifyPluginAsyncZod<{ deps: PaymentDeps }> = async (app, { deps }) => {
  const limited = () => ({ onRequest: requireUser, config: { rateLimit: rateLimits(app.config).order } });

  app.post(
    '/quote',
    {
      onRequest: requireUser,
      preHandler: countCouponLookup('couponCode'),
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

  app.get(
    '/fiscal-data',
    {
      onRequest: requireUser,
      schema: {
        tags: ['group'],
        summary: 'Datos fiscales de la institución de la última compra para equipo con factura (o null)',
        security: tokenSecurity,
        response: { 200: fiscalDataResponse, ...errorResponses(401) },
      },
    },
    async (req) => ({
      success: true as const,
      fiscalData: await getFiscalData(deps.db, currentUser(req).id, 'institucion'),
    }),
  );

  app.post(
    '/place',
    {
      ...limited(),
      preHandler: countCouponLookup('couponCode'),
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
