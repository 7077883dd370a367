// A fresh app on a fresh database for each test file: in-memory PGlite, or (TEST_DB=postgres)
// a new database on the server of TEST_DATABASE_URL, dropped afterwards.

import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import type { PGlite } from '@electric-sql/pglite';
import { migrationsFolder, openDatabase, type Database } from '../src/db/client';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

export interface TestContextOptions {
  /** Receives the app's log lines (pino JSON) when LOG_LEVEL is not silent. */
  logStream?: { write(line: string): void };
  /** Serve this as the SPA's index.html (pages load as in production). */
  indexHtml?: string;
}

export async function createTestContext(
  env: Record<string, string> = {},
  opts: TestContextOptions = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-test-'));
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  if (process.env.TEST_DB === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for TEST_DB=postgres');
    const name = `store_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${await migratedTemplate(admin, adminUrl)}`);
    } finally {
      await admin.end();
    }
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    PUBLIC_URL: 'http://tienda.test',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  const database = await openDatabase({
    databaseUrl,
    poolSize: 25,
    ...(databaseUrl ? {} : { initialData: await migratedPgliteDump() }),
  });
  await database.migrate();
  const webDist = path.join(dataDir, 'no-web');
  if (opts.indexHtml !== undefined) {
    mkdirSync(webDist, { recursive: true });
    writeFileSync(path.join(webDist, 'index.html'), opts.indexHtml);
  }
  const app = await buildApp({
    config,
    database,
    webDist,
    ...(opts.logStream ? { logStream: opts.logStream } : {}),
  });
  seeChangesFirst(app);
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Tests write to the database and read the catalogue (or use a session) at once. On
 * PostgreSQL the change notifications travel on other connections; this makes each request
 * wait until those already committed have arrived (on PGlite they always have), so a test
 * sees what a replica would see a few milliseconds later. A missing notification still
 * fails the test.
 */
export function seeChangesFirst(app: FastifyInstance): void {
  app.addHook('onRequest', async () => {
    await Promise.all([app.catalogue.sync(), app.sessions.sync(), app.userViews.sync()]);
  });
  // Every answer a buyer's snapshot serves is compared with a fresh one (a stale one fails).
  app.userViews.verify = true;
}

/**
 * An in-memory PGlite with every migration applied, as a dump: starting from it takes about
 * half the time of an empty cluster (no initdb) plus the migrations. Made once per set of
 * migrations and kept in the temp folder (written to a temporary name, then renamed, so
 * parallel workers never read half a file); `migrate()` still runs after loading it. Also
 * loaded into a data folder by the tests that start the server process on PGlite.
 */
export async function migratedPgliteDump(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `store-test-pglite-${migrationsHash()}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const fresh = await openDatabase({});
  await fresh.migrate();
  const client = (fresh.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  await fresh.close();
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  renameSync(tmp, file);
  return dump;
}

/** Names the set of migrations: the files' names and contents. */
function migrationsHash(): string {
  const files = readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort();
  const hash = createHash('sha256');
  for (const file of files) {
    const full = path.join(migrationsFolder, file);
    if (statSync(full).isFile()) hash.update(file).update(readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A PostgreSQL database with every migration applied, named by the set of migrations and kept
 * on the server, that each test file's database is copied from (`CREATE DATABASE … TEMPLATE`):
 * a copy takes a fraction of the time of running the migrations on an empty database. Made
 * once, under an advisory lock (the parallel workers, or another run on the same server, wait
 * for it), under a temporary name renamed when complete, so no copy is taken of half of it.
 * `migrate()` still runs on each copy.
 */
async function migratedTemplate(admin: pg.Client, adminUrl: string): Promise<string> {
  const hash = migrationsHash();
  const name = `store_test_template_${hash}`;
  const exists = async () =>
    (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  if (await exists()) return name;
  const lock = BigInt(`0x${hash}`) & 0x7fff_ffff_ffff_ffffn;
  await admin.query('SELECT pg_advisory_lock($1)', [lock.toString()]);
  try {
    if (await exists()) return name;
    const building = `${name}_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${building}`);
    const url = new URL(adminUrl);
    url.pathname = `/${building}`;
    try {
      const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
      // A closed pool's server processes may still be ending: neither a rename nor a copy
      // proceeds while one is connected.
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [
        building,
      ]);
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
    } catch (err) {
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      throw err;
    }
    return name;
  } finally {
    await admin.query('SELECT pg_advisory_unlock($1)', [lock.toString()]);
  }
}
