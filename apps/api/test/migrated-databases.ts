// The migrated database every API test file starts from: a dump of an embedded PGlite, or a
// template database on the PostgreSQL server. Both are named by the set of migrations, made
// once (test/global-setup.ts makes them before the workers start) and then only copied.

import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { migrationsFolder, openDatabase } from '../src/db/client';

/**
 * How the PGlite dump is made, part of its file name: a dump made another way (by an older
 * checkout, from the same migrations) is not taken for this one.
 */
const DUMP_RECIPE = 'checkpointed, shared_buffers 16MB';

/**
 * A test database holds a few hundred rows. PostgreSQL's default buffer cache of 128 MB is
 * cleared and set up at every start, which is more than half of what starting PGlite costs
 * (about 1 s against 0.4 s on a quiet machine); 16 MB still holds every page a test reads.
 * Written with ALTER SYSTEM, so it travels in the dump (postgresql.auto.conf).
 */
const SHARED_BUFFERS = '16MB';

let dump: { file: string; blob: Blob } | undefined;

/**
 * An in-memory PGlite with every migration applied, as a dump: starting from it takes a
 * fraction of the time of an empty cluster (initdb) plus the migrations. Kept in the temp
 * folder (written to a temporary name, then renamed, so parallel workers never read half a
 * file) and in memory once read, for the worker's next files. It is taken after a
 * checkpoint: a dump of a running cluster would make every start replay the migrations'
 * WAL and write the pages again. `migrate()` still runs after loading it. Also loaded into a
 * data folder by the tests that start the server process on PGlite.
 */
export async function migratedPgliteDump(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `store-test-pglite-${migrationsHash(DUMP_RECIPE)}.tar`);
  if (dump?.file === file) return dump.blob;
  if (!existsSync(file)) {
    const fresh = await openDatabase({});
    await fresh.migrate();
    const client = (fresh.db as unknown as { $client: PGlite }).$client;
    await client.exec(`ALTER SYSTEM SET shared_buffers = '${SHARED_BUFFERS}'`);
    await client.exec('CHECKPOINT');
    const made = await client.dumpDataDir('none');
    await fresh.close();
    const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(tmp, Buffer.from(await made.arrayBuffer()));
    renameSync(tmp, file);
  }
  dump = { file, blob: new BytesBlob(readFileSync(file)) };
  return dump.blob;
}

/**
 * A Blob that hands its bytes over in one copy. PGlite reads the dump with `arrayBuffer()`,
 * which Node 20 serves through a stream of small chunks put together again: a third of what
 * starting PGlite from the 40 MB dump costs once the rest is cheap.
 */
class BytesBlob extends Blob {
  readonly #contents: Uint8Array;

  constructor(contents: Uint8Array) {
    super([contents]);
    this.#contents = contents;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    // A copy per call (a Buffer's slice would share its memory): nothing PGlite does to what
    // it reads can reach the next file's start.
    return Promise.resolve(new Uint8Array(this.#contents).buffer);
  }
}

/** Names the set of migrations (the files' names and contents), and `extra` when given. */
function migrationsHash(extra = ''): string {
  const files = readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort();
  const hash = createHash('sha256');
  for (const file of files) {
    const full = path.join(migrationsFolder, file);
    if (statSync(full).isFile()) hash.update(file).update(readFileSync(full));
  }
  return hash.update(extra).digest('hex').slice(0, 16);
}

/**
 * A PostgreSQL database with every migration applied, named by the set of migrations and kept
 * on the server, that each test file's database is copied from (`CREATE DATABASE … TEMPLATE`):
 * a copy takes a fraction of the time of running the migrations on an empty database. Made
 * once, under an advisory lock (another run on the same server waits for it), under a
 * temporary name renamed when complete, so no copy is taken of half of it. `migrate()` still
 * runs on each copy.
 */
export async function migratedTemplate(admin: pg.Client, adminUrl: string): Promise<string> {
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
