// GET /api/site-config: public installation facts the web needs on every page.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteConfigResponse } from '@store/shared/schemas/site-config';
import { siteConfigOf } from './service';

export const siteConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['site'],
        summary: 'Datos de esta instalación que necesita cada página (p. ej. si los pagos son simulados)',
        response: { 200: siteConfigResponse },
      },
    },
    async () => ({ success: true as const, ...siteConfigOf(app.config) }),
  );
};
