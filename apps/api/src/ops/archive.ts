// What a backup archive holds and the pieces backup.ts and restore.ts share: the manifest,
// the row count of every table, the storage keys the database points at, the local files,
// tar, and the PostgreSQL client tools. docs/operations.md#backup-and-restore.

import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { publicKeyFromPath, visibilityOfKey } from '../lib/storage/keys';

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

/**
 * Every file under DATA_DIR/uploads and DATA_DIR/private, as storage keys: only regular files
 * whose key the store could have written (temporary dot files, links and stray names left out).
 */
export function localFiles(dataDir: string): ManifestFile[] {
  const out: ManifestFile[] = [];
  const walk = (dir: string, prefix: string) => {
    if (!existsSync(dir)) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      const key = `${prefix}/${entry.name}`;
      if (entry.isDirectory()) walk(full, key);
      else if (entry.isFile() && visibilityOfKey(key)) {
        out.push({ key, bytes: statSync(full).size, sha256: sha256File(full) });
      }
    }
  };
  for (const root of STORAGE_ROOTS) walk(path.join(dataDir, root), root);
  return out.sort((a, b) => a.key.localeCompare(b.key));
}

export function sha256File(file: string): string {
  return createHash('sha256').update(readFileSync(file)).digest('hex');
}

/**
 * Runs a command; throws with its error output when it fails. `env` is added to this process's
 * environment; `stdout`, a file descriptor, receives the command's output.
 */
export function runTool(
  cmd: string,
  args: string[],
  what: string,
  opts: { env?: Record<string, string>; stdout?: number } = {},
): string {
  const r = spawnSync(cmd, args, {
    encoding: 'utf8',
    stdio: ['ignore', opts.stdout ?? 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
    ...(opts.env ? { env: { ...process.env, ...opts.env } } : {}),
  });
  if (r.error) throw new Error(`${what}: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`${what} falló:\n${r.stderr.trim()}`);
  return r.stdout ?? '';
}

/**
 * How pg_dump and pg_restore reach DATABASE_URL without its password on their command line
 * (which every user of the machine sees in the process list): the URL without the password,
 * and the password in a pass file (mode 0600) written in `dir`, named by PGPASSFILE.
 */
export function pgConnection(
  databaseUrl: string,
  dir: string,
): { dbname: string; env: Record<string, string> } {
  const url = new URL(databaseUrl);
  const password = url.password
    ? decodeURIComponent(url.password)
    : (url.searchParams.get('password') ?? undefined);
  url.password = '';
  url.searchParams.delete('password');
  if (!password) return { dbname: url.toString(), env: {} };
  const passFile = path.join(dir, `.pgpass-${randomBytes(6).toString('hex')}`);
  // One line for any host, port, database and user: the file serves this one command only.
  writeFileSync(passFile, `*:*:*:*:${password.replace(/[\\:]/g, (c) => `\\${c}`)}\n`, {
    mode: 0o600,
    flag: 'wx',
  });
  return { dbname: url.toString(), env: { PGPASSFILE: passFile } };
}

/**
 * Refuses an archive holding anything but regular files and folders under relative names
 * without `..` (a link could make the restore copy a file of this machine into the store).
 */
export function assertPlainMembers(archive: string): string | null {
  const listing = runTool('tar', ['-tvzf', archive], 'tar');
  for (const line of listing.split('\n')) {
    if (!line) continue;
    if (line[0] !== '-' && line[0] !== 'd')
      return `contiene algo que no es un archivo ni una carpeta: ${line}`;
  }
  const names = runTool('tar', ['-tzf', archive], 'tar');
  for (const name of names.split('\n')) {
    if (!name) continue;
    if (path.isAbsolute(name) || name.split('/').includes('..'))
      return `contiene una ruta no válida: ${name}`;
  }
  return null;
}

/** Whether `file` is a regular file (not a link, not a device), below `root`. */
export function isPlainFileUnder(root: string, file: string): boolean {
  const rel = path.relative(root, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return false;
  try {
    return lstatSync(file).isFile();
  } catch {
    return false;
  }
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
