// /api/waitlist/*: the signed-in member's waiting lists of sold-out days (docs/after-sale.md →
// Waiting list): the state per day of a product, joining, leaving, claiming an offered seat.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

import { okResponse } from '@store/shared/schemas/common';
import {
  waitlistClaimBody,
  myWaitlistResponse,
  waitlistClaimResponse,
  waitlistDayBody,
  waitlistProductResponse,
} from '@store/shared/schemas/waitlist';
import { errorResponses, tokenSecurity } from '../../lib/route-schemas';
import { currentUser, requireUser } from '../../plugins/auth';
import { rateLimits } from '../../plugins/rate-limit';
import { claimOffer, joinWaitlist, leaveWaitlist, myWaitlist, waitlistStateFor } from './service';
import { AFTER_SALE_MSG } from '@store/shared/after-sale-messages';

export const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/product/:productId',
    {
      onRequest: requireUser,
      schema: {
        tags: ['waitlist'],
        summary: 'Lista de espera: por cada día con cupo, si está agotado y tu lugar en la lista',
        security: tokenSecurity,
        params: z.object({ productId: z.string().min(1).max(64) }),
        response: { 200: waitlistProductResponse, ...errorResponses(401, 404) },
      },
    },
    async (req) => ({
      success: true as const,
      days: await waitlistStateFor(app.db.db, currentUser(req).id, req.params.productId),
    }),
  );

  app.get(
    '/mine',
    {
      onRequest: requireUser,
      schema: {
        tags: ['waitlist'],
        summary: 'Tus listas de espera: evento, día, lugar en la fila u oferta y su plazo',
        security: tokenSecurity,
        response: { 200: myWaitlistResponse, ...errorResponses(401) },
      },
    },
    async (req) => ({ success: true as const, entries: await myWaitlist(app.db.db, currentUser(req).id) }),
  );

  app.post(
    '/join',
    {
      onRequest: requireUser,
      config: { rateLimit: rateLimits(app.config).waitlistJoin },
      schema: {
        tags: ['waitlist'],
        summary: 'Unirse a la lista de espera de un día agotado',
        security: tokenSecurity,
        body: waitlistDayBody,
        response: { 200: okResponse, ...errorResponses(400, 401, 404, 409, 429) },
      },
    },
    async (req) => {
      await joinWaitlist(app.db.db, currentUser(req).id, req.body.productId, req.body.day);
      return { success: true as const, message: AFTER_SALE_MSG.waitlistJoined };
    },
  );

  app.post(
    '/leave',
    {
      onRequest: requireUser,
      schema: {
        tags: ['waitlist'],
        summary: 'Salir de la lista de espera de un día (una oferta abierta pasa a la siguiente persona)',
        security: tokenSecurity,
        body: waitlistDayBody,
        response: { 200: okResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (req) => {
      await leaveWaitlist(app.db.db, app.mailSettings, currentUser(req).id, req.body.productId, req.body.day);
      return { success: true as const, message: AFTER_SALE_MSG.waitlistLeft };
    },
  );

  app.post(
    '/claim',
    {
      onRequest: requireUser,
      schema: {
        tags: ['waitlist'],
        summary:
          'Reclamar el lugar ofrecido (enlace del correo): el día pasa al carrito con el lugar guardado',
        security: tokenSecurity,
        body: waitlistClaimBody,
        response: { 200: waitlistClaimResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (req) => {
      const claimed = await claimOffer(app.db.db, currentUser(req).id, req.body.token);
      return { success: true as const, message: AFTER_SALE_MSG.waitlistClaimed, ...claimed };
    },
  );
};
