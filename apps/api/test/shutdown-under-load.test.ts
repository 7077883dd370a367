// SIGTERM during a load, as a rolling deploy sends it: readiness fails first (for
// SHUTDOWN_DRAIN_MS the replica keeps serving), then the port closes, the requests in flight
// finish, and the process exits 0. Every request the server accepted (its log names the
// connection's port) got its normal answer, never a 5xx or a dropped connection; the others
// were refused before the server saw them (a proxy retries those on another replica); every
// registration answered 200 is in the database afterwards.
// On PGlite in the `api` project, on PostgreSQL in `api-postgres`.

import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { migratedPgliteDump } from './migrated-databases';
import { createPostgresDatabase, killServer, startServer, type ServerProcess } from './server-process';

const onPostgres = process.env.TEST_DB === 'postgres';
const ADMIN = { email: 'jefa@asociacion.mx', password: 'una-clave-larga-de-prueba' };
const WORKERS = 6;
const DRAIN_MS = 500;

interface Outcome {
  op: string;
  localPort?: number;
  startedAt: number;
  endedAt: number;
  status?: number;
  body?: string;
  error?: string;
  email?: string;
}

/** One request on a connection of its own, so the server's log names it by our local port. */
function request(port: number, method: string, url: string, body?: unknown): Promise<Omit<Outcome, 'op'>> {
  const startedAt = Date.now();
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    let localPort: number | undefined;
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent: false,
        headers: payload ? { 'content-type': 'application/json' } : {},
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () =>
          resolve({ localPort, startedAt, endedAt: Date.now(), status: res.statusCode, body: text }),
        );
        res.on('error', (err) => resolve({ localPort, startedAt, endedAt: Date.now(), error: err.message }));
      },
    );
    req.on('socket', (s) => s.on('connect', () => (localPort = s.localPort)));
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve({ localPort, startedAt, endedAt: Date.now(), error: err.code ?? err.message }),
    );
    req.end(payload);
  });
}

describe(`SIGTERM under load (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-sigterm-load-'));
  let server: ServerProcess | undefined;
  let dropDatabase = async () => {};
  afterAll(async () => {
    if (server) await killServer(server);
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers every accepted request, refuses the rest before accepting them, exits 0', async () => {
    let databaseUrl: string | undefined;
    if (onPostgres) {
      const database = await createPostgresDatabase();
      databaseUrl = database.url;
      dropDatabase = database.drop;
    } else {
      // A migrated cluster to start from (no initdb, no migrations): what is measured is the
      // shutdown, not the first start.
      const db = await openDatabase({ dataDir, initialData: await migratedPgliteDump() });
      await db.close();
    }
    server = await startServer({
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      JWT_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: 'false',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // Both request lines are at debug (plugins/request-log.ts).
      LOG_LEVEL: 'debug',
      WEB_DIST: path.join(dataDir, 'no-web'),
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      OUTBOX_INTERVAL_MS: '600000',
      RATE_LIMIT_REGISTER_MAX: '100000',
      RATE_LIMIT_LOGIN_MAX: '100000',
      RATE_LIMIT_ACCOUNT_LOGIN_MAX: '100000',
    });
    const t0 = Date.now();
    await server.waitUntilUp('/api/health/ready');
    const upMs = Date.now() - t0;
    const { port } = server;

    // The load: catalogue reads, registrations (argon2 + insert + e-mail in one transaction),
    // logins (argon2) and readiness probes, on WORKERS connections at a time, until refused.
    const outcomes: Outcome[] = [];
    let sigtermAt = 0;
    let n = 0;
    const worker = async (w: number) => {
      for (let i = 0; ; i += 1) {
        const op = ['list', 'register', 'login', 'ready'][(i + w) % 4]!;
        const email = `carga-${w}-${i}-${(n += 1)}@prueba.mx`;
        const result =
          op === 'list'
            ? await request(port, 'GET', '/api/product/list')
            : op === 'register'
              ? await request(port, 'POST', '/api/user/register', {
                  name: 'CLIENTE DE CARGA',
                  email,
                  password: 'clave-de-carga-segura',
                })
              : op === 'login'
                ? await request(port, 'POST', '/api/user/login', ADMIN)
                : await request(port, 'GET', '/api/health/ready');
        outcomes.push({ op, ...result, ...(op === 'register' ? { email } : {}) });
        if (result.error === 'ECONNREFUSED') return;
        if (Date.now() - (sigtermAt || Date.now()) > 20_000) return;
      }
    };
    const load = Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    while (outcomes.length < 40) await new Promise((r) => setTimeout(r, 20));
    sigtermAt = Date.now();
    server.child.kill('SIGTERM');
    const { code, at } = await server.exited;
    await load;
    const output = server.output();

    // The server's side: every request it logged as incoming was completed, none with a 5xx.
    const lines = output
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const incoming = new Map<string, number>();
    const urls = new Map<string, string>();
    const completed = new Map<string, number>();
    for (const l of lines) {
      const reqId = String(l.reqId);
      if (l.msg === 'incoming request') {
        incoming.set(reqId, (l.req as { remotePort: number }).remotePort);
        urls.set(reqId, (l.req as { url: string }).url);
      }
      if (l.msg === 'request completed') completed.set(reqId, (l.res as { statusCode: number }).statusCode);
    }
    const acceptedPorts = new Set(incoming.values());
    const unanswered = [...incoming.keys()].filter((id) => !completed.has(id));
    // Readiness says 503 on purpose once draining; nothing else may.
    const serverErrors = [...completed].filter(
      ([id, status]) => status >= 500 && !(status === 503 && urls.get(id) === '/api/health/ready'),
    );

    // The client's side, split by whether the server accepted the connection's request.
    const accepted = outcomes.filter((o) => o.localPort !== undefined && acceptedPorts.has(o.localPort));
    const notAccepted = outcomes.filter((o) => !accepted.includes(o));
    const failedAccepted = accepted.filter(
      (o) =>
        o.error !== undefined ||
        o.status === undefined ||
        (o.status >= 500 && !(o.op === 'ready' && o.status === 503)),
    );
    const inFlightAtSignal = accepted.filter((o) => o.startedAt < sigtermAt && o.endedAt > sigtermAt);
    const servedDuringDrain = accepted.filter((o) => o.startedAt > sigtermAt && o.status === 200);
    const drainingReady = accepted.filter(
      (o) =>
        o.op === 'ready' &&
        o.startedAt > sigtermAt &&
        o.status === 503 &&
        o.body?.includes('"shuttingDown":true'),
    );
    const summary = {
      upMs,
      exit: code,
      exitMs: at - sigtermAt,
      requests: outcomes.length,
      accepted: accepted.length,
      failedAccepted: failedAccepted.length,
      inFlightAtSignal: inFlightAtSignal.length,
      servedDuringDrain: servedDuringDrain.length,
      refusedBeforeAccept: notAccepted.length,
      refusals: [...new Set(notAccepted.map((o) => o.error ?? `status ${o.status}`))],
    };
    console.log(`SIGTERM under load (${onPostgres ? 'PostgreSQL' : 'PGlite'}): ${JSON.stringify(summary)}`);

    expect(code, output.slice(-3000)).toBe(0);
    expect(unanswered, 'requests the server accepted and never answered').toEqual([]);
    expect(serverErrors).toEqual([]);
    expect(failedAccepted, JSON.stringify(failedAccepted.slice(0, 5))).toEqual([]);
    // Every accepted request was answered as usual (the probes say 503 once draining).
    for (const o of accepted) {
      const expected = o.op === 'ready' ? [200, 503] : [200];
      expect(expected, `${o.op} → ${o.status} ${o.body}`).toContain(o.status);
    }
    // What was not accepted was refused on connect: nothing was sent to a closing process.
    for (const o of notAccepted) expect(['ECONNREFUSED', 'ECONNRESET']).toContain(o.error);
    // The signal really landed mid-load, and the drain kept serving while readiness failed.
    expect(inFlightAtSignal.length).toBeGreaterThan(0);
    expect(servedDuringDrain.length).toBeGreaterThan(0);
    expect(drainingReady.length).toBeGreaterThan(0);

    // Every registration answered 200 is in the database.
    const registered = accepted.filter((o) => o.op === 'register').map((o) => o.email!);
    expect(registered.length).toBeGreaterThan(0);
    const t1 = Date.now();
    const db = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
    const rows = (await db.db.execute(sql`select email from users`)) as unknown as {
      rows: { email: string }[];
    };
    await db.close();
    const stored = new Set(rows.rows.map((r) => r.email));
    expect(registered.filter((e) => !stored.has(e))).toEqual([]);
    console.log(`reopened and checked in ${Date.now() - t1} ms`);
  }, 90_000);
});
