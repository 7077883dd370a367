// GET /api/admin/dashboard: the figures of the back office's first page.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminDashboardQuery, adminDashboardResponse } from '@store/shared/schemas/admin/dashboard';
import { errorResponse } from '@store/shared/schemas/common';
import { getDashboard } from './service';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Ingresos y lugares por evento y por día, órdenes en el tiempo y últimas órdenes',
        querystring: adminDashboardQuery,
        response: { 200: adminDashboardResponse, 400: errorResponse },
      },
    },
    async (req) => ({ success: true as const, ...(await getDashboard(app.db.db, req.query.days)) }),
  );
};
