// /api/admin/waitlist: an event's waiting lists (docs/after-sale.md → Waiting list), each
// entry with its state and place in line.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import { adminWaitlistQuery, adminWaitlistResponse } from '@store/shared/schemas/admin/waitlist';
import { errorResponse } from '@store/shared/schemas/common';
import { AppError } from '../../../lib/errors';
import { findProductNames } from '../../orders/repo';
import { eventWaitlist } from '../../waitlist/service';

export const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Lista de espera de un evento: personas por día, estado y posición',
        querystring: adminWaitlistQuery,
        response: { 200: adminWaitlistResponse, 400: errorResponse, 404: errorResponse },
      },
    },
    async (req) => {
      const { productId } = req.query;
      const name = (await findProductNames(app.db.db, [productId])).get(productId);
      if (name === undefined) throw new AppError('not_found', ADMIN_MSG.eventNotFound);
      return {
        success: true as const,
        event: { _id: productId, name },
        entries: await eventWaitlist(app.db.db, productId),
      };
    },
  );
};
