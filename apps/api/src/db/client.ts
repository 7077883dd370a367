// Opens the database: embedded PGlite under DATA_DIR by default, node-postgres when a
// DATABASE_URL is given. Both expose the same Drizzle API; nothing else differs.

import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema';
import { withPreparedStatements } from './pglite-statements';
import { keepOwnerOnly } from './owner-only';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that runs queries: the database or a transaction. */
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs `work` (migrations and seeding) while holding the store's start-up lock: on
   * PostgreSQL a session advisory lock, so replicas started at once take turns and the ones
   * that wait call `onWait` first; PGlite has one process only and runs it straight away.
   */
  withStartupLock<T>(work: () => Promise<T>, onWait?: () => void): Promise<T>;
  /** PGlite only: the whole cluster as a gzipped tarball (backups, ops/backup.ts). */
  dumpDataDir?(): Promise<Blob>;
  /** Connections of the pool (PostgreSQL), for the metrics; null on PGlite (no pool). */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  close(): Promise<void>;
  /**
   * LISTEN on `channel`: `onChange` runs for each NOTIFY committed by any connection (this
   * process or another one on the same database) with its payload, and also, without a
   * payload, whenever notifications may have been missed (the listening connection was
   * lost), so a cache built on it can only be dropped too often, never too rarely.
   */
  listen(channel: string, onChange: (payload?: string) => void): Promise<Subscription>;
}

export interface Subscription {
  /** False while the listening connection is down: caches must not trust themselves then. */
  readonly live: boolean;
  /** Resolves once every notification committed before the call has reached `onChange`. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface OpenOptions {
  /** postgres://… ; when absent, PGlite. */
  databaseUrl?: string;
  /** PGlite data folder; absent = in memory (tests). */
  dataDir?: string;
  /** PGlite: start from this dump (`dumpDataDir`) instead of an empty cluster (in memory, or into an empty data folder). */
  initialData?: Blob;
  poolSize?: number;
  /**
   * PostgreSQL: how often the listening connection is checked (a query it must answer within
   * `timeoutMs`, else it counts as lost and is replaced). Default every 30 s, within 10 s.
   */
  listenCheck?: { everyMs: number; timeoutMs: number };
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: opts.poolSize ?? 10 });
    // A broken idle connection must not crash the process.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      withStartupLock: (work, onWait) => withAdvisoryLock(opts.databaseUrl!, work, onWait),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
      listen: (channel, onChange) =>
        listenPg(opts.databaseUrl!, channel, onChange, opts.listenCheck ?? LISTEN_CHECK),
    };
  }

  let release = () => undefined as void;
  let unguard = () => undefined as void;
  if (opts.dataDir) {
    mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
    release = takeFolderLock(opts.dataDir);
    // The cluster holds the password hashes: its folder and files are the owner's only.
    unguard = keepOwnerOnly(opts.dataDir, path.join(opts.dataDir, 'pgdata'));
  }
  const initial = opts.initialData ? { loadDataDir: opts.initialData } : {};
  const client = opts.dataDir ? new PGlite(path.join(opts.dataDir, 'pgdata'), initial) : new PGlite(initial);
  await client.waitReady;
  // Statements run again as named prepared statements (db/pglite-statements.ts).
  const db = drizzlePglite(withPreparedStatements(client), { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    withStartupLock: (work) => work(),
    dumpDataDir: async () => {
      await client.exec('CHECKPOINT');
      return client.dumpDataDir('gzip');
    },
    poolStats: () => null,
    close: async () => {
      if (!client.closed) {
        await client.exec('CHECKPOINT');
        await client.close();
      }
      unguard();
      release();
    },
    // PGlite runs in this process: a NOTIFY reaches the callback before the writing query
    // resolves, so there is nothing in flight to flush.
    listen: async (channel, onChange) => {
      const unlisten = await client.listen(channel, (payload) => onChange(payload));
      return {
        live: true,
        flush: async () => undefined,
        close: async () => {
          if (!client.closed) await unlisten();
        },
      };
    },
  };
}

/** Key of the start-up advisory lock (any constant of our own; "cardio-store" in ASCII). */
export const STARTUP_LOCK_KEY = 0x63617264;

/**
 * Holds a session advisory lock on a connection of its own (not the pool's) while `work`
 * runs. The lock goes with the session, so a replica that dies while migrating frees it.
 */
async function withAdvisoryLock<T>(url: string, work: () => Promise<T>, onWait?: () => void): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const tried = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [
      STARTUP_LOCK_KEY,
    ]);
    if (!tried.rows[0]?.ok) {
      onWait?.();
      await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
    }
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => undefined);
    }
  } finally {
    await client.end().catch(() => undefined);
  }
}

const RECONNECT_MS = 1000;
const LISTEN_CHECK = { everyMs: 30_000, timeoutMs: 10_000 };

/**
 * A dedicated connection (outside the pool) that LISTENs on `channel`, reconnecting after a
 * loss. Losing it, and getting it back, both count as a change: what happened meanwhile is
 * unknown. A connection can also die without closing (a NAT's idle timeout, a failover, a
 * pooler in transaction mode that never delivers notifications): TCP keepalive keeps idle
 * middleboxes from dropping it, and every `check.everyMs` it must answer a query within
 * `check.timeoutMs`, or it is dropped as lost. LISTEN needs a session of its own: behind a
 * pooler (PgBouncer) DATABASE_URL must reach it in session mode (docs/operations.md).
 */
async function listenPg(
  url: string,
  channel: string,
  onChange: (payload?: string) => void,
  check: { everyMs: number; timeoutMs: number },
): Promise<Subscription> {
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  // One query at a time on the listening connection: flushes asked for at once wait in turn
  // (pg refuses, in its next major, a query sent while the client is still running one).
  let flushing: Promise<unknown> = Promise.resolve();
  /** A query the connection must answer in time; a connection that does not is lost. */
  const ping = (c: pg.Client): Promise<void> => {
    const done = flushing.then(
      () =>
        new Promise<void>((resolve) => {
          const late = setTimeout(() => {
            lost(c);
            resolve();
          }, check.timeoutMs);
          c.query('SELECT 1').then(
            () => {
              clearTimeout(late);
              resolve();
            },
            () => {
              clearTimeout(late);
              lost(c);
              resolve();
            },
          );
        }),
    );
    flushing = done;
    return done;
  };
  const sub = {
    live: false,
    flush() {
      // The server sends a session's pending notifications before it answers its next query.
      const c = client;
      if (!c || !sub.live) return Promise.resolve();
      return ping(c);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      clearInterval(checker);
      sub.live = false;
      await client?.end().catch(() => undefined);
    },
  };
  const lost = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    sub.live = false;
    onChange();
    // A connection that stopped answering may never finish a polite end: its socket goes.
    (c as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    c.end().catch(() => undefined);
    if (!closed) timer = setTimeout(() => void connect().catch(() => undefined), RECONNECT_MS);
  };
  const checker = setInterval(() => {
    if (client && sub.live) void ping(client);
  }, check.everyMs);
  checker.unref();
  const connect = async () => {
    const c = new pg.Client({ connectionString: url, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    client = c;
    c.on('error', () => lost(c));
    c.on('end', () => lost(c));
    c.on('notification', (n) => {
      if (n.channel === channel) onChange(n.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    } catch (err) {
      lost(c);
      throw err;
    }
    if (closed) return void (await c.end().catch(() => undefined));
    sub.live = true;
    onChange();
  };
  try {
    await connect();
  } catch (err) {
    await sub.close();
    throw err;
  }
  return sub;
}

/**
 * PGlite keeps no lock on its folder and two processes on one folder corrupt it; after a
 * SIGKILL it leaves a stale postmaster.pid that makes the next start abort. We keep our own
 * lock file with our pid: a live owner stops us, a dead one is cleaned up.
 */
function takeFolderLock(dataDir: string): () => void {
  const lockFile = path.join(dataDir, 'store.lock');
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `Otra instancia (pid ${pid}) ya usa la base de datos en ${dataDir}. Deténla o usa otro DATA_DIR.`,
      );
    }
  }
  rmSync(path.join(dataDir, 'pgdata', 'postmaster.pid'), { force: true });
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
