// A team's places paid with PayPal (docs/groups.md): the pending group order and its PayPal
// order, then the capture — PayPal's own part of the team purchase, registered with the
// provider's routes (provider.ts). The quote and the cash order are the shared group routes.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@store/shared/messages';
import { errorResponse } from '@store/shared/schemas/common';
import { groupCheckoutBody, groupPaypalResponse } from '@store/shared/schemas/group';
import { placeOrderResponse } from '@store/shared/schemas/order';
import { networkOf } from '../../../lib/network';
import { errorResponses, tokenSecurity } from '../../../lib/route-schemas';
import { currentUser, requireUser } from '../../../plugins/auth';
import { inCheckoutLine } from '../../../plugins/checkout-line';
import { rateLimits } from '../../../plugins/rate-limit';
import { countCouponLookup } from '../../coupons/lookup-budget';
import { holdGroup } from '../group-service';
import type { PaymentRouteContext } from '../route-context';
import type { PaymentDeps } from '../settle';
import { paypalOf } from './capture';
import { attachPaypalOrder, capturePaypalOrder } from './service';

const errors = errorResponses(400, 401, 403, 404, 409, 429, 503);

/** POST /api/group/paypal/create-order: the pending group order and its PayPal order. */
export async function createGroupPaypalOrder(
  deps: PaymentDeps,
  userId: string,
  body: z.output<typeof groupCheckoutBody>,
  clientNetwork: string | null,
  now = new Date(),
): Promise<{ paypalOrderId: string; orderId: string }> {
  const paypal = paypalOf(deps);
  const order = await holdGroup(deps, userId, body, 'paypal', clientNetwork, now);
  const paypalOrderId = await attachPaypalOrder(deps, paypal, order);
  return { paypalOrderId, orderId: order.id };
}

export const paypalGroupRoutes: FastifyPluginAsyncZod<PaymentRouteContext> = async (app, { deps }) => {
  const limited = () => ({ onRequest: requireUser, config: { rateLimit: rateLimits(app.config).order } });

  app.post(
    '/group/paypal/create-order',
    {
      ...limited(),
      preHandler: countCouponLookup('couponCode'),
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
    '/group/paypal/capture',
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
};
