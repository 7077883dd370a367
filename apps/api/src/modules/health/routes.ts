// GET /api/health: liveness and database reachability, for load balancers and benchmarks.

import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '@store/shared/schemas/common';

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
};
