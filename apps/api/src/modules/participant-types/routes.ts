// /api/participant-type: the signed-in member's verified participant type and their request
// to change it with a proof (docs/fees.md → Verified participant types).
//
//   GET    /   the verified type and the current request (open, else the latest decided)
//   POST   /   multipart: field "type" first, then field "file" (PDF, JPG or PNG, ≤ 5 MB)
//   DELETE /   withdraw the open request (its proof is deleted)
//
// The proof's type is read from its bytes, never from its name or declared type; it is kept
// under private/proofs and only the admin's preview route serves it.

import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@store/shared/messages';
import { errorResponse } from '@store/shared/schemas/common';
import {
  PROOF_MAX_BYTES,
  participantTypeResponse,
  requestedTypeField,
} from '@store/shared/schemas/participant-types';
import { AppError } from '../../lib/errors';
import { tokenSecurity } from '../../lib/route-schemas';
import { newStorageKey } from '../../lib/storage/keys';
import { receiveFile } from '../../lib/storage/receive-file';
import type { FileKind } from '../../lib/storage/sniff';
import { currentUser, requireUser } from '../../plugins/auth';
import { rateLimits } from '../../plugins/rate-limit';
import { assertCanRequest, cancelRequest, myParticipantType, submitRequest } from './service';

const PROOF_KINDS: readonly FileKind[] = ['pdf', 'jpg', 'png'];

export const participantTypeRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: PROOF_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 100 },
  });

  app.get(
    '/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['user'],
        summary: 'Mi tipo de participante verificado y mi solicitud',
        security: tokenSecurity,
        response: { 200: participantTypeResponse },
      },
    },
    async (req) => ({ success: true as const, ...(await myParticipantType(app.db.db, currentUser(req).id)) }),
  );

  app.post(
    '/',
    {
      // Before the body is read: a refused upload costs no bytes.
      onRequest: requireUser,
      config: { rateLimit: rateLimits(app.config).proofUpload },
      schema: {
        tags: ['user'],
        summary:
          'Solicitar un tipo de participante con un comprobante (multipart: "type" y luego "file"; PDF, JPG o PNG, máximo 5 MB)',
        consumes: ['multipart/form-data'],
        security: tokenSecurity,
        response: {
          200: participantTypeResponse,
          400: errorResponse,
          409: errorResponse,
          413: errorResponse,
          429: errorResponse,
        },
      },
    },
    async (req) => {
      const userId = currentUser(req).id;
      const file = await receiveFile(req, { accept: PROOF_KINDS, maxBytes: PROOF_MAX_BYTES });
      if (!file.ok) {
        if (file.reason === 'too_large') throw new AppError('payload_too_large', MSG.proofTooLarge);
        throw new AppError('bad_request', file.reason === 'type' ? MSG.proofType : MSG.proofRequired);
      }
      const type = requestedTypeField.safeParse(file.fields.type);
      if (!type.success) throw new AppError('bad_request', MSG.participantTypeInvalid);
      const requestedType = type.data;
      await assertCanRequest(app.db.db, userId, requestedType);
      const key = newStorageKey({ visibility: 'private', kind: 'proofs', ext: file.ext });
      await app.storage.put(key, file.bytes, { contentType: file.mime, visibility: 'private' });
      try {
        const result = await submitRequest(app.db.db, userId, {
          requestedType,
          fileKey: key,
          fileMime: file.mime,
          fileSize: file.bytes.length,
          fileName: file.filename.slice(0, 200) || `comprobante.${file.ext}`,
        });
        return { success: true as const, ...result, message: MSG.participantTypeRequestSent };
      } catch (err) {
        await app.storage.delete(key);
        throw err;
      }
    },
  );

  app.delete(
    '/',
    {
      onRequest: requireUser,
      schema: {
        tags: ['user'],
        summary: 'Cancelar mi solicitud en revisión',
        security: tokenSecurity,
        response: { 200: participantTypeResponse, 409: errorResponse },
      },
    },
    async (req) => {
      const userId = currentUser(req).id;
      const key = await cancelRequest(app.db.db, userId);
      await app.storage.delete(key);
      return {
        success: true as const,
        ...(await myParticipantType(app.db.db, userId)),
        message: MSG.participantTypeRequestCancelled,
      };
    },
  );
};
