// One log line per request, written when the answer has gone, at a level that depends on how
// it went: a server error always (error), a slow answer always (warn, SLOW_REQUEST_MS), a
// client error at info, and a success at debug, so at the production level (info) a busy
// store writes nothing for its successes. Fastify's "incoming request" line is written at
// debug too (tests read both to tell an accepted request that was never answered).
// The line carries the request as the `req` serializer writes it (lib/log-redaction.ts:
// secret query parameters redacted).
//
// The lines go to an asynchronous pino destination (app.ts): a write does not block the
// request, and lines written while one is in flight leave in one system call.

import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** An answer that took this long or more is logged whatever its status. */
export const SLOW_REQUEST_MS = 1000;

export class RequestLog extends LogController {
  override incomingRequest(req: FastifyRequest): void {
    req.log.debug({ req }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    const level =
      error || status >= 500 ? 'error' : ms >= SLOW_REQUEST_MS ? 'warn' : status >= 400 ? 'info' : 'debug';
    // pino drops a line below its level before writing anything.
    reply.log[level](
      { req, res: { statusCode: status }, responseTime: ms, ...(error ? { err: error } : {}) },
      'request completed',
    );
  }
}
