// GET /api/admin/dashboard: the figures of the back office's first page.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminDashboardQuery, adminDashboardResponse } from '@store/shared/schemas/admin/dashboard';
import { providerWaitsResponse } from '@store/shared/schemas/admin/provider-waits';
import { errorResponse, okResponse } from '@store/shared/schemas/common';
import { z } from 'zod';
import { currentUser } from '../../../plugins/auth';
import { createPaymentDeps } from '../../payments/registry';
import { providerWaits, retryPendingRefund } from './provider-waits';
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

  app.get(
    '/provider-waits',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reembolsos y CFDI que esperan a PayPal o al SAT, con su antigüedad',
        response: { 200: providerWaitsResponse },
      },
    },
    async () => ({ success: true as const, ...(await providerWaits(app.db.db)) }),
  );

  const paymentDeps = createPaymentDeps({ db: app.db.db, config: app.config, log: app.log });
  app.post(
    '/provider-waits/refunds/:id/retry',
    {
      schema: {
        tags: ['admin'],
        summary: 'Pedir de nuevo a PayPal un reembolso pendiente (misma clave: nunca dos veces)',
        params: z.object({ id: z.string() }),
        response: { 200: okResponse, 404: errorResponse, 409: errorResponse },
      },
    },
    async (req) => ({
      success: true as const,
      message: await retryPendingRefund(paymentDeps, currentUser(req).id, req.params.id),
    }),
  );
};
