// /api/admin/members: list (search, filters), change user type or role, CSV import.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import {
  adminIdParams,
  adminImportBody,
  adminImportResponse,
  adminMemberPatch,
  adminMemberResponse,
  adminMembersQuery,
  adminMembersResponse,
} from '@store/shared/schemas/admin';
import { errorResponse } from '@store/shared/schemas/common';
import { currentUser } from '../../../plugins/auth';
import { importMembers, listAdminMembers, patchMember } from './service';

const errors = { 400: errorResponse, 404: errorResponse, 409: errorResponse };

export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Cuentas, con búsqueda por nombre o correo y filtros por tipo y rol',
        querystring: adminMembersQuery,
        response: { 200: adminMembersResponse, 400: errorResponse },
      },
    },
    async (req) => ({ success: true as const, ...(await listAdminMembers(app.db.db, req.query)) }),
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Cambiar el tipo de usuario o el rol (promover a administrador)',
        params: adminIdParams,
        body: adminMemberPatch,
        response: { 200: adminMemberResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      member: await patchMember(app.db.db, currentUser(req).id, req.params.id, req.body),
      message: ADMIN_MSG.memberSaved,
    }),
  );

  app.post(
    '/import',
    {
      // A few thousand rows of CSV exceed the default body limit.
      bodyLimit: 4 * 1024 * 1024,
      schema: {
        tags: ['admin'],
        summary: 'Importar cuentas desde CSV (name,email,userType)',
        body: adminImportBody,
        response: { 200: adminImportResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await importMembers(app.db.db, currentUser(req).id, req.body.csv, req.body)),
    }),
  );
};
