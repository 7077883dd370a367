// The database's change notifications (Database.listen): every NOTIFY committed before a
// flush() reaches the callback by the time that flush resolves, and on PostgreSQL the
// listening connection never runs two queries at once, however many caches flush together.

import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';
import type { Subscription } from './client';

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
