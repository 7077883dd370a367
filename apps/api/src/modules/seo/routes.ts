// /robots.txt and /sitemap.xml at the site root. Registered before the SPA plugin so its
// index.html fallback does not answer them.

import type { FastifyPluginAsync } from 'fastify';
import { robotsTxt, sitemapXml } from './service';

export const seoRoutes: FastifyPluginAsync = async (app) => {
  app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) => {
    reply.header('Cache-Control', 'public, max-age=3600');
    return reply.type('text/plain; charset=utf-8').send(robotsTxt(app.config.PUBLIC_URL));
  });

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) => {
    const xml = await sitemapXml(app.db.db, app.config.PUBLIC_URL);
    reply.header('Cache-Control', 'public, max-age=3600');
    return reply.type('application/xml; charset=utf-8').send(xml);
  });
};
