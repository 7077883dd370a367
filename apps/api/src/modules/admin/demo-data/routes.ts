// /api/admin/demo-data: whether demo data is left (the dashboard's banner), and its removal.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import { errorResponse } from '@store/shared/schemas/common';
import { adminDemoDataRemoveResponse, adminDemoDataResponse } from '@store/shared/schemas/admin/demo-data';
import { currentUser } from '../../../plugins/auth';
import { demoDataStatus } from '../../../db/demo-data';
import { removeDemoData } from './service';

export const demoDataRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Datos de demostración que quedan (eventos, cupones, cuentas)',
        response: { 200: adminDemoDataResponse },
      },
    },
    async () => ({ success: true as const, ...(await demoDataStatus(app.db.db)) }),
  );

  app.post(
    '/remove',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Eliminar los datos de demostración; un evento o cupón de demostración que compró un cliente real se archiva o desactiva',
        response: { 200: adminDemoDataRemoveResponse, 409: errorResponse },
      },
    },
    async (req) => ({
      success: true as const,
      message: ADMIN_MSG.demoDataRemoved,
      ...(await removeDemoData(app.db.db, app.storage, currentUser(req).id)),
    }),
  );
};
