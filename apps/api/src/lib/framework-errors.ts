// Errors Fastify's router raises before any route runs (a malformed URL, a path parameter
// over maxParamLength): answered in the API's envelope with a Spanish message instead of
// Fastify's English default. Passed as the `frameworkErrors` option of Fastify().

import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@store/shared/messages';

export function frameworkErrors(err: FastifyError, _req: FastifyRequest, reply: FastifyReply): void {
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  void reply.status(status).send({ success: false, message: MSG.invalidInput });
}
