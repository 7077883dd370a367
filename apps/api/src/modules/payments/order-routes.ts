// The buyer's order/place: the free claim and cash orders. Cancelling an order is
// after-sale's (after-sale/routes.ts).

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { placeOrderBody, placeOrderResponse } from '@store/shared/schemas/order';
import { networkOf } from '../../lib/network';
import { errorResponses, tokenSecurity } from '../../lib/route-schemas';
import { currentUser } from '../../plugins/auth';
import { countCouponLookup } from '../coupons/lookup-budget';
import { placeOrder } from './place-service';
import { seatBoardChecks, type PaymentRouteContext } from './route-context';
import { inCheckoutLine } from '../../plugins/checkout-line';

export const orderRoutes: FastifyPluginAsyncZod<PaymentRouteContext> = async (app, { deps, ordering }) => {
  app.post(
    '/order/place',
    {
      ...ordering(),
      preHandler: countCouponLookup('couponCode'),
      schema: {
        tags: ['order'],
        summary: 'Reclamar gratis (total del servidor 0) o, si está habilitado, orden en efectivo',
        security: tokenSecurity,
        body: placeOrderBody,
        response: { 200: placeOrderResponse, ...errorResponses(400, 401, 403, 404, 409, 413, 429, 503) },
      },
    },
    inCheckoutLine(async (req) => {
      const { order, message } = await placeOrder(deps, {
        userId: currentUser(req).id,
        address: req.body.address,
        items: req.body.items,
        amount: req.body.amount,
        couponCode: req.body.couponCode,
        invoice: req.body.invoice ?? null,
        invoicePlan: req.body.invoicePlan,
        clientNetwork: networkOf(req.ip),
      });
      return { success: true as const, message, orderId: order.id };
    }, seatBoardChecks),
  );
};
