// Serves the built SPA (with an index.html fallback for client routes and long-lived
// caching of hashed assets). Uploaded files are served by plugins/uploads.ts.

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MSG } from '@store/shared/messages';
import { compressedBody, sendCached, type CompressedBody } from '../lib/http-cache';

/** apps/web/dist, found by walking up from this module (source and bundle sit at different depths). */
export function findWebDist(from = path.dirname(fileURLToPath(import.meta.url))): string {
  let dir = from;
  while (path.dirname(dir) !== dir) {
    const candidate = path.join(dir, 'apps', 'web', 'dist');
    if (existsSync(path.join(dir, 'apps', 'web'))) return candidate;
    dir = path.dirname(dir);
  }
  return path.resolve('apps/web/dist');
}

export interface SpaOptions {
  webDist: string;
  /** Adjusts the built index.html once at start (flags the page reads before it renders). */
  prepareIndexHtml?: (indexHtml: string) => string;
  /** A public page rendered with its content (path and query string); null = not one. */
  serverPage?: (url: string, indexHtml: string) => Promise<CompressedBody | null>;
  /** Rewrites index.html for a client route (link-preview tags); null = send it as built. */
  renderPage?: (pathname: string, indexHtml: string) => Promise<string | null>;
}

export async function registerSpa(app: FastifyInstance, opts: SpaOptions) {
  const indexFile = path.join(opts.webDist, 'index.html');
  const hasSpa = existsSync(indexFile);
  const builtHtml = hasSpa ? readFileSync(indexFile, 'utf8') : '';
  const indexHtml = opts.prepareIndexHtml ? opts.prepareIndexHtml(builtHtml) : builtHtml;
  // index.html holds the inlined stylesheet (about 60 KB): sent compressed, as every text asset
  // is, with a tag for the browser's revalidation. A page rewritten per request (link-preview
  // tags) is compressed when it is sent.
  const indexBody = hasSpa ? compressedBody(indexHtml) : null;
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      // Our own Cache-Control below: hashed assets for a year, everything else revalidated.
      cacheControl: false,
      // The build writes .br/.gz beside each text asset (apps/web/vite.config.ts).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        // The same URL may be sent brotli, gzip or plain: shared caches must key on it.
        res.setHeader('Vary', 'Accept-Encoding');
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          res.setHeader('Cache-Control', 'public, max-age=0, must-revalidate');
        }
      },
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const wantsPage =
      hasSpa &&
      (req.method === 'GET' || req.method === 'HEAD') &&
      !url.startsWith('/api/') &&
      !url.startsWith('/uploads/') &&
      !path.extname(url);
    if (wantsPage) {
      reply.header('Cache-Control', 'no-cache');
      const search = req.url.slice(url.length);
      const rendered = opts.serverPage
        ? await opts.serverPage(url + search, indexHtml).catch(() => null)
        : null;
      if (rendered) return sendCached(req, reply, rendered, 'text/html; charset=utf-8', 'no-cache');
      const page = opts.renderPage ? await opts.renderPage(url, indexHtml).catch(() => null) : null;
      const body = page === null ? indexBody! : compressedBody(page);
      return sendCached(req, reply, body, 'text/html; charset=utf-8', 'no-cache');
    }
    return reply.status(404).send({ success: false, message: MSG.notFound });
  });
}
