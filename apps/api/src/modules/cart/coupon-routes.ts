// /api/coupon/validate (docs/product.md → API): the discount a code gives on the caller's server
// cart. It lives with the cart because it prices the cart (quote.ts).
// userType, orderAmount and cartItems in the body are accepted for compatibility and
// ignored: the user type comes from the database and prices from the server cart. The code
// is admitted by the coupon look-ups' budget first (coupons/lookup-budget.ts), as on every
// call that names one.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toPesos } from '@store/shared/domain/money';
import { couponAppliedToProducts, MSG } from '@store/shared/messages';
import { couponValidateBody, couponValidateResponse } from '@store/shared/schemas/coupon';
import { errorResponses, tokenSecurity } from '../../lib/route-schemas';
import { currentUser, requireUser } from '../../plugins/auth';
import { countCouponLookup } from '../coupons/lookup-budget';
import { quoteCart } from './quote';

export const couponRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/validate',
    {
      onRequest: requireUser,
      preHandler: countCouponLookup('code'),
      schema: {
        tags: ['coupon'],
        summary: 'Validar un cupón contra el carrito del servidor',
        security: tokenSecurity,
        body: couponValidateBody,
        response: { 200: couponValidateResponse, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (req) => {
      const { coupon } = await quoteCart(app.db.db, currentUser(req).id, req.body.code);
      // quoteCart with a code either applies it or throws; this is for the type checker.
      if (!coupon) throw new Error('coupon expected');
      const applicableProducts = coupon.appliesToWholeOrder ? [] : coupon.applicableProductIds;
      return {
        success: true as const,
        discount: toPesos(coupon.discount),
        coupon: {
          code: coupon.code,
          discountType: coupon.discountType,
          discountValue:
            coupon.discountType === 'fixed' ? toPesos(coupon.discountValue) : coupon.discountValue,
        },
        applicableProducts,
        applicableProductsCount: applicableProducts.length,
        message: coupon.appliesToWholeOrder
          ? MSG.couponWholeOrder
          : couponAppliedToProducts(applicableProducts.length),
      };
    },
  );
};
