// /api/admin/members: list (search, filters), create by hand, change user type or role,
// temporary password, CSV import, scholarships (every event or one). Answers that carry a password are never cached.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import { adminIdParams } from '@store/shared/schemas/admin/common';
import {
  adminImportBody,
  adminImportResponse,
  adminMemberPatch,
  adminMemberResponse,
  adminMembersQuery,
  adminMembersResponse,
  adminMemberCreateBody,
  adminTemporaryPasswordResponse,
} from '@store/shared/schemas/admin/members';
import {
  adminScholarshipBody,
  adminScholarshipParams,
  adminScholarshipsResponse,
} from '@store/shared/schemas/admin/participant-types';
import { errorResponse } from '@store/shared/schemas/common';
import { currentUser } from '../../../plugins/auth';
import { grantScholarship, memberScholarships, revokeScholarship } from './scholarships';
import {
  assignTemporaryPassword,
  createMember,
  importMembers,
  listAdminMembers,
  patchMember,
} from './service';

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

  app.post(
    '/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Crear una cuenta con una contraseña temporal (se muestra una sola vez)',
        body: adminMemberCreateBody,
        response: { 200: adminTemporaryPasswordResponse, ...errors },
      },
    },
    async (req, reply) => {
      const result = await createMember(app.db.db, currentUser(req).id, req.body);
      reply.header('Cache-Control', 'no-store');
      return { success: true as const, ...result, message: ADMIN_MSG.memberCreated };
    },
  );

  app.post(
    '/:id/temporary-password',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Asignar una contraseña temporal generada por el servidor: cierra las sesiones abiertas y pide cambiarla al entrar',
        params: adminIdParams,
        response: { 200: adminTemporaryPasswordResponse, ...errors },
      },
    },
    async (req, reply) => {
      const result = await assignTemporaryPassword(app.db.db, currentUser(req).id, req.params.id);
      reply.header('Cache-Control', 'no-store');
      return { success: true as const, ...result, message: ADMIN_MSG.memberTemporaryPasswordSet };
    },
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
      ...(await importMembers(app.db.db, app.mailSettings, currentUser(req).id, req.body.csv, req.body)),
    }),
  );

  app.get(
    '/:id/scholarships',
    {
      schema: {
        tags: ['admin'],
        summary: 'Becas del miembro (todas las ediciones o un evento)',
        params: adminIdParams,
        response: { 200: adminScholarshipsResponse, 404: errorResponse },
      },
    },
    async (req) => ({
      success: true as const,
      scholarships: await memberScholarships(app.db.db, req.params.id),
    }),
  );

  app.post(
    '/:id/scholarships',
    {
      schema: {
        tags: ['admin'],
        summary: 'Otorgar una beca: para todos los eventos (productId null) o para uno',
        params: adminIdParams,
        body: adminScholarshipBody,
        response: { 200: adminScholarshipsResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      scholarships: await grantScholarship(app.db.db, currentUser(req).id, req.params.id, req.body.productId),
      message: ADMIN_MSG.scholarshipGranted,
    }),
  );

  app.delete(
    '/:id/scholarships/:scholarshipId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Retirar una beca',
        params: adminScholarshipParams,
        response: { 200: adminScholarshipsResponse, 404: errorResponse },
      },
    },
    async (req) => ({
      success: true as const,
      scholarships: await revokeScholarship(
        app.db.db,
        currentUser(req).id,
        req.params.id,
        req.params.scholarshipId,
      ),
      message: ADMIN_MSG.scholarshipRevoked,
    }),
  );
};
