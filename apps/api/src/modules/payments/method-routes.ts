// What every way to pay shares on the buyer's side: which ways the association offers now
// (GET /api/payment-methods, public: the checkout and the team purchase read it), and the
// instructions of one's own order still waiting for cash or a transfer (the payment page).

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentInstructionsOf } from '@store/shared/domain/mx-payments';
import { orderInstructionsResponse, paymentMethodsResponse } from '@store/shared/schemas/mx-payments';
import { errorResponses, tokenSecurity } from '../../lib/route-schemas';
import { currentUser, requireUser } from '../../plugins/auth';
import { findPayment } from '../lifecycle';
import { getOwnOrder } from '../orders/service';
import type { PaymentRouteContext } from './route-context';
import { offeredMethods } from './settings';

export const methodRoutes: FastifyPluginAsyncZod<PaymentRouteContext> = async (app, { deps }) => {
  app.get(
    '/payment-methods',
    {
      schema: {
        tags: ['payments'],
        summary:
          'Formas de pago que la asociación ofrece ahora además de PayPal (tarjeta con MSI, OXXO, SPEI)',
        response: { 200: paymentMethodsResponse },
      },
    },
    async (_req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { success: true as const, ...(await offeredMethods(deps.db, deps.config)) };
    },
  );

  app.get(
    '/order/:orderId/instructions',
    {
      onRequest: requireUser,
      schema: {
        tags: ['payments'],
        summary: 'Ficha OXXO o datos de transferencia SPEI de una orden propia que espera el pago',
        security: tokenSecurity,
        params: z.object({ orderId: z.string() }),
        response: { 200: orderInstructionsResponse, ...errorResponses(401, 403, 404) },
      },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      const order = await getOwnOrder(deps.db, currentUser(req).id, req.params.orderId);
      const payment = await findPayment(deps.db, order.id);
      return {
        success: true as const,
        orderId: order.id,
        status: order.status,
        instructions:
          order.status === 'pendiente'
            ? paymentInstructionsOf(order.paymentMethod, order.amountCentavos, payment?.data)
            : null,
      };
    },
  );
};
