// Whether every migration this release ships has been applied to the database it talks to
// (readiness): the newest entry of migrations/meta/_journal.json against Drizzle's own table.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, type Db } from './client';

let newestShipped: number | undefined;

function newestMigration(): number {
  if (newestShipped === undefined) {
    const journal = JSON.parse(
      readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as {
      entries: { when: number }[];
    };
    newestShipped = Math.max(0, ...journal.entries.map((e) => e.when));
  }
  return newestShipped;
}

export async function migrationsApplied(db: Db): Promise<boolean> {
  const result = await db.execute<{ newest: string | null }>(
    sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
  );
  const rows = (result as unknown as { rows: { newest: string | null }[] }).rows;
  return Number(rows[0]?.newest ?? 0) >= newestMigration();
}
