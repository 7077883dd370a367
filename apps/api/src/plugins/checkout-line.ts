// The checkout line on the wire (docs/on-sale.md → The line). A checkout call (cart add, quote,
// opening a payment, a free claim) that finds the process at its limit of checkout calls at
// once is answered at once with 202 and a stream of JSON lines (application/x-ndjson):
//
//   {"fila":{"antes":N}}      at once, whenever N changes (at most once a second), and every
//                             10 s while nothing changes (no proxy or client times it out)
//   {"turno":true}            admitted: the call runs now
//   {"status":S,"body":{...}} the call's own answer (status and JSON), the last line
//
// A call admitted at once is answered as always. A buyer who closes the connection leaves the
// line; a call that was already running sees clientGone(req) and gives back what it held.

import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CheckoutLine, LineLeft, type LinePlace } from '../lib/checkout-line';
import { errorAnswer } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's checkout line (lib/checkout-line.ts). */
    checkoutLine: CheckoutLine;
  }
}

export const LINE_CONTENT_TYPE = 'application/x-ndjson; charset=utf-8';
/** Position lines at most this often, and a line at least this often (keep-alive). */
const POSITION_EVERY_MS = 1_000;
const KEEPALIVE_MS = 10_000;

const goneFlags = new WeakMap<FastifyRequest, { gone: boolean }>();

export function registerCheckoutLine(app: FastifyInstance, capacity: number): void {
  app.decorate('checkoutLine', new CheckoutLine(capacity));
}

/** Whether the client closed the connection before the answer was sent (a lined call). */
export function clientGone(req: FastifyRequest): boolean {
  return goneFlags.get(req)?.gone ?? false;
}

function watchClient(req: FastifyRequest, reply: FastifyReply, onGone: () => void): void {
  const flag = { gone: false };
  goneFlags.set(req, flag);
  reply.raw.once('close', () => {
    if (reply.raw.writableEnded) return;
    flag.gone = true;
    onGone();
  });
}

/** Who the call is for: the signed-in buyer (a returning buyer goes ahead of newcomers). */
function keyOf(req: FastifyRequest): string | null {
  return req.user?.id ?? null;
}

/**
 * Wraps a route handler that returns its answer: it runs through the process's checkout line.
 * `refuseFast` runs first, before any wait (the sold-out answer from what is already known).
 */
export function inCheckoutLine<Req extends FastifyRequest, Rep extends FastifyReply, R>(
  handler: (req: Req, reply: Rep) => Promise<R>,
  refuseFast?: (req: NoInfer<Req>) => void | Promise<void>,
): (req: Req, reply: Rep) => Promise<R> {
  return async function lined(this: FastifyInstance, req: Req, reply: Rep): Promise<R> {
    await refuseFast?.(req);
    const place = req.server.checkoutLine.join(keyOf(req));
    watchClient(req, reply, () => place.leave());
    if (place.admittedAtOnce) {
      try {
        return await handler.call(this, req, reply);
      } finally {
        place.done();
      }
    }
    await streamInLine(req, reply, place, () => handler.call(this, req, reply));
    return undefined as R;
  };
}

async function streamInLine<R>(
  req: FastifyRequest,
  reply: FastifyReply,
  place: LinePlace,
  run: () => Promise<R>,
): Promise<void> {
  reply.hijack();
  const raw = reply.raw;
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined && name !== 'content-length') headers[name] = value;
  }
  raw.writeHead(202, {
    ...headers,
    'content-type': LINE_CONTENT_TYPE,
    'cache-control': 'no-store',
    // Nginx and similar proxies pass each line on at once.
    'x-accel-buffering': 'no',
  });
  const write = (text: string) => {
    if (!raw.destroyed) raw.write(`${text}\n`);
  };
  let told = place.ahead();
  let toldAt = Date.now();
  write(JSON.stringify({ fila: { antes: told } }));
  const ticker = setInterval(() => {
    const ahead = place.ahead();
    if (ahead !== told || Date.now() - toldAt >= KEEPALIVE_MS) {
      told = ahead;
      toldAt = Date.now();
      write(JSON.stringify({ fila: { antes: ahead } }));
    }
  }, POSITION_EVERY_MS);
  ticker.unref();
  try {
    await place.admitted;
  } catch (err) {
    clearInterval(ticker);
    if (err instanceof LineLeft) return;
    throw err;
  }
  clearInterval(ticker);
  write(JSON.stringify({ turno: true }));
  let status = 200;
  let body: unknown;
  try {
    body = await run();
  } catch (err) {
    ({ status, body } = errorAnswer(err as Error, req.log));
  } finally {
    place.done();
  }
  write(`{"status":${status},"body":${serializeFor(reply, status, body)}}`);
  raw.end();
  req.log.info({ statusCode: status, line: true }, 'answered through the checkout line');
}

/** The body as the route answers it (its response schema drops undeclared keys). */
function serializeFor(reply: FastifyReply, status: number, body: unknown): string {
  try {
    // By the route's response schema for that status (the status line itself was sent: 202).
    const text: unknown = reply.serializeInput(body as Record<string, unknown>, String(status));
    return typeof text === 'string' ? text : JSON.stringify(body ?? null);
  } catch {
    return JSON.stringify(body ?? null);
  }
}
