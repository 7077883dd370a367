// POST /api/admin/uploads: one event image (multipart field "file"). The type is read from
// the bytes (file-type), never from the name or the declared content type, and the size is
// capped, so a renamed script or a huge file never lands in storage.

import { randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import { fileTypeFromBuffer } from 'file-type';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import { adminUploadResponse } from '@store/shared/schemas/admin/uploads';
import { errorResponse } from '@store/shared/schemas/common';
import { AppError } from '../../../lib/errors';
import { createStorage } from '../../../lib/storage';
import { currentUser } from '../../../plugins/auth';
import { writeAudit } from '../audit/repo';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Raster formats every browser shows; SVG is excluded (it can carry scripts). */
const ALLOWED = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif']);

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = createStorage(app.config);
  await app.register(multipart, {
    limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  app.post(
    '/',
    {
      schema: {
        tags: ['admin'],
        summary: 'Subir una imagen de evento (JPG, PNG, WebP, GIF o AVIF; máximo 5 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: adminUploadResponse, 400: errorResponse },
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw new AppError('bad_request', ADMIN_MSG.imageRequired);
      let body: Buffer;
      try {
        const file = await req.file();
        if (!file) throw new AppError('bad_request', ADMIN_MSG.imageRequired);
        body = await file.toBuffer();
      } catch (err) {
        if (err instanceof app.multipartErrors.RequestFileTooLargeError) {
          throw new AppError('bad_request', ADMIN_MSG.imageTooLarge);
        }
        if (err instanceof AppError) throw err;
        throw new AppError('bad_request', ADMIN_MSG.imageRequired);
      }
      if (body.length === 0) throw new AppError('bad_request', ADMIN_MSG.imageRequired);
      const type = await fileTypeFromBuffer(body);
      if (!type || !ALLOWED.has(type.mime)) throw new AppError('bad_request', ADMIN_MSG.imageType);
      const url = await storage.save(`${randomUUID()}.${type.ext}`, body, type.mime);
      await writeAudit(app.db.db, {
        actorId: currentUser(req).id,
        action: 'upload.image',
        entity: 'upload',
        entityId: url,
        details: { type: type.mime, bytes: body.length },
      });
      return { success: true as const, url, message: ADMIN_MSG.imageUploaded };
    },
  );
};
