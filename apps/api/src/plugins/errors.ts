// One error handler: AppError → its status (with `problems` when it names fields); validation → 400 with the schema's Spanish
// message; anything else → 500 with a generic message (details logged, never sent).

import type { FastifyBaseLogger, FastifyInstance, FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '@store/shared/messages';
import { AppError, type Problems } from '../lib/errors';

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | Error, req, reply) => {
    const { status, body } = errorAnswer(err, req.log);
    return reply.status(status).send(body);
  });
}

/** The status and body an error is answered with (also the checkout line's last line). */
export function errorAnswer(
  err: FastifyError | AppError | Error,
  log: FastifyBaseLogger,
): { status: number; body: { success: false; message: string; reason?: string; problems?: Problems } } {
  if (err instanceof AppError) {
    const body = {
      success: false as const,
      message: err.message,
      ...(err.reason ? { reason: err.reason } : {}),
      ...(err.problems ? { problems: err.problems } : {}),
    };
    return { status: err.statusCode, body };
  }
  if (hasZodFastifySchemaValidationErrors(err)) {
    const first = err.validation[0];
    const message =
      first?.message && !/^(Invalid|Expected|Required)/i.test(first.message)
        ? first.message
        : MSG.invalidInput;
    return { status: 400, body: { success: false, message } };
  }
  const status = (err as FastifyError).statusCode ?? 500;
  if (status === 429) return { status, body: { success: false, message: MSG.rateLimited } };
  if (status === 413) return { status, body: { success: false, message: MSG.payloadTooLarge } };
  // Malformed JSON, wrong content type and the like.
  if (status >= 400 && status < 500) return { status, body: { success: false, message: MSG.invalidInput } };
  log.error({ err }, 'unhandled error');
  return { status: 500, body: { success: false, message: MSG.serverError } };
}
