// The store's files at rest are its owner's only: the real server on the embedded database
// (a fresh data folder, started from a umask that would leave files readable by others) writes
// its cluster, generated secrets, an uploaded image and an outbox message with a live
// set-password link; every folder and file under DATA_DIR has no group or other bits, while
// it runs and after it stops.

import { lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { killServer, startServer, type ServerProcess } from './server-process';

const onPostgres = process.env.TEST_DB === 'postgres';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Every folder and file below `dir` (itself included) as [path relative to dir, mode]. */
function modes(dir: string): [string, number][] {
  const out: [string, number][] = [[path.basename(dir), lstatSync(dir).mode & 0o777]];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isSymbolicLink()) continue;
      out.push([path.relative(dir, full), lstatSync(full).mode & 0o777]);
      if (e.isDirectory()) walk(full);
    }
  };
  walk(dir);
  return out;
}

const open = (list: [string, number][]) =>
  list.filter(([, mode]) => mode & 0o077).map(([file, mode]) => `${file} ${mode.toString(8)}`);

// The embedded database only: nothing of PostgreSQL's is under DATA_DIR.
describe.runIf(!onPostgres)('files at rest', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-at-rest-'));
  let server: ServerProcess | undefined;
  afterAll(async () => {
    if (server) await killServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('DATA_DIR and everything in it: owner only, running and stopped', async () => {
    const umask = process.umask(0o022);
    try {
      server = await startServer({
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        ADMIN_EMAIL: 'admin@archivos.test',
        ADMIN_PASSWORD: 'clave-del-admin-1',
        OUTBOX_INTERVAL_MS: '100',
        LOG_LEVEL: 'warn',
      });
    } finally {
      process.umask(umask);
    }
    await server.waitUntilUp('/api/health', 120_000);
    const base = `http://127.0.0.1:${server.port}`;
    const login = await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@archivos.test', password: 'clave-del-admin-1' }),
    });
    const { token } = (await login.json()) as { token: string };
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'portada.png');
    const upload = await fetch(`${base}/api/admin/uploads`, {
      method: 'POST',
      headers: { token },
      body: form,
    });
    expect(upload.status).toBe(200);
    // A reset link in the outbox (no SMTP_URL: an .eml file).
    await fetch(`${base}/api/user/reset-password-request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@archivos.test' }),
    });
    const outbox = path.join(dataDir, 'outbox');
    for (let i = 0; i < 200; i++) {
      if (readdirSync(dataDir).includes('outbox') && readdirSync(outbox).some((f) => f.endsWith('.eml')))
        break;
      await new Promise((r) => setTimeout(r, 100));
    }

    const running = modes(dataDir);
    expect(running.filter(([f]) => f.startsWith('pgdata/')).length).toBeGreaterThan(500);
    expect(running.some(([f]) => f.startsWith('outbox/') && f.endsWith('.eml'))).toBe(true);
    expect(running.some(([f]) => f.startsWith('uploads/') && f.endsWith('.png'))).toBe(true);
    expect(running.some(([f]) => f === 'jwt-secret')).toBe(true);
    expect(open(running)).toEqual([]);

    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
    expect(open(modes(dataDir))).toEqual([]);
  }, 180_000);
});
