// Two things the start must never do on a published store: run with the demo customer (its
// password is in the README) and the 100 % coupon, and print a generated admin password to a
// server's standard output (with DATABASE_URL it goes to an owner-only file under DATA_DIR).

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context';
import { call } from '../../test/admin-helpers';
import { createUser } from '../../test/store-helpers';
import { announceGeneratedAdmin, FIRST_ADMIN_FILE } from './first-admin';
import { seed, SeedRefusedError } from './seed';
import { DEMO_COUPON, DEMO_CUSTOMER } from './seed-data';

describe('a published store with demo rows', () => {
  it('the README publishes the demo customer, as the refusal says', () => {
    const readme = readFileSync(fileURLToPath(new URL('../../../../README.md', import.meta.url)), 'utf8');
    expect(readme).toContain(DEMO_CUSTOMER.email);
    expect(readme).toContain(DEMO_CUSTOMER.password);
  });

  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('starts with no demo rows, refuses with them saying how to remove or keep them, starts again once removed', async () => {
    await seed(ctx.database.db, { demo: false, refuseDemoAt: 'https://tienda.example.org' });
    await seed(ctx.database.db, { demo: true });

    const attempt = seed(ctx.database.db, { demo: false, refuseDemoAt: 'https://tienda.example.org' });
    await expect(attempt).rejects.toThrow(SeedRefusedError);
    const message = await attempt.then(
      () => '',
      (err: Error) => err.message,
    );
    expect(message).toContain('https://tienda.example.org (PUBLIC_URL)');
    expect(message).toContain(DEMO_COUPON.code);
    expect(message).toContain(DEMO_CUSTOMER.email);
    expect(message).toContain('«Eliminar datos de demostración»');
    expect(message).toContain('SEED_DEMO=true');

    const admin = await createUser(ctx, { role: 'admin' });
    expect((await call(ctx, admin.token, 'POST', '/api/admin/demo-data/remove')).statusCode).toBe(200);
    await expect(
      seed(ctx.database.db, { demo: false, refuseDemoAt: 'https://tienda.example.org' }),
    ).resolves.toMatchObject({ seededDemo: false });
  });
});

describe('the generated admin password', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-first-admin-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const admin = { email: 'admin@asociacion.local', password: 'Zq8-generada-al-azar' };

  it('is shown at the first start of the embedded database, and no file is written', () => {
    const lines = announceGeneratedAdmin(admin, { dataDir });
    expect(lines.join('\n')).toContain(admin.password);
    expect(existsSync(path.join(dataDir, FIRST_ADMIN_FILE))).toBe(false);
  });

  it('with DATABASE_URL is never printed: it goes to an owner-only file under DATA_DIR, whose path is printed', () => {
    const lines = announceGeneratedAdmin(admin, { databaseUrl: 'postgres://db/tienda', dataDir });
    const file = path.join(dataDir, FIRST_ADMIN_FILE);
    expect(lines.join('\n')).not.toContain(admin.password);
    expect(lines.join('\n')).toContain(file);
    expect(readFileSync(file, 'utf8')).toContain(admin.password);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });
});

// The real server process, as `npm start` runs it.
const apiRoot = fileURLToPath(new URL('../..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts the server; resolves once it answers /api/health and has printed its banner (its
 * SIGTERM handler is in place from then on), or when it exits, whichever comes first.
 */
async function start(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      exitCode = code;
      resolve(code);
    }),
  );
  // A first start creates and migrates the database: many times longer on a busy machine.
  let up = false;
  const deadline = Date.now() + 100_000;
  while (!up && exitCode === undefined && Date.now() < deadline) {
    up =
      output.includes('Tienda lista en') &&
      (await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      ));
    if (!up) await new Promise((r) => setTimeout(r, 100));
  }
  return {
    up,
    output: () => output,
    exited,
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

describe.runIf(process.env.TEST_DB !== 'postgres')('npm start on the embedded database', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = { DATA_DIR: dataDir, WEB_DIST: path.join(dataDir, 'no-web') };

  it('refuses a public PUBLIC_URL while the demo rows of a local start are there', async () => {
    const local = await start(env);
    expect(local.up, local.output()).toBe(true);
    expect(local.output()).toContain(DEMO_COUPON.code);
    // The newcomer's first run shows the generated admin password.
    expect(local.output()).toMatch(/Administrador creado: admin@asociacion\.local \/ \S+/);
    expect(await local.stop()).toBe(0);

    const published = await start({ ...env, PUBLIC_URL: 'https://tienda.example.org' });
    expect(published.up).toBe(false);
    expect(await published.exited).toBe(1);
    expect(published.output()).toContain('https://tienda.example.org (PUBLIC_URL)');
    expect(published.output()).toContain('«Eliminar datos de demostración»');
    expect(published.output()).toContain('SEED_DEMO=true');

    // Kept on purpose.
    const kept = await start({ ...env, PUBLIC_URL: 'https://tienda.example.org', SEED_DEMO: 'true' });
    expect(kept.up, kept.output()).toBe(true);
    expect(await kept.stop()).toBe(0);
  }, 240_000);
});

describe.runIf(process.env.TEST_DB === 'postgres')('npm start with DATABASE_URL', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-start-pg-'));
  const name = `store_start_${randomBytes(5).toString('hex')}`;
  const adminUrl = process.env.TEST_DATABASE_URL ?? '';
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(q);
    await c.end();
  };
  beforeAll(() => admin(`CREATE DATABASE ${name}`));
  afterAll(async () => {
    await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('writes the generated admin password to an owner-only file under DATA_DIR and prints only its path', async () => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const server = await start({
      DATA_DIR: dataDir,
      WEB_DIST: path.join(dataDir, 'no-web'),
      DATABASE_URL: url.toString(),
      JWT_SECRET: 'x'.repeat(40),
    });
    expect(server.up, server.output()).toBe(true);
    expect(await server.stop()).toBe(0);
    const file = path.join(dataDir, FIRST_ADMIN_FILE);
    const password = /Contraseña: (\S+)/.exec(readFileSync(file, 'utf8'))?.[1];
    expect(password).toBeTruthy();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(server.output()).toContain(file);
    expect(server.output()).not.toContain(password!);
  }, 240_000);
});
