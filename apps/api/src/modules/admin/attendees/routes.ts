// /api/admin/attendees: paid attendees of an event or one of its days, as JSON or CSV (the CSV
// with a column per registration question).

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminAttendeesQuery, adminAttendeesResponse } from '@store/shared/schemas/admin/attendees';
import { errorResponse } from '@store/shared/schemas/common';
import { currentUser } from '../../../plugins/auth';
import { exportAttendees, getAttendees } from './service';

export const attendeeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Asistentes con pago de un evento o de uno de sus días',
        querystring: adminAttendeesQuery,
        response: { 200: adminAttendeesResponse, 400: errorResponse, 404: errorResponse },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await getAttendees(app.db.db, req.query.productId, req.query.productDayId)),
    }),
  );

  app.get(
    '/export',
    {
      schema: {
        tags: ['admin'],
        summary: 'Asistentes en CSV (UTF-8 con BOM, para Excel)',
        produces: ['text/csv'],
        querystring: adminAttendeesQuery,
        // Sent as text/csv, so Fastify passes the string through without JSON serialisation.
        response: { 200: z.string(), 400: errorResponse, 404: errorResponse },
      },
    },
    async (req, reply) => {
      const { name, csv } = await exportAttendees(app.db.db, currentUser(req).id, req.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'Content-Disposition',
          `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .header('Cache-Control', 'no-store')
        .send(csv);
    },
  );
};
