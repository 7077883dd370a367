// The checkout line on the wire (docs/on-sale.md → The line). A checkout call (cart add, quote,
// opening a payment, a free claim) that finds the process at its limit of checkout calls at
// once is answered at once with 202 and a stream of JSON lines (application/x-ndjson):
//
//   {"fila":{"antes":N}}      at once, when N changes (at most every 3 s; every second for the
//                             last 10), and every 10 s while nothing changes (keep-alive)
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
/**
 * Position lines at most this often (each is a write to a socket: a thousand buyers told every
 * second was a third of the server's CPU), and a line at least this often (keep-alive). The
 * last few before their turn are told every second.
 */
const POSITION_EVERY_MS = 3_000;
const POSITION_NEAR_MS = 1_000;
const NEAR = 10;
const KEEPALIVE_MS = 10_000;

const goneFlags = new WeakMap<FastifyRequest, { gone: boolean }>();
const slots = new WeakMap<FastifyRequest, LinePlace>();
/** Per app: the checks of the calls waiting in its line, run again by recheckWaiting(). */
const waitingChecks = new WeakMap<FastifyInstance, Set<() => void>>();

/** Something those waiting may be refused for changed (a day filled): check them all now. */
export function recheckWaiting(app: FastifyInstance): void {
  for (const check of waitingChecks.get(app) ?? []) check();
}

/**
 * The call's work on the database is done (what is left waits on a provider): its slot in the
 * line goes to the next buyer now. Nothing happens for a call that is not in the line.
 */
export function leaveLineSlot(req: FastifyRequest): void {
  slots.get(req)?.done();
}

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

/** What a lined call may know before it runs (the seat board: docs/on-sale.md). */
export interface LineChecks<Req> {
  /**
   * Refuses the call from what is already known (throws): before it joins the line, again
   * while it waits (a day that filled meanwhile is answered at once, not at its turn) and when
   * its turn comes.
   */
  refuse?: (req: Req) => void;
  /** Told of each error the call itself met (the board re-reads after a sold-out refusal). */
  refused?: (req: Req, err: unknown) => void;
  /** Told when the call succeeded (the board re-reads when a day may have just filled). */
  served?: (req: Req) => void;
}

/** How often a waiting call is checked against `refuse`. */
const RECHECK_MS = 250;

/**
 * Wraps a route handler that returns its answer: it runs through the process's checkout line.
 */
export function inCheckoutLine<Req extends FastifyRequest, Rep extends FastifyReply, R>(
  handler: (req: Req, reply: Rep) => Promise<R>,
  checks: LineChecks<NoInfer<Req>> = {},
): (req: Req, reply: Rep) => Promise<R> {
  const run = async (self: FastifyInstance, req: Req, reply: Rep): Promise<R> => {
    let result: R;
    try {
      result = await handler.call(self, req, reply);
    } catch (err) {
      checks.refused?.(req, err);
      throw err;
    }
    checks.served?.(req);
    return result;
  };
  return async function lined(this: FastifyInstance, req: Req, reply: Rep): Promise<R> {
    checks.refuse?.(req);
    const place = req.server.checkoutLine.join(keyOf(req));
    slots.set(req, place);
    watchClient(req, reply, () => place.leave());
    if (place.admittedAtOnce) {
      try {
        return await run(this, req, reply);
      } finally {
        place.done();
        req.server.checkoutLine.finished();
      }
    }
    await streamInLine(req, reply, place, {
      run: () => run(this, req, reply),
      refuse: checks.refuse && (() => checks.refuse!(req)),
    });
    return undefined as R;
  };
}

async function streamInLine<R>(
  req: FastifyRequest,
  reply: FastifyReply,
  place: LinePlace,
  call: { run: () => Promise<R>; refuse?: () => void },
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
  const finish = (status: number, body: unknown) => {
    req.server.checkoutLine.finished();
    write(`{"status":${status},"body":${serializeFor(reply, status, body)}}`);
    raw.end();
    req.log.info({ statusCode: status, line: true }, 'answered through the checkout line');
  };
  /** The refusal `refuse` gives now, if any. */
  const refusal = () => {
    try {
      call.refuse?.();
      return null;
    } catch (err) {
      return errorAnswer(err as Error, req.log);
    }
  };
  let told = place.ahead();
  let toldAt = Date.now();
  write(JSON.stringify({ fila: { antes: told } }));
  let refusedWhileWaiting: ReturnType<typeof refusal> = null;
  const recheck = () => {
    if (refusedWhileWaiting) return true;
    refusedWhileWaiting = refusal();
    // No seat can be theirs any more: out of the line, and told now rather than at their turn.
    if (refusedWhileWaiting) place.leave();
    return refusedWhileWaiting !== null;
  };
  const checks = waitingChecks.get(req.server) ?? new Set<() => void>();
  waitingChecks.set(req.server, checks);
  const check = () => void recheck();
  if (call.refuse) checks.add(check);
  const ticker = setInterval(() => {
    if (recheck()) return;
    const ahead = place.ahead();
    const now = Date.now();
    const every = ahead < NEAR ? POSITION_NEAR_MS : POSITION_EVERY_MS;
    if ((ahead !== told && now - toldAt >= every) || now - toldAt >= KEEPALIVE_MS) {
      told = ahead;
      toldAt = now;
      write(JSON.stringify({ fila: { antes: ahead } }));
    }
  }, RECHECK_MS);
  ticker.unref();
  try {
    await place.admitted;
  } catch (err) {
    clearInterval(ticker);
    checks.delete(check);
    if (!(err instanceof LineLeft)) throw err;
    if (refusedWhileWaiting) {
      const { status, body } = refusedWhileWaiting;
      finish(status, body);
    }
    return;
  }
  clearInterval(ticker);
  checks.delete(check);
  const atTurn = refusal();
  if (atTurn) {
    place.done();
    finish(atTurn.status, atTurn.body);
    return;
  }
  write(JSON.stringify({ turno: true }));
  let status = 200;
  let body: unknown;
  try {
    body = await call.run();
  } catch (err) {
    ({ status, body } = errorAnswer(err as Error, req.log));
  } finally {
    place.done();
  }
  finish(status, body);
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
