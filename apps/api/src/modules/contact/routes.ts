// POST /api/contact: the contact form of /contact (rate limited per IP).

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@store/shared/messages';
import { contactBody, contactResponse } from '@store/shared/schemas/contact';
import { errorResponses } from '../../lib/route-schemas';
import { rateLimits } from '../../plugins/rate-limit';
import { sendContactMessage } from './service';

export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      config: { rateLimit: rateLimits(app.config).contact },
      schema: {
        tags: ['contact'],
        summary: 'Enviar un mensaje a la asociación (se entrega por correo electrónico)',
        body: contactBody,
        response: { 200: contactResponse, ...errorResponses(400, 413, 429, 503) },
      },
    },
    async (req) => {
      await sendContactMessage(app.db.db, app.config, app.mailSettings, req.body);
      return { success: true as const, message: MSG.contactSent };
    },
  );
};
