// One error handler: AppError → its status; validation → 400 with the schema's Spanish
// message; anything else → 500 with a generic message (details logged, never sent).

import type { FastifyInstance, FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '@store/shared/messages';
import { AppError } from '../lib/errors';

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | Error, req, reply) => {
    if (err instanceof AppError) {
      const body = { success: false, message: err.message, ...(err.reason ? { reason: err.reason } : {}) };
      return reply.status(err.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const first = err.validation[0];
      const message =
        first?.message && !/^(Invalid|Expected|Required)/i.test(first.message)
          ? first.message
          : MSG.invalidInput;
      return reply.status(400).send({ success: false, message });
    }
    const status = (err as FastifyError).statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ success: false, message: MSG.rateLimited });
    }
    if (status === 413) {
      return reply.status(413).send({ success: false, message: MSG.payloadTooLarge });
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type and the like.
      return reply.status(status).send({ success: false, message: MSG.invalidInput });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ success: false, message: MSG.serverError });
  });
}
