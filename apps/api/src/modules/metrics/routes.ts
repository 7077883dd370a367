// GET /api/metrics on the public port, only when METRICS_TOKEN is set, only with
// `Authorization: Bearer <METRICS_TOKEN>`; hidden from /api/docs. The separate port
// (METRICS_PORT, server.ts) serves the same text.

import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Registry } from 'prom-client';
import { ADMIN_MSG } from '@store/shared/admin-messages';

export interface MetricsRouteOptions {
  registry: Registry;
  token: string;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Whether an Authorization header carries the token (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string | undefined): boolean {
  if (!token) return true;
  const given = /^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

export const metricsRoutes: FastifyPluginAsync<MetricsRouteOptions> = async (app, opts) => {
  app.get('/', { schema: { hide: true } }, async (req, reply) => {
    if (!bearerMatches(req.headers.authorization, opts.token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ success: false, message: ADMIN_MSG.metricsTokenRequired });
    }
    return reply.type(opts.registry.contentType).send(await opts.registry.metrics());
  });
};
