// GET /api/admin/audit: who changed what and when, newest first.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAuditQuery, adminAuditResponse } from '@store/shared/schemas/admin/audit';
import { errorResponse } from '@store/shared/schemas/common';
import { listAudit } from './repo';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Bitácora de cambios de administración',
        querystring: adminAuditQuery,
        response: { 200: adminAuditResponse, 400: errorResponse },
      },
    },
    async (req) => {
      const q = req.query;
      const { entries, total } = await listAudit(app.db.db, q);
      return { success: true as const, entries, total, page: q.page, pageSize: q.pageSize };
    },
  );
};
