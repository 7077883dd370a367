// Health for load balancers and orchestrators (docs/operations.md#health):
// GET /api/health        the database answers (kept for benchmarks and older probes)
// GET /api/health/live   liveness: the process answers; nothing else is checked
// GET /api/health/ready  readiness: database reachable, this release's migrations applied,
//                        the catalogue's change listener connected, and not shutting down

import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '@store/shared/schemas/common';
import { migrationsApplied } from '../../db/migration-state';

/** HTTP servers whose process got SIGTERM: readiness fails so the balancer stops sending. */
const draining = new WeakSet<object>();

/** Readiness answers 503 from now on (server.ts, at the start of a graceful shutdown). */
export function startDraining(app: FastifyInstance): void {
  draining.add(app.server);
}

const readiness = z.object({
  success: z.boolean(),
  database: z.boolean(),
  migrations: z.boolean(),
  catalogueListener: z.boolean(),
  shuttingDown: z.boolean(),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['health'],
        summary: 'Estado del servicio',
        response: { 200: z.object({ success: z.literal(true), database: z.string() }), 503: errorResponse },
      },
    },
    async (_req, reply) => {
      try {
        await app.db.db.execute(sql`select 1`);
        return { success: true as const, database: app.db.kind };
      } catch {
        return reply.status(503).send({ success: false, message: 'Base de datos no disponible' });
      }
    },
  );

  app.get(
    '/live',
    {
      schema: {
        tags: ['health'],
        summary: 'El proceso responde (liveness)',
        response: { 200: z.object({ success: z.literal(true) }) },
      },
    },
    async () => ({ success: true as const }),
  );

  app.get(
    '/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'Lista para recibir tráfico (readiness)',
        response: { 200: readiness, 503: readiness },
      },
    },
    async (_req, reply) => {
      let database = false;
      let migrations = false;
      try {
        migrations = await migrationsApplied(app.db.db);
        database = true;
      } catch {
        // Unreachable database (or no migrations table yet): both stay false.
      }
      const catalogueListener = app.catalogue.following;
      const shuttingDown = draining.has(app.server);
      const success = database && migrations && catalogueListener && !shuttingDown;
      return reply
        .status(success ? 200 : 503)
        .send({ success, database, migrations, catalogueListener, shuttingDown });
    },
  );
};
