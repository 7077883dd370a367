// PayPal from the browser: the public data its buttons need, the pending order and PayPal
// order for the server's total, the buyer closing PayPal without paying, and the capture.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@store/shared/messages';
import { okResponse } from '@store/shared/schemas/common';
import { paypalOrderBody } from '@store/shared/schemas/order';
import {
  paymentDoneResponse,
  paypalCancelOrderBody,
  paypalConfigResponse,
  paypalCreateOrderBody,
  paypalCreateOrderResponse,
} from '@store/shared/schemas/payments';
import { networkOf } from '../../../lib/network';
import { tokenSecurity } from '../../../lib/route-schemas';
import { currentUser, requireUser } from '../../../plugins/auth';
import { countCouponLookup } from '../../coupons/lookup-budget';
import { cancelPaypalOrder, capturePaypalOrder, createPaypalOrder } from './service';
import { paypalGroupRoutes } from './group-routes';
import { paymentErrors, seatBoardChecks, type PaymentRouteContext } from '../route-context';
import { clientGone, inCheckoutLine, leaveLineSlot } from '../../../plugins/checkout-line';

export const paypalRoutes: FastifyPluginAsyncZod<PaymentRouteContext> = async (app, context) => {
  const { deps, ordering } = context;
  await app.register(paypalGroupRoutes, context);
  app.get(
    '/paypal/config',
    {
      schema: {
        tags: ['payments'],
        summary: 'Datos públicos para cargar los botones de PayPal (o por qué no están disponibles)',
        response: { 200: paypalConfigResponse },
      },
    },
    async () =>
      deps.clients.paypal && deps.config.PAYPAL_CLIENT_ID
        ? {
            success: true as const,
            configured: true as const,
            clientId: deps.config.PAYPAL_CLIENT_ID,
            sdkBase: deps.config.PAYPAL_SDK_BASE.replace(/\/+$/, ''),
            currency: 'MXN' as const,
          }
        : { success: true as const, configured: false as const, message: MSG.paymentNotConfigured },
  );

  app.post(
    '/paypal/create-order',
    {
      ...ordering(),
      preHandler: countCouponLookup('couponCode'),
      schema: {
        tags: ['payments'],
        summary: 'Orden pendiente por el total del servidor y orden de PayPal en MXN por ese monto',
        security: tokenSecurity,
        body: paypalCreateOrderBody,
        response: { 200: paypalCreateOrderResponse, ...paymentErrors },
      },
    },
    inCheckoutLine(async (req) => {
      const userId = currentUser(req).id;
      const { paypalOrderId, orderId } = await createPaypalOrder(
        deps,
        userId,
        req.body,
        networkOf(req.ip),
        () => leaveLineSlot(req),
      );
      // The buyer left before the answer (closed the page, gave up waiting): nobody can approve
      // this PayPal order, so its seats go back now rather than when the window ends.
      if (clientGone(req)) await cancelPaypalOrder(deps, userId, paypalOrderId);
      return { success: true as const, id: paypalOrderId, orderId };
    }, seatBoardChecks),
  );

  app.post(
    '/paypal/cancel-order',
    {
      onRequest: requireUser,
      schema: {
        tags: ['payments'],
        summary: 'El comprador cerró PayPal sin pagar: se liberan lugares y cupón',
        security: tokenSecurity,
        body: paypalCancelOrderBody,
        response: { 200: okResponse, ...paymentErrors },
      },
    },
    async (req) => {
      await cancelPaypalOrder(deps, currentUser(req).id, req.body.paypalOrderId);
      return { success: true as const, message: MSG.paymentCancelled };
    },
  );

  app.post(
    '/order/paypal',
    {
      ...ordering(),
      schema: {
        tags: ['payments'],
        summary:
          'Cobra en el servidor la orden de PayPal aprobada y marca la orden pagada si PayPal cobró el monto exacto',
        security: tokenSecurity,
        body: paypalOrderBody,
        response: { 200: paymentDoneResponse, ...paymentErrors },
      },
    },
    async (req) => {
      const order = await capturePaypalOrder(deps, currentUser(req).id, req.body);
      return { success: true as const, message: MSG.paymentDone, orderId: order.id };
    },
  );
};
