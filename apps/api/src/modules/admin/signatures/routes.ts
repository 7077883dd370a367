// /api/admin/constancia-signatures: who signs the constancias, per event or as the
// association's default set (docs/attendance.md → Signatures). A signature image is uploaded
// first (PNG or JPEG read from its bytes, up to 1 MB, stored privately) and its key sent with
// the whole set; the set is replaced in one transaction. A sample constancia shows how it prints.

import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import { adminIdParams } from '@store/shared/schemas/admin/common';
import {
  adminSignaturePreviewQuery,
  adminSignaturesBody,
  adminSignaturesQuery,
  adminSignaturesResponse,
  adminSignatureUploadResponse,
  SIGNATURE_IMAGE_MAX_BYTES,
} from '@store/shared/schemas/admin/signatures';
import { AppError } from '../../../lib/errors';
import { errorResponses } from '../../../lib/route-schemas';
import { newStorageKey } from '../../../lib/storage/keys';
import { receiveFile } from '../../../lib/storage/receive-file';
import { contentDisposition, sendPrivateFile } from '../../../lib/storage/send-file';
import { PRIVATE_CACHE_CONTROL } from '../../../lib/storage/storage';
import { currentUser } from '../../../plugins/auth';
import {
  checkSignatureImage,
  getSignatureSet,
  saveSignatureSet,
  signatureImageKey,
  signaturePreviewPdf,
} from './service';

const REFUSAL = {
  missing: ADMIN_MSG.signatureImageRequired,
  too_large: ADMIN_MSG.signatureImageTooLarge,
  type: ADMIN_MSG.signatureImageType,
} as const;

const PAPER_LABEL = { carta: 'Carta', a4: 'A4' } as const;

export const signatureRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: SIGNATURE_IMAGE_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024 },
  });

  app.get(
    '/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Firmas de la constancia de un evento (sin productId: las predeterminadas de la asociación)',
        querystring: adminSignaturesQuery,
        response: { 200: adminSignaturesResponse, ...errorResponses(400, 404) },
      },
    },
    async (req) => ({
      success: true as const,
      ...(await getSignatureSet(app.db.db, req.query.productId ?? null)),
    }),
  );

  app.post(
    '/images',
    {
      schema: {
        tags: ['admin'],
        summary: 'Subir la imagen de una firma (PNG o JPG, máximo 1 MB); se usa al guardar las firmas',
        consumes: ['multipart/form-data'],
        response: { 200: adminSignatureUploadResponse, ...errorResponses(400) },
      },
    },
    async (req) => {
      const file = await receiveFile(req, { accept: ['png', 'jpg'], maxBytes: SIGNATURE_IMAGE_MAX_BYTES });
      if (!file.ok) throw new AppError('bad_request', REFUSAL[file.reason]);
      const checked = checkSignatureImage(file.bytes);
      if (!checked.ok) throw new AppError('bad_request', checked.message);
      const key = newStorageKey({ visibility: 'private', kind: 'signatures', ext: file.ext });
      await app.storage.put(key, file.bytes, { contentType: file.mime, visibility: 'private' });
      return {
        success: true as const,
        key,
        width: checked.width,
        height: checked.height,
        message: ADMIN_MSG.signatureImageUploaded,
      };
    },
  );

  app.put(
    '/',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Guardar las firmas (hasta tres) de un evento o las predeterminadas; sin firmas, el evento usa las predeterminadas',
        body: adminSignaturesBody,
        response: { 200: adminSignaturesResponse, ...errorResponses(400, 404) },
      },
    },
    async (req) => {
      const done = await saveSignatureSet(app.db.db, app.storage, currentUser(req).id, req.body, new Date());
      return {
        success: true as const,
        ...(await getSignatureSet(app.db.db, req.body.productId)),
        message: done === 'default' ? ADMIN_MSG.signaturesDefaultRestored : ADMIN_MSG.signaturesSaved,
      };
    },
  );

  app.get(
    '/preview',
    {
      schema: {
        tags: ['admin'],
        summary: 'Constancia de muestra (PDF, Carta o A4) con las firmas que se imprimirían',
        produces: ['application/pdf'],
        querystring: adminSignaturePreviewQuery,
        response: { 200: z.any(), ...errorResponses(400, 404) },
      },
    },
    async (req, reply) => {
      const paper = req.query.papel;
      const pdf = await signaturePreviewPdf(app.db.db, app.storage, {
        productId: req.query.productId ?? null,
        paper,
        publicUrl: app.config.PUBLIC_URL.replace(/\/$/, ''),
        now: new Date(),
      });
      return reply
        .type('application/pdf')
        .header(
          'Content-Disposition',
          contentDisposition('inline', `Vista previa de constancia (${PAPER_LABEL[paper]}).pdf`),
        )
        .header('Cache-Control', PRIVATE_CACHE_CONTROL)
        .header('X-Content-Type-Options', 'nosniff')
        .send(pdf);
    },
  );

  app.get(
    '/:id/image',
    {
      schema: {
        tags: ['admin'],
        summary: 'La imagen de una firma (para verla en el formulario)',
        produces: ['image/png', 'image/jpeg'],
        params: adminIdParams,
        response: { 200: z.any(), ...errorResponses(400, 404) },
      },
    },
    async (req, reply) => {
      const key = await signatureImageKey(app.db.db, req.params.id);
      const ext = key.endsWith('.jpg') ? 'jpg' : 'png';
      return sendPrivateFile(reply, app.storage, key, { filename: `firma.${ext}`, disposition: 'inline' });
    },
  );
};
