// `npm run restore ARCHIVE`: puts a backup back into an EMPTY place (the data folder of
// DATA_DIR, or the database of DATABASE_URL) and refuses a non-empty one before writing
// anything. Then it checks the result against the archive's manifest: the rows of every table
// and the hash of every file; with a bucket, that every object listed is there.

import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import { openDatabase } from '../db/client';
import { createStorage } from '../lib/storage/create-storage';
import { visibilityOfKey } from '../lib/storage/keys';
import {
  ARCHIVE_FORMAT,
  assertPlainMembers,
  FILES_DIR,
  isPlainFileUnder,
  JWT_SECRET_FILE,
  localFiles,
  MANIFEST,
  PG_DUMP,
  pgConnection,
  PGLITE_DUMP,
  requirePgTool,
  rows,
  runTool,
  STORAGE_ROOTS,
  tableCounts,
  type Manifest,
} from './archive';

export class RestoreRefusedError extends Error {}

export interface RestoreResult {
  manifest: Manifest;
  tables: number;
  rows: number;
  files: number;
  /** Bucket: objects the manifest lists that the bucket does not have. */
  missingFiles: string[];
}

export async function restoreBackup(config: Config, archive: string): Promise<RestoreResult> {
  if (!existsSync(archive)) throw new RestoreRefusedError(`No existe el archivo ${archive}.`);
  const stage = mkdtempSync(path.join(os.tmpdir(), 'store-restore-'));
  try {
    // Only regular files and folders: a link inside the archive could point at any file of
    // this machine, which the restore would then copy into the store (uploads/ is public).
    const unsafe = assertPlainMembers(path.resolve(archive));
    if (unsafe) throw new RestoreRefusedError(`${archive} no es un respaldo válido: ${unsafe}.`);
    runTool(
      'tar',
      ['-xzf', path.resolve(archive), '-C', stage, '--no-same-owner', '--no-same-permissions'],
      'tar',
    );
    const manifestFile = path.join(stage, MANIFEST);
    if (!isPlainFileUnder(stage, manifestFile))
      throw new RestoreRefusedError(`${archive} no es un respaldo de la tienda (no tiene ${MANIFEST}).`);
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
    if (manifest.format !== ARCHIVE_FORMAT) {
      throw new RestoreRefusedError(
        `Formato de respaldo ${manifest.format} desconocido (esta versión lee el ${ARCHIVE_FORMAT}).`,
      );
    }
    const target = config.DATABASE_URL ? 'postgres' : 'pglite';
    if (manifest.database !== target) {
      throw new RestoreRefusedError(
        manifest.database === 'pglite'
          ? 'El respaldo es de la base de datos integrada (PGlite): restáuralo sin DATABASE_URL, en un DATA_DIR vacío.'
          : 'El respaldo es de PostgreSQL: restáuralo con DATABASE_URL apuntando a una base de datos vacía.',
      );
    }
    if ((manifest.storage === 's3') !== Boolean(config.S3_BUCKET)) {
      throw new RestoreRefusedError(
        manifest.storage === 's3'
          ? 'El respaldo es de una tienda con bucket S3: configura las mismas variables S3_* para restaurarlo.'
          : 'El respaldo guarda los archivos en una carpeta local: restáuralo sin S3_BUCKET.',
      );
    }

    // Every file it lists: a key the store could have written (uploads/… or private/…, no
    // `..`), and a regular file in the archive.
    const stagedFile = (key: string) => path.join(stage, FILES_DIR, ...key.split('/'));
    if (!Array.isArray(manifest.files))
      throw new RestoreRefusedError(`${archive}: el manifiesto no es válido.`);
    for (const f of manifest.files) {
      if (!visibilityOfKey(f?.key)) {
        throw new RestoreRefusedError(
          `${archive}: el manifiesto nombra un archivo no válido: ${JSON.stringify(f?.key)}.`,
        );
      }
      if (manifest.storage === 'local' && !isPlainFileUnder(path.join(stage, FILES_DIR), stagedFile(f.key))) {
        throw new RestoreRefusedError(`${archive}: falta el archivo ${f.key} o no es un archivo normal.`);
      }
    }
    const dumpFile = path.join(stage, target === 'pglite' ? PGLITE_DUMP : PG_DUMP);
    if (!isPlainFileUnder(stage, dumpFile)) {
      throw new RestoreRefusedError(
        `${archive}: falta la copia de la base de datos o no es un archivo normal.`,
      );
    }
    const secretFrom = path.join(stage, JWT_SECRET_FILE);
    if (manifest.jwtSecret && !isPlainFileUnder(stage, secretFrom)) {
      throw new RestoreRefusedError(`${archive}: falta ${JWT_SECRET_FILE} o no es un archivo normal.`);
    }

    // Everything is checked before anything is written.
    await assertEmpty(config);
    if (target === 'postgres') requirePgTool('pg_restore');

    if (target === 'pglite') {
      const dump = readFileSync(dumpFile);
      const db = await openDatabase({ dataDir: config.dataDir, initialData: new Blob([dump]) });
      await db.close();
    } else {
      // The password goes through a pass file, never the command line.
      const connection = pgConnection(config.DATABASE_URL!, stage);
      runTool(
        'pg_restore',
        [
          '--no-owner',
          '--no-privileges',
          '--exit-on-error',
          '--single-transaction',
          `--dbname=${connection.dbname}`,
          dumpFile,
        ],
        'pg_restore',
        { env: connection.env },
      );
    }

    const missingFiles: string[] = [];
    if (manifest.storage === 'local') {
      for (const f of manifest.files) {
        const to = path.join(config.dataDir, ...f.key.split('/'));
        mkdirSync(path.dirname(to), { recursive: true });
        copyFileSync(stagedFile(f.key), to);
      }
    } else {
      const storage = await createStorage(config);
      for (const f of manifest.files) if (!(await storage.exists(f.key))) missingFiles.push(f.key);
    }
    const secretTo = path.join(config.dataDir, JWT_SECRET_FILE);
    if (manifest.jwtSecret && !existsSync(secretTo)) {
      mkdirSync(config.dataDir, { recursive: true });
      writeFileSync(secretTo, readFileSync(secretFrom), { mode: 0o600 });
    }

    // The check: the same rows in every table, the same bytes in every file.
    const database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATABASE_URL ? undefined : config.dataDir,
    });
    let counts: Record<string, number>;
    try {
      counts = await tableCounts(database.db);
    } finally {
      await database.close();
    }
    const wrongTables = Object.entries(manifest.tables).filter(([t, n]) => counts[t] !== n);
    if (wrongTables.length) {
      throw new Error(
        `La restauración no coincide con el respaldo: ${wrongTables.map(([t, n]) => `${t} (${counts[t] ?? 'falta'} filas, se esperaban ${n})`).join(', ')}`,
      );
    }
    if (manifest.storage === 'local') {
      const restored = new Map(localFiles(config.dataDir).map((f) => [f.key, f.sha256]));
      const wrong = manifest.files.filter((f) => restored.get(f.key) !== f.sha256);
      if (wrong.length)
        throw new Error(`Archivos que no coinciden tras restaurar: ${wrong.map((f) => f.key).join(', ')}`);
    }
    return {
      manifest,
      tables: Object.keys(counts).length,
      rows: Object.values(counts).reduce((a, b) => a + b, 0),
      files: manifest.files.length,
      missingFiles,
    };
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

/** Refuses a data folder or database that already holds a store. */
async function assertEmpty(config: Config): Promise<void> {
  if (config.DATABASE_URL) {
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL, poolSize: 1 });
    try {
      const [r] = await rows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from pg_tables
            where schemaname not in ('pg_catalog', 'information_schema')`,
      );
      if (r!.n > 0) {
        throw new RestoreRefusedError(
          `La base de datos de DATABASE_URL no está vacía (${r!.n} tablas). Restaura en una base de datos nueva (CREATE DATABASE …) y apunta DATABASE_URL a ella.`,
        );
      }
    } finally {
      await database.close();
    }
  } else if (nonEmptyDir(path.join(config.dataDir, 'pgdata'))) {
    throw new RestoreRefusedError(
      `${config.dataDir} ya tiene una base de datos (pgdata). Restaura en un DATA_DIR vacío.`,
    );
  }
  if (!config.S3_BUCKET) {
    const used = STORAGE_ROOTS.filter((root) => nonEmptyDir(path.join(config.dataDir, root)));
    if (used.length) {
      throw new RestoreRefusedError(
        `${config.dataDir} ya tiene archivos (${used.join(', ')}). Restaura en un DATA_DIR vacío.`,
      );
    }
  }
}

function nonEmptyDir(dir: string): boolean {
  return existsSync(dir) && readdirSync(dir).length > 0;
}
