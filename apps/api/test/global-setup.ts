// Vitest global set-up of the API projects: makes the migrated database the project's files
// start from (test/migrated-databases.ts) before its workers start. Made inside the first
// files' set-up hooks instead, by every worker at once, it was what made those hooks time out
// on a fresh clone on a busy machine: migrations on the two cores that the checks and the
// build share; once made, it is only found (a hash of the migrations, one query).

import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migratedPgliteDump, migratedTemplate } from './migrated-databases';

export async function setup(project: TestProject): Promise<void> {
  if (project.config.env.TEST_DB !== 'postgres') {
    await migratedPgliteDump();
    return;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for TEST_DB=postgres');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await migratedTemplate(admin, adminUrl);
  } finally {
    await admin.end();
  }
}
