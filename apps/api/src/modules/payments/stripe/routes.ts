// Stripe Checkout (kept for the API, not offered in the interface): the pending order with
// its Checkout session, and the verification of its payment with Stripe.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@store/shared/messages';
import { placeOrderBody, stripeOrderResponse, verifyStripeBody } from '@store/shared/schemas/order';
import { paymentDoneResponse } from '@store/shared/schemas/payments';
import { networkOf } from '../../../lib/network';
import { tokenSecurity } from '../../../lib/route-schemas';
import { currentUser, requireUser } from '../../../plugins/auth';
import { countCouponLookup } from '../../coupons/lookup-budget';
import { createStripeCheckout, verifyStripeCheckout } from './service';
import { paymentErrors, seatBoardChecks, type PaymentRouteContext } from '../route-context';
import { inCheckoutLine } from '../../../plugins/checkout-line';

export const stripeRoutes: FastifyPluginAsyncZod<PaymentRouteContext> = async (app, { deps, ordering }) => {
  app.post(
    '/order/stripe',
    {
      ...ordering(),
      preHandler: countCouponLookup('couponCode'),
      schema: {
        tags: ['payments'],
        summary: 'Orden pendiente y sesión de Stripe Checkout en MXN (no ofrecido en la interfaz)',
        security: tokenSecurity,
        body: placeOrderBody,
        response: { 200: stripeOrderResponse, ...paymentErrors },
      },
    },
    inCheckoutLine(async (req) => {
      const { sessionUrl } = await createStripeCheckout(
        deps,
        currentUser(req).id,
        req.body,
        networkOf(req.ip),
      );
      return { success: true as const, session_url: sessionUrl };
    }, seatBoardChecks),
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
};
