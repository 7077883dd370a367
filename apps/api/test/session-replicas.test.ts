// Sessions are checked from memory (plugins/session-cache.ts), yet a change ends them on every
// replica at once: two server processes on one PostgreSQL database, each having just served
// the session (so each holds the user), then a demotion and a new password made through one
// of them; the other refuses the old rights within one second. Runs once against the
// PostgreSQL server of the tests; skipped with the reason when that server does not answer.

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
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
if (!postgresUp) {
  console.warn(`session-replicas: skipped, PostgreSQL does not answer at ${postgresAdminUrl}`);
}

const BOSS = { email: 'jefa@asociacion.mx', password: 'una-clave-larga-de-prueba' };

describe.runIf(postgresUp)('session changes on two replicas', () => {
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];
  let dropDatabase = async () => {};
  let boss = '';

  const call = async (server: ServerProcess, method: string, url: string, token?: string, body?: unknown) => {
    const res = await fetch(`http://127.0.0.1:${server.port}${url}`, {
      method,
      headers: { ...(token ? { token } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };

  /** Milliseconds until `url` answers `status` with `token` on `server` (polled every 20 ms, up to 5 s). */
  const timeUntil = async (server: ServerProcess, url: string, token: string, status: number) => {
    const from = Date.now();
    while (Date.now() - from < 5000) {
      if ((await call(server, 'GET', url, token)).status === status) return Date.now() - from;
      await new Promise((r) => setTimeout(r, 20));
    }
    return Infinity;
  };

  /** A customer signed up through replica 1. */
  const signUp = async (label: string) => {
    const email = `${label}-${randomBytes(3).toString('hex')}@prueba.mx`;
    const res = await call(servers[0]!, 'POST', '/api/user/register', undefined, {
      name: 'Ana Colega',
      email,
      password: 'clave-de-prueba-2026',
    });
    expect(res.status).toBe(200);
    const token = res.json.token as string;
    const profile = await call(servers[0]!, 'GET', '/api/user/profile', token);
    return { id: (profile.json.user as { _id: string })._id, token };
  };

  beforeAll(async () => {
    const database = await createPostgresDatabase();
    dropDatabase = database.drop;
    const jwtSecret = randomBytes(32).toString('hex');
    const env = () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-session-'));
      dataDirs.push(dataDir);
      return {
        NODE_ENV: 'production',
        DATABASE_URL: database.url,
        JWT_SECRET: jwtSecret,
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        ADMIN_EMAIL: BOSS.email,
        ADMIN_PASSWORD: BOSS.password,
        LOG_LEVEL: 'warn',
        WEB_DIST: path.join(dataDir, 'no-web'),
      };
    };
    servers.push(await startServer(env()));
    await servers[0]!.waitUntilUp('/api/health/ready');
    servers.push(await startServer(env()));
    await servers[1]!.waitUntilUp('/api/health/ready');
    boss = (await call(servers[0]!, 'POST', '/api/user/login', undefined, BOSS)).json.token as string;
    expect(boss).toBeTruthy();
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map(killServer));
    await dropDatabase();
    for (const d of dataDirs) rmSync(d, { recursive: true, force: true });
  });

  it('a demoted administrator loses the back office on both replicas within a second', async () => {
    const ana = await signUp('demotion');
    expect(
      (await call(servers[0]!, 'PATCH', `/api/admin/members/${ana.id}`, boss, { role: 'admin' })).status,
    ).toBe(200);
    // Both replicas serve her as an administrator (and now hold her row).
    for (const s of servers) expect((await call(s, 'GET', '/api/admin/members', ana.token)).status).toBe(200);

    expect(
      (await call(servers[0]!, 'PATCH', `/api/admin/members/${ana.id}`, boss, { role: 'customer' })).status,
    ).toBe(200);
    const [here, there] = await Promise.all(
      servers.map((s) => timeUntil(s, '/api/admin/members', ana.token, 403)),
    );
    expect(here).toBeLessThan(1000);
    expect(there).toBeLessThan(1000);
    // Still signed in as a customer.
    for (const s of servers) expect((await call(s, 'GET', '/api/user/profile', ana.token)).status).toBe(200);
  }, 30_000);

  it('a new password ends the old session on both replicas within a second', async () => {
    const ana = await signUp('password');
    for (const s of servers) expect((await call(s, 'GET', '/api/user/profile', ana.token)).status).toBe(200);

    // The new password is set through the other replica this time.
    expect(
      (await call(servers[1]!, 'POST', `/api/admin/members/${ana.id}/temporary-password`, boss)).status,
    ).toBe(200);
    const [first, second] = await Promise.all(
      servers.map((s) => timeUntil(s, '/api/user/profile', ana.token, 401)),
    );
    expect(first).toBeLessThan(1000);
    expect(second).toBeLessThan(1000);
  }, 30_000);

  it('"log out everywhere" on one replica ends the session on the other within a second', async () => {
    const ana = await signUp('logout');
    for (const s of servers) expect((await call(s, 'GET', '/api/user/profile', ana.token)).status).toBe(200);
    expect((await call(servers[0]!, 'POST', '/api/user/logout-all', ana.token)).status).toBe(200);
    expect(await timeUntil(servers[1]!, '/api/user/profile', ana.token, 401)).toBeLessThan(1000);
  }, 30_000);
});
