// What a backup archive holds and the pieces backup.ts and restore.ts share: the manifest,
// the row count of every table, the storage keys the database points at, the local files,
// tar, and the PostgreSQL client tools. docs/operations.md#backup-and-restore.

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { publicKeyFromPath } from '../lib/storage/keys';

export const ARCHIVE_FORMAT = 1;
/** Inside the archive. */
export const MANIFEST = 'manifest.json';
export const PGLITE_DUMP = 'database/pgdata.tar.gz';
export const PG_DUMP = 'database/postgres.dump';
export const FILES_DIR = 'files';
export const JWT_SECRET_FILE = 'jwt-secret';
/** The roots of the local storage under DATA_DIR (lib/storage/keys.ts). */
export const STORAGE_ROOTS = ['uploads', 'private'] as const;

export interface ManifestFile {
  key: string;
  bytes: number;
  /** Local files only: the bucket's objects are checked, not copied. */
  sha256?: string;
}

export interface Manifest {
  format: number;
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** Rows of every table ("schema.table"), to check the restore. */
  tables: Record<string, number>;
  storage: 'local' | 's3';
  /** Local: every file copied. Bucket: every object the database points at, found there. */
  files: ManifestFile[];
  /** Keys the database points at that the storage did not have when the backup was made. */
  missingFiles: string[];
  /** DATA_DIR/jwt-secret was copied (no JWT_SECRET given: sessions survive the restore). */
  jwtSecret: boolean;
}

/** Every table of the store (public) and of Drizzle's migration record (drizzle). */
export async function tableCounts(db: Db): Promise<Record<string, number>> {
  const tables = await rows<{ name: string }>(
    db,
    sql`select schemaname || '.' || tablename as name from pg_tables
        where schemaname in ('public', 'drizzle') order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [schema, table] = name.split('.') as [string, string];
    const [r] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from ${sql.identifier(schema)}.${sql.identifier(table)}`,
    );
    counts[name] = r!.n;
  }
  return counts;
}

/**
 * The storage keys the database points at: proofs, constancias, CFDI XML/PDF and event images.
 * A new column holding keys belongs here too.
 */
export async function referencedKeys(db: Db): Promise<string[]> {
  const found = await rows<{ key: string }>(
    db,
    sql`select file_key as key from participant_type_requests
        union select file_key from constancias
        union select unnest(array[xml_key, pdf_key]) from cfdi_documents
        union select unnest(images) from products`,
  );
  const keys = new Set<string>();
  for (const { key } of found) {
    if (!key) continue;
    // Event images are saved as their public URL (/uploads/<file>, or under S3_PUBLIC_URL).
    const image = /\/uploads\/([^/?#]+)$/.exec(key);
    if (image) {
      const k = publicKeyFromPath(image[1]!);
      if (k) keys.add(k);
    } else if (key.startsWith('private/') || key.startsWith('uploads/')) {
      keys.add(key);
    }
  }
  return [...keys].sort();
}

/** Every file under DATA_DIR/uploads and DATA_DIR/private, as storage keys (temporary dot files left out). */
export function localFiles(dataDir: string): ManifestFile[] {
  const out: ManifestFile[] = [];
  const walk = (dir: string, prefix: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      const key = `${prefix}/${entry.name}`;
      if (entry.isDirectory()) walk(full, key);
      else if (entry.isFile()) out.push({ key, bytes: statSync(full).size, sha256: sha256File(full) });
    }
  };
  for (const root of STORAGE_ROOTS) walk(path.join(dataDir, root), root);
  return out.sort((a, b) => a.key.localeCompare(b.key));
}

export function sha256File(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/** Runs a command; throws with its error output when it fails. */
export function runTool(cmd: string, args: string[], what: string): void {
  const r = spawnSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.error) throw new Error(`${what}: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`${what} falló:\n${r.stderr.trim()}`);
}

/** Whether a PostgreSQL client tool is installed; the message says how to get it otherwise. */
export function requirePgTool(tool: 'pg_dump' | 'pg_restore'): void {
  const r = spawnSync(tool, ['--version'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) {
    throw new Error(
      `${tool} no está instalado en esta máquina y hace falta para ${tool === 'pg_dump' ? 'respaldar' : 'restaurar'} PostgreSQL.\n` +
        'Instala el cliente de PostgreSQL de la misma versión mayor que el servidor o una más nueva\n' +
        '(Debian: apt-get install postgresql-client) y vuelve a intentarlo.',
    );
  }
}

export async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}
