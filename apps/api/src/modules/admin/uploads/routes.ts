// POST /api/admin/uploads: one event image (multipart field "file"). The type is read from
// the bytes (lib/storage/sniff.ts), never from the name or the declared content type, and
// the size is capped, so a renamed script or a huge file never lands in storage. The image
// is stored as a public file under a random key and served from /uploads/<name>.

import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import { adminUploadResponse } from '@store/shared/schemas/admin/uploads';
import { errorResponse } from '@store/shared/schemas/common';
import { AppError } from '../../../lib/errors';
import { newStorageKey } from '../../../lib/storage/keys';
import { receiveFile } from '../../../lib/storage/receive-file';
import type { FileKind } from '../../../lib/storage/sniff';
import { currentUser } from '../../../plugins/auth';
import { writeAudit } from '../audit/repo';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** Raster formats every browser shows; SVG is excluded (it can carry scripts). */
const IMAGE_KINDS: readonly FileKind[] = ['jpg', 'png', 'webp', 'gif', 'avif'];
const REFUSAL = {
  missing: ADMIN_MSG.imageRequired,
  too_large: ADMIN_MSG.imageTooLarge,
  type: ADMIN_MSG.imageType,
} as const;

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const file = await receiveFile(req, { accept: IMAGE_KINDS, maxBytes: MAX_IMAGE_BYTES });
      if (!file.ok) throw new AppError('bad_request', REFUSAL[file.reason]);
      const key = newStorageKey({ visibility: 'public', ext: file.ext });
      await app.storage.put(key, file.bytes, { contentType: file.mime, visibility: 'public' });
      const url = app.storage.publicUrl(key);
      await writeAudit(app.db.db, {
        actorId: currentUser(req).id,
        action: 'upload.image',
        entity: 'upload',
        entityId: url,
        details: { type: file.mime, bytes: file.bytes.length },
      });
      return { success: true as const, url, message: ADMIN_MSG.imageUploaded };
    },
  );
};
