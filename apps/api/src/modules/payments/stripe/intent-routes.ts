// The buyer's calls of the OXXO and SPEI ways to pay (docs/payments.md): start a voucher or a
// transfer for the cart (or, SPEI, for a team's places), and read the instructions of one's
// own order while it waits for the money (the payment page polls it).

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { groupCheckoutBody } from '@store/shared/schemas/group';
import { placeOrderBody } from '@store/shared/schemas/order';
import { instructionsResponse } from '@store/shared/schemas/mx-payments';
import { PAY_MSG } from '@store/shared/payment-messages';
import { networkOf } from '../../../lib/network';
import { tokenSecurity } from '../../../lib/route-schemas';
import { currentUser } from '../../../plugins/auth';
import { countCouponLookup } from '../../coupons/lookup-budget';
import { inCheckoutLine } from '../../../plugins/checkout-line';
import { paymentErrors, seatBoardChecks, type PaymentRouteContext } from '../route-context';
import { createGroupSpeiOrder, createIntentOrder } from './intent-service';
import type { IntentMethod } from './intents';

const SUMMARY: Record<IntentMethod, string> = {
  oxxo: 'Orden pendiente y su ficha de pago en efectivo en OXXO (Stripe): lugar apartado hasta que vence',
  spei: 'Orden pendiente y los datos de su transferencia SPEI (CLABE, referencia): lugar apartado hasta la fecha límite',
};

/** POST /api/order/{oxxo|spei} (and /api/group/spei): the held order and how to pay it. */
export function intentRoutes(method: IntentMethod): FastifyPluginAsyncZod<PaymentRouteContext> {
  return async (app, { deps, ordering }) => {
    app.post(
      `/order/${method}`,
      {
        ...ordering(),
        preHandler: countCouponLookup('couponCode'),
        schema: {
          tags: ['payments'],
          summary: SUMMARY[method],
          security: tokenSecurity,
          body: placeOrderBody,
          response: { 200: instructionsResponse, ...paymentErrors },
        },
      },
      inCheckoutLine(async (req) => {
        const { order, instructions } = await createIntentOrder(
          deps,
          method,
          currentUser(req).id,
          req.body,
          networkOf(req.ip),
        );
        const message = method === 'oxxo' ? PAY_MSG.voucherIssued : PAY_MSG.transferIssued;
        return { success: true as const, orderId: order.id, message, instructions };
      }, seatBoardChecks),
    );

    if (method !== 'spei') return;
    app.post(
      '/group/spei',
      {
        ...ordering(),
        preHandler: countCouponLookup('couponCode'),
        schema: {
          tags: ['group'],
          summary: 'Orden de grupo pendiente (un lugar por persona y día) pagada por transferencia SPEI',
          security: tokenSecurity,
          body: groupCheckoutBody,
          response: { 200: instructionsResponse, ...paymentErrors },
        },
      },
      inCheckoutLine(async (req) => {
        const { order, instructions } = await createGroupSpeiOrder(
          deps,
          currentUser(req).id,
          req.body,
          networkOf(req.ip),
        );
        return { success: true as const, orderId: order.id, message: PAY_MSG.transferIssued, instructions };
      }),
    );
  };
}
