// A database for testing one migration: created empty (in-memory PGlite, or a new database on
// TEST_DATABASE_URL), brought to the migration before it, filled with rows as an older store
// had them, then migrated and read back.

import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrationsFolder } from '../src/db/client';

export interface RawDb {
  exec(sql: string): Promise<void>;
  rows<T>(sql: string): Promise<T[]>;
  close(): Promise<void>;
}

/** A database with no migrations applied. */
export async function openEmpty(): Promise<RawDb> {
  if (process.env.TEST_DB !== 'postgres') {
    const client = new PGlite();
    return {
      exec: async (sql) => void (await client.exec(sql)),
      rows: async <T>(sql: string) => (await client.query<T>(sql)).rows,
      close: () => client.close(),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `store_migration_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    exec: async (sql) => void (await client.query(sql)),
    rows: async <T>(sql: string) => (await client.query(sql)).rows as T[],
    close: async () => {
      await client.end();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** The migration files in the order the migrator applies them. */
export const migrationFiles = readdirSync(migrationsFolder)
  .filter((f) => f.endsWith('.sql'))
  .sort();

/** The position of the migration whose file name ends with `suffix` (e.g. `_event_day_instants.sql`). */
export function migrationIndex(suffix: string): number {
  return migrationFiles.findIndex((f) => f.endsWith(suffix));
}

/** One migration file in one transaction, as the migrator runs it (temp tables live until COMMIT). */
export async function applyMigration(db: RawDb, file: string): Promise<void> {
  const sql = readFileSync(path.join(migrationsFolder, file), 'utf8');
  await db.exec('BEGIN');
  for (const statement of sql.split('--> statement-breakpoint')) {
    if (statement.trim()) await db.exec(statement);
  }
  await db.exec('COMMIT');
}
