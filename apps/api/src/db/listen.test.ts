// The database's change notifications (Database.listen): every NOTIFY committed before a
// flush() reaches the callback by the time that flush resolves, and on PostgreSQL the
// listening connection never runs two queries at once, however many caches flush together.
// A listening connection that dies without closing (its packets dropped, as after a NAT's idle
// timeout) is found by its health check: the callback runs without a payload (caches drop
// everything), the subscription is not live meanwhile, and a new connection takes over.

import net from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';
import { openDatabase, type Subscription } from './client';

let ctx: TestContext;
let sub: Subscription;
const received: string[] = [];
beforeAll(async () => {
  ctx = await createTestContext();
  sub = await ctx.database.listen('listen_test', (payload) => {
    if (payload) received.push(payload);
  });
});
afterAll(async () => {
  await sub.close();
  await ctx.close();
});

describe('Database.listen', () => {
  it('flushes asked for at once each see what was committed before them, one query at a time', async () => {
    // Counts the queries in flight on each pg client (PGlite has none: nothing to count).
    const inFlight = new Map<object, number>();
    let most = 0;
    const query = pg.Client.prototype.query;
    const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
      this: pg.Client,
      ...args: unknown[]
    ) {
      const result = (query as (...a: unknown[]) => unknown).apply(this, args);
      if (result && typeof (result as Promise<unknown>).then === 'function') {
        const now = (inFlight.get(this) ?? 0) + 1;
        inFlight.set(this, now);
        most = Math.max(most, now);
        const settle = () => inFlight.set(this, (inFlight.get(this) ?? 1) - 1);
        (result as Promise<unknown>).then(settle, settle);
      }
      return result;
    } as typeof query);
    try {
      await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          await ctx.database.db.execute(sql`SELECT pg_notify('listen_test', ${String(i)})`);
          await sub.flush();
          expect(received).toContain(String(i));
        }),
      );
    } finally {
      spy.mockRestore();
    }
    expect(new Set(received)).toEqual(new Set(Array.from({ length: 20 }, (_, i) => String(i))));
    expect(most).toBeLessThanOrEqual(1);
  });
});

/** A TCP relay to `target`; `freeze()` stops passing bytes on every open connection, closing none. */
async function relay(target: URL) {
  const pairs: [net.Socket, net.Socket][] = [];
  const server = net.createServer((inbound) => {
    const outbound = net.connect(Number(target.port || 5432), target.hostname);
    inbound.pipe(outbound).pipe(inbound);
    inbound.on('error', () => undefined);
    outbound.on('error', () => undefined);
    pairs.push([inbound, outbound]);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    freeze() {
      for (const [a, b] of pairs.splice(0)) {
        a.unpipe(b);
        b.unpipe(a);
        a.pause();
        b.pause();
      }
    },
    close() {
      server.close();
    },
  };
}

describe.runIf(process.env.TEST_DB === 'postgres')('a listening connection that dies without closing', () => {
  it('is found by its health check: everything dropped, not live, then replaced', async () => {
    const target = new URL(ctx.config.DATABASE_URL!);
    const proxy = await relay(target);
    const viaProxy = new URL(target);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const database = await openDatabase({
      databaseUrl: viaProxy.toString(),
      poolSize: 1,
      listenCheck: { everyMs: 100, timeoutMs: 300 },
    });
    const calls: (string | undefined)[] = [];
    const watched = await database.listen('listen_dead_test', (payload) => calls.push(payload));
    try {
      expect(watched.live).toBe(true);
      calls.length = 0;
      proxy.freeze();
      const until = Date.now() + 5_000;
      while (watched.live && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      expect(watched.live).toBe(false);
      expect(calls).toContain(undefined);
      // A new connection (through the relay, which passes new connections) takes over.
      while (!watched.live && Date.now() < until + 5_000) await new Promise((r) => setTimeout(r, 20));
      expect(watched.live).toBe(true);
      await ctx.database.db.execute(sql`SELECT pg_notify('listen_dead_test', 'de nuevo')`);
      await watched.flush();
      expect(calls).toContain('de nuevo');
    } finally {
      await watched.close();
      await database.close().catch(() => undefined);
      proxy.close();
    }
  }, 20_000);
});
