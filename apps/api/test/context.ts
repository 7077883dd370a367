// A fresh app on a fresh database for each test file: in-memory PGlite, or (TEST_DB=postgres)
// a new database on the server of TEST_DATABASE_URL, dropped afterwards.

import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { migratedPgliteDump, migratedTemplate } from './migrated-databases';

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
    // Tests that fire many checkouts at once read plain answers; the line has its own tests
    // (test/checkout-line.test.ts), which set their limit.
    CHECKOUT_CONCURRENCY: '1000',
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
