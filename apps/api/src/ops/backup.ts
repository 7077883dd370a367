// `npm run backup`: one .tar.gz with the database (PGlite's own dump of its cluster, or
// pg_dump's custom format for PostgreSQL), the stored files (local folder: every file; bucket:
// each object the database points at is checked there, not copied) and a manifest with the
// row count of every table and the hash of every file, which `npm run restore` checks.

import { randomBytes } from 'node:crypto';
import {
  closeSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config';
import { openDatabase } from '../db/client';
import { createStorage } from '../lib/storage/create-storage';
import {
  ARCHIVE_FORMAT,
  FILES_DIR,
  JWT_SECRET_FILE,
  localFiles,
  MANIFEST,
  PG_DUMP,
  pgConnection,
  PGLITE_DUMP,
  referencedKeys,
  requirePgTool,
  runTool,
  tableCounts,
  type Manifest,
  type ManifestFile,
} from './archive';

export interface BackupResult {
  archive: string;
  manifest: Manifest;
}

export async function createBackup(config: Config, archive: string): Promise<BackupResult> {
  if (config.DATABASE_URL) requirePgTool('pg_dump');
  const stage = mkdtempSync(path.join(os.tmpdir(), 'store-backup-'));
  try {
    mkdirSync(path.join(stage, 'database'));
    // PGlite: the folder lock refuses while the store runs (one process per data folder).
    const database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATABASE_URL ? undefined : config.dataDir,
    });
    let tables: Record<string, number>;
    let keys: string[];
    try {
      tables = await tableCounts(database.db);
      keys = await referencedKeys(database.db);
      if (database.dumpDataDir) {
        const dump = await database.dumpDataDir();
        writeFileSync(path.join(stage, PGLITE_DUMP), Buffer.from(await dump.arrayBuffer()));
      } else {
        // One consistent snapshot while the store keeps running (pg_dump's own transaction).
        // The password goes through a pass file, never the command line.
        const connection = pgConnection(config.DATABASE_URL!, stage);
        runTool(
          'pg_dump',
          [
            '--format=custom',
            '--no-owner',
            '--no-privileges',
            `--file=${path.join(stage, PG_DUMP)}`,
            `--dbname=${connection.dbname}`,
          ],
          'pg_dump',
          { env: connection.env },
        );
        if (connection.env.PGPASSFILE) rmSync(connection.env.PGPASSFILE, { force: true });
      }
    } finally {
      await database.close();
    }

    let files: ManifestFile[];
    const missingFiles: string[] = [];
    if (config.S3_BUCKET) {
      const storage = await createStorage(config);
      files = [];
      for (const key of keys) {
        const info = await storage.head(key);
        if (info) files.push({ key, bytes: info.contentLength });
        else missingFiles.push(key);
      }
    } else {
      files = localFiles(config.dataDir);
      for (const f of files) {
        const target = path.join(stage, FILES_DIR, ...f.key.split('/'));
        mkdirSync(path.dirname(target), { recursive: true });
        copyFileSync(path.join(config.dataDir, ...f.key.split('/')), target);
      }
      const have = new Set(files.map((f) => f.key));
      missingFiles.push(...keys.filter((k) => !have.has(k)));
    }

    const jwtSecret = existsSync(path.join(config.dataDir, JWT_SECRET_FILE));
    if (jwtSecret)
      copyFileSync(path.join(config.dataDir, JWT_SECRET_FILE), path.join(stage, JWT_SECRET_FILE));

    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      createdAt: new Date().toISOString(),
      database: config.DATABASE_URL ? 'postgres' : 'pglite',
      tables,
      storage: config.S3_BUCKET ? 's3' : 'local',
      files,
      missingFiles,
      jwtSecret,
    };
    writeFileSync(path.join(stage, MANIFEST), JSON.stringify(manifest, null, 2));
    const to = path.resolve(archive);
    mkdirSync(path.dirname(to), { recursive: true });
    // Password hashes, personal and fiscal data, maybe the JWT secret: the owner reads it only,
    // from its first byte (created 0600, then filled by tar, then moved to its name).
    const partial = `${to}.${randomBytes(6).toString('hex')}.partial`;
    const fd = openSync(partial, 'wx', 0o600);
    try {
      runTool('tar', ['-czf', '-', '-C', stage, '.'], 'tar', { stdout: fd });
      closeSync(fd);
      renameSync(partial, to);
    } catch (err) {
      try {
        closeSync(fd);
      } catch {
        // already closed
      }
      rmSync(partial, { force: true });
      throw err;
    }
    return { archive: to, manifest };
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}
