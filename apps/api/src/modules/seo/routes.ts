// /robots.txt and /sitemap.xml at the site root. Registered before the SPA plugin so its
// index.html fallback does not answer them.

import type { FastifyPluginAsync } from 'fastify';
import { compressedBody, sendCached } from '../../lib/http-cache';
import { robotsTxt, sitemapXml } from './service';

export const seoRoutes: FastifyPluginAsync = async (app) => {
  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) => {
    reply.header('Cache-Control', 'public, max-age=3600');
    return reply.type('text/plain; charset=utf-8').send(robotsTxt(app.config.PUBLIC_URL));
  });

  // From the catalogue snapshot: built once per catalogue change, then bytes with an ETag.
  app.get('/sitemap.xml', { schema: { hide: true } }, async (req, reply) => {
    const xml = await app.catalogue.derived('sitemap.xml', (view) =>
      compressedBody(sitemapXml(view, app.config.PUBLIC_URL)),
    );
    return sendCached(req, reply, xml, 'application/xml; charset=utf-8', 'public, max-age=3600');
  });
};
