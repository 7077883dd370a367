// /api/admin/participant-types: the queue of members' requests for a verified participant
// type (counts per status, filter), the proof's preview, approve, reject with a reason.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import { adminIdParams } from '@store/shared/schemas/admin/common';
import {
  adminParticipantRequestResponse,
  adminParticipantRequestsQuery,
  adminParticipantRequestsResponse,
  adminRejectBody,
} from '@store/shared/schemas/admin/participant-types';
import { errorResponse } from '@store/shared/schemas/common';
import { sendPrivateFile } from '../../../lib/storage/send-file';
import { currentUser } from '../../../plugins/auth';
import { adminQueue, auditProofView, decide, proofOf } from './service';

const errors = { 400: errorResponse, 404: errorResponse, 409: errorResponse };

export const participantTypeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Solicitudes de tipo de participante, con conteos por estado',
        querystring: adminParticipantRequestsQuery,
        response: { 200: adminParticipantRequestsResponse, 400: errorResponse },
      },
    },
    async (req) => ({ success: true as const, ...(await adminQueue(app.db.db, req.query)) }),
  );

  app.get(
    '/:id/proof',
    {
      schema: {
        tags: ['admin'],
        summary:
          'El comprobante de una solicitud (se muestra en el navegador; nunca en caché; queda en la bitácora)',
        params: adminIdParams,
        response: { 404: errorResponse },
      },
    },
    async (req, reply) => {
      const proof = await proofOf(app.db.db, req.params.id);
      const ext = proof.key.split('.').at(-1) ?? 'pdf';
      return sendPrivateFile(reply, app.storage, proof.key, {
        filename: `Comprobante ${proof.memberName}.${ext}`,
        disposition: 'inline',
        // Served only once the view is in the audit log.
        beforeSend: () => auditProofView(app.db.db, currentUser(req).id, proof),
      });
    },
  );

  app.post(
    '/:id/approve',
    {
      schema: {
        tags: ['admin'],
        summary: 'Aprobar: el miembro queda con el tipo solicitado y recibe un correo',
        params: adminIdParams,
        response: { 200: adminParticipantRequestResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      request: await decide(app.db.db, app.mailSettings, currentUser(req).id, req.params.id, null),
      message: ADMIN_MSG.participantRequestApproved,
    }),
  );

  app.post(
    '/:id/reject',
    {
      schema: {
        tags: ['admin'],
        summary: 'Rechazar con un motivo: el miembro conserva su tipo y recibe un correo con el motivo',
        params: adminIdParams,
        body: adminRejectBody,
        response: { 200: adminParticipantRequestResponse, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      request: await decide(app.db.db, app.mailSettings, currentUser(req).id, req.params.id, req.body.reason),
      message: ADMIN_MSG.participantRequestRejected,
    }),
  );
};
