// /api/cart/*: the server cart of the signed-in user (docs/product.md → API).

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@store/shared/messages';
import { okResponse } from '@store/shared/schemas/common';
import { cartAddBody, cartGetResponse, cartUpdateBody } from '@store/shared/schemas/cart';
import { errorResponses, tokenSecurity } from '../../lib/route-schemas';
import { currentUser, requireUser } from '../../plugins/auth';
import { inCheckoutLine } from '../../plugins/checkout-line';
import { seatLineChecks } from '../seats/board';
import { addToCart, getCart, updateCart } from './service';

export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/add',
    {
      onRequest: requireUser,
      schema: {
        tags: ['cart'],
        summary: 'Añadir un producto y día al carrito (cantidad máxima 1)',
        security: tokenSecurity,
        body: cartAddBody,
        response: { 200: okResponse, ...errorResponses(400, 401, 404, 409) },
      },
    },
    inCheckoutLine(
      async (req) => {
        await addToCart(app.db.db, currentUser(req).id, req.body.itemId, req.body.days);
        return { success: true as const, message: MSG.cartAddDone };
      },
      seatLineChecks((req) => [{ productId: req.body.itemId, label: req.body.days }]),
    ),
  );

  app.post(
    '/update',
    {
      onRequest: requireUser,
      schema: {
        tags: ['cart'],
        summary: 'Fijar la cantidad de un producto y día; 0 lo quita del carrito',
        security: tokenSecurity,
        body: cartUpdateBody,
        response: { 200: okResponse, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (req) => {
      const { itemId, days, quantity } = req.body;
      await updateCart(app.db.db, currentUser(req).id, itemId, days, quantity);
      return { success: true as const, message: MSG.cartUpdated };
    },
  );

  app.post(
    '/get',
    {
      onRequest: requireUser,
      schema: {
        tags: ['cart'],
        summary: 'El carrito: { productId: { día: cantidad } }',
        security: tokenSecurity,
        response: { 200: cartGetResponse, ...errorResponses(401) },
      },
    },
    async (req) => ({ success: true as const, cartData: await getCart(app.db.db, currentUser(req).id) }),
  );
};
