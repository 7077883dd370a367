// GET /uploads/<key>: public files (event images) from whichever storage is configured.
// Keys are random, so answers are cached for a year as immutable. Only keys under
// uploads/ are reachable: a private key (private/…), a traversal or a dot file is a 404
// whatever it is spelled like. With S3_PUBLIC_URL set, browsers are sent to the CDN copy.

import type { FastifyInstance } from 'fastify';
import { MSG } from '@store/shared/messages';
import { publicKeyFromPath } from '../lib/storage/keys';
import { sendStoredFile } from '../lib/storage/send-file';
import { PUBLIC_CACHE_CONTROL } from '../lib/storage/storage';

export async function registerUploads(app: FastifyInstance): Promise<void> {
  app.get('/uploads/*', { schema: { hide: true } }, async (req, reply) => {
    const rest = (req.params as { '*': string })['*'];
    const key = publicKeyFromPath(rest);
    const notFound = () => reply.code(404).send({ success: false, message: MSG.notFound });
    if (!key) return notFound();
    if (app.storage.publicBaseUrl) {
      // Permanent and cacheable: the key never changes content.
      return reply.header('Cache-Control', PUBLIC_CACHE_CONTROL).redirect(app.storage.publicUrl(key), 301);
    }
    const file = await app.storage.get(key);
    if (!file) return notFound();
    return sendStoredFile(req, reply, file);
  });
}
