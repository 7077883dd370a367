// Two replicas of a new release started at the same instant on an empty PostgreSQL database
// (and the local Redis when it answers): the start-up advisory lock lets one migrate and seed
// at a time, and a replica that waits says so; both come up, the database has one admin.
// Runs once against the PostgreSQL server of the tests; skipped with the reason
// when that server does not answer.

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { STARTUP_LOCK_KEY } from '../src/db/client';
import { afterAll, describe, expect, it } from 'vitest';
import {
  answers,
  createPostgresDatabase,
  killServer,
  postgresAdminUrl,
  postgresAnswers,
  startServer,
  type ServerProcess,
} from './server-process';

// Whichever project includes this file (the PostgreSQL one in CI, the PGlite one without
// TEST_DATABASE_URL) runs it once, against that PostgreSQL server.
const postgresUp = await postgresAnswers();
const redisUp = await answers('127.0.0.1', 6379);
if (!postgresUp) {
  console.warn(`replicas-start: skipped, PostgreSQL does not answer at ${postgresAdminUrl}`);
}

describe.runIf(postgresUp)('two replicas started at once on an empty PostgreSQL', () => {
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];
  let dropDatabase = async () => {};
  afterAll(async () => {
    await Promise.all(servers.map(killServer));
    await dropDatabase();
    for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
  });

  it('both come up, one migrates and seeds, the other waits; one admin', async () => {
    const database = await createPostgresDatabase();
    dropDatabase = database.drop;
    const jwtSecret = randomBytes(32).toString('hex');
    const env = () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-replica-'));
      dataDirs.push(dataDir);
      return {
        NODE_ENV: 'production',
        DATABASE_URL: database.url,
        ...(redisUp ? { REDIS_URL: 'redis://127.0.0.1:6379' } : {}),
        JWT_SECRET: jwtSecret,
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        WEB_DIST: path.join(dataDir, 'no-web'),
      };
    };
    // The test holds the start-up lock until both replicas are waiting for it, so they
    // really contend for it however long each takes to load; then it lets go.
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    await holder.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    const started = Date.now();
    servers.push(...(await Promise.all([startServer(env()), startServer(env())])));
    const waiting = () => servers.filter((s) => s.output().includes('Otra instancia está migrando')).length;
    while (waiting() < 2 && Date.now() - started < 60_000) await new Promise((r) => setTimeout(r, 100));
    expect(waiting(), servers.map((s) => s.output()).join('\n---\n')).toBe(2);
    await holder.end();
    await Promise.all(servers.map((s) => s.waitUntilUp('/api/health/ready')));
    // The start banner is printed (one write) once the server listens, so it can reach us after
    // the first ready answer: wait for both banners.
    while (!servers.every((s) => s.output().includes('Tienda lista')) && Date.now() - started < 90_000) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const outputs = servers.map((s) => s.output());
    console.log(
      `replicas-start: both ready in ${Date.now() - started} ms${redisUp ? ' (with Redis)' : ' (Redis does not answer: without it)'}`,
    );

    // One migrated and generated the admin; the other took the lock after it and found both done.
    expect(
      outputs.filter((o) => o.includes('Administrador creado')),
      outputs.join('\n---\n'),
    ).toHaveLength(1);
    expect(outputs.join('\n')).not.toMatch(/Failed query|already exists/);

    const c = new pg.Client({ connectionString: database.url });
    await c.connect();
    const admins = await c.query(`SELECT count(*)::int AS n FROM users WHERE role = 'admin'`);
    const migrations = await c.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
    await c.end();
    expect(admins.rows[0].n).toBe(1);
    expect(migrations.rows[0].n).toBeGreaterThan(0);

    // Both serve the same store.
    for (const s of servers) {
      const res = await fetch(`http://127.0.0.1:${s.port}/api/product/list`);
      expect(res.status).toBe(200);
    }
  }, 120_000);
});
