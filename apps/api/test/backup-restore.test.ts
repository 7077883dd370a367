// Backup and restore (ops/backup.ts, ops/restore.ts), on the database of the project: a store
// with a paid order, its invoice (XML and PDF), a participant-type proof, a constancia and an
// event image is backed up into one archive and restored into an empty data folder (PGlite)
// or an empty database (PostgreSQL, with pg_dump/pg_restore); every row of every table and
// every file compares equal. A non-empty target is refused without a change; a missing
// pg_dump is named with the way to install it. With a bucket (s3rver), the objects the
// database points at are checked and listed, not copied. The archive is never readable by
// others, not even while it is written; the database password never reaches pg_dump's or
// pg_restore's command line; a restore refuses an archive whose manifest names a key out of
// the store's folders or whose files are links, before it writes anything.

import { randomBytes, randomUUID } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { cfdiDocuments, constancias, participantTypeRequests, products, users } from '../src/db/schema';
import { createStorage } from '../src/lib/storage/create-storage';
import { migratedPgliteDump } from './migrated-databases';
import { newStorageKey } from '../src/lib/storage/keys';
import { ARCHIVE_FORMAT, localFiles, requirePgTool, runTool, type Manifest } from '../src/ops/archive';
import { createBackup } from '../src/ops/backup';
import { restoreBackup, RestoreRefusedError } from '../src/ops/restore';
import { createProduct } from './factories';
import { startS3rver } from './fakes/s3rver-server';
import { createPostgresDatabase, postgresAdminUrl } from './server-process';
import { addToCart, createCoupon, createUser, placeOrder } from './store-helpers';

const onPostgres = process.env.TEST_DB === 'postgres';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const pdf = (what: string) => Buffer.from(`%PDF-1.4\n% ${what}\ntrailer<<>>\n%%EOF\n`);

/** Every row of every table of the store and of the migration record, as sorted JSON. */
async function dumpRows(db: Database): Promise<Record<string, string[]>> {
  const tables = (await db.db.execute(
    sql`select schemaname || '.' || tablename as name from pg_tables
        where schemaname in ('public', 'drizzle') order by 1`,
  )) as unknown as { rows: { name: string }[] };
  const out: Record<string, string[]> = {};
  for (const { name } of tables.rows) {
    const [schema, table] = name.split('.') as [string, string];
    const r = (await db.db.execute(
      sql`select to_jsonb(t)::text as row from ${sql.identifier(schema)}.${sql.identifier(table)} t order by 1`,
    )) as unknown as { rows: { row: string }[] };
    out[name] = r.rows.map((x) => x.row);
  }
  return out;
}

/**
 * pg_dump, pg_restore and tar wrapped on PATH: each call's command line, the pass file it was
 * given (mode and content) and PGPASSWORD are logged, and for tar's archive its mode right
 * after tar wrote it. Returns the log reader and a function that puts PATH back.
 */
function spyOnTools(dir: string): { log(): string; restore(): void } {
  const bin = path.join(dir, 'bin');
  mkdirSync(bin);
  const logFile = path.join(dir, 'tools.log');
  writeFileSync(logFile, '');
  const realPath = process.env.PATH ?? '';
  for (const tool of ['pg_dump', 'pg_restore', 'tar']) {
    const file = path.join(bin, tool);
    writeFileSync(
      file,
      `#!/bin/sh
real=$(PATH='${realPath}' command -v ${tool})
{
  printf 'ARGV ${tool} %s\\n' "$*"
  if [ -n "$PGPASSWORD" ]; then echo "PGPASSWORD $PGPASSWORD"; fi
  if [ -n "$PGPASSFILE" ]; then printf 'PASSFILE %s %s\\n' "$(stat -c %a "$PGPASSFILE")" "$(cat "$PGPASSFILE")"; fi
} >> '${logFile}'
"$real" "$@"
rc=$?
if [ "${tool}" = tar ] && [ "$1" = -czf ]; then
  if [ "$2" = - ]; then mode=$(stat -L -c %a /proc/$$/fd/1); else mode=$(stat -c %a "$2"); fi
  echo "ARCHIVE_MODE $mode" >> '${logFile}'
fi
exit $rc
`,
    );
    chmodSync(file, 0o755);
  }
  process.env.PATH = `${bin}:${realPath}`;
  return { log: () => readFileSync(logFile, 'utf8'), restore: () => (process.env.PATH = realPath) };
}

describe(`backup and restore (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  const dirs: string[] = [];
  const drops: (() => Promise<void>)[] = [];
  const tempDir = (name: string) => {
    const d = mkdtempSync(path.join(os.tmpdir(), `store-${name}-`));
    dirs.push(d);
    return d;
  };
  afterAll(async () => {
    for (const drop of drops) await drop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  /** A data folder, and on PostgreSQL a new empty database, with the store's configuration. */
  async function place(name: string, env: Record<string, string> = {}): Promise<Config> {
    const dataDir = tempDir(name);
    let databaseUrl: string | undefined;
    if (onPostgres) {
      const database = await createPostgresDatabase();
      drops.push(database.drop);
      databaseUrl = database.url;
    }
    return loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      PUBLIC_URL: 'http://tienda.test',
      RATE_LIMIT_COUPON_MAX: '1000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...env,
    });
  }

  function open(config: Config) {
    return openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATABASE_URL ? undefined : config.dataDir,
    });
  }

  it('gives back every row and file in an empty place, and refuses a non-empty one', async () => {
    // The store to back up: built through the app where it is cheap (a paid order through
    // checkout), the documents written as the features write them (row + private file).
    const source = await place('backup-source');
    // PGlite: from a migrated cluster (no initdb); the backup is what is measured.
    const database = onPostgres
      ? await open(source)
      : await openDatabase({ dataDir: source.dataDir, initialData: await migratedPgliteDump() });
    await database.migrate();
    const app = await buildApp({ config: source, database, logger: false });
    const ctx = { app, database, config: source, close: async () => {} };
    const { product } = await createProduct(database.db);
    const user = await createUser(ctx);
    await addToCart(ctx, user, product.id);
    const placed = await placeOrder(ctx, user, [{ productId: product.id }], {
      couponCode: (await createCoupon(ctx)).code,
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = (placed.json() as { orderId: string }).orderId;

    const image = newStorageKey({ visibility: 'public', ext: 'png' });
    await app.storage.put(image, PNG, { contentType: 'image/png', visibility: 'public' });
    await database.db
      .update(products)
      .set({ images: [app.storage.publicUrl(image)] })
      .where(eq(products.id, product.id));
    const xmlKey = newStorageKey({ visibility: 'private', kind: 'cfdi', ext: 'xml' });
    const pdfKey = newStorageKey({ visibility: 'private', kind: 'cfdi', ext: 'pdf' });
    await app.storage.put(xmlKey, Buffer.from('<cfdi:Comprobante Total="0"/>'), {
      contentType: 'application/xml',
      visibility: 'private',
    });
    await app.storage.put(pdfKey, pdf('factura'), { contentType: 'application/pdf', visibility: 'private' });
    await database.db.insert(cfdiDocuments).values({
      kind: 'I',
      orderId,
      userId: user.id,
      rfc: 'GODE561231GR8',
      razonSocial: 'EDUARDO GOMEZ DIAZ',
      regimenFiscal: '612',
      usoCfdi: 'G03',
      codigoPostal: '14080',
      status: 'timbrada',
      folioFiscal: randomUUID(),
      xmlKey,
      pdfKey,
    });
    const proofKey = newStorageKey({ visibility: 'private', kind: 'proofs', ext: 'pdf' });
    await app.storage.put(proofKey, pdf('comprobante'), {
      contentType: 'application/pdf',
      visibility: 'private',
    });
    await database.db.insert(participantTypeRequests).values({
      userId: user.id,
      requestedType: 'residente',
      fileKey: proofKey,
      fileMime: 'application/pdf',
      fileSize: pdf('comprobante').length,
      fileName: 'Credencial de residente.pdf',
    });
    const constanciaKey = newStorageKey({ visibility: 'private', kind: 'constancias', ext: 'pdf' });
    await app.storage.put(constanciaKey, pdf('constancia'), {
      contentType: 'application/pdf',
      visibility: 'private',
    });
    await database.db.insert(constancias).values({
      folio: randomBytes(6).toString('hex').toUpperCase(),
      userId: user.id,
      productId: product.id,
      certificateName: 'Ana López',
      cedula: '12345678',
      eventName: product.name,
      days: ['Día 1'],
      minutes: 540,
      fileKey: constanciaKey,
      issuedAt: new Date(),
    });
    const before = await dumpRows(database);
    await app.close();
    await database.close();
    expect(before['public.orders']).toHaveLength(1);
    expect(before['public.email_outbox']!.length).toBeGreaterThan(0);

    // Back up.
    const archive = path.join(tempDir('backup-archive'), 'respaldo.tar.gz');
    const { manifest } = await createBackup(source, archive);
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    expect(manifest.database).toBe(onPostgres ? 'postgres' : 'pglite');
    expect(manifest.files.map((f) => f.key).sort()).toEqual(
      [image, xmlKey, pdfKey, proofKey, constanciaKey].sort(),
    );
    expect(manifest.missingFiles).toEqual([]);
    expect(manifest.tables['public.cfdi_documents']).toBe(1);

    // Restore elsewhere: every row and every file equal.
    const target = await place('backup-target');
    const result = await restoreBackup(target, archive);
    expect(result.files).toBe(5);
    const restoredDb = await open(target);
    const after = await dumpRows(restoredDb);
    await restoredDb.close();
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
    expect(localFiles(target.dataDir)).toEqual(localFiles(source.dataDir));

    // A second restore into the same place is refused, and changes nothing.
    await expect(restoreBackup(target, archive)).rejects.toThrow(RestoreRefusedError);
    await expect(restoreBackup(target, archive)).rejects.toThrow(
      onPostgres ? /no está vacía/ : /ya tiene una base de datos/,
    );
    const again = await open(target);
    expect(await dumpRows(again)).toEqual(after);
    await again.close();

    // Files alone also make a place non-empty.
    const filesOnly = await place('backup-files-only');
    const filesOnlyStorage = await createStorage(filesOnly);
    await filesOnlyStorage.put(newStorageKey({ visibility: 'public', ext: 'png' }), PNG, {
      contentType: 'image/png',
      visibility: 'public',
    });
    await expect(restoreBackup(filesOnly, archive)).rejects.toThrow(/ya tiene archivos/);
  }, 120_000);

  // What a bucket changes does not depend on the database: run once, on PostgreSQL (fast to
  // create), not again on PGlite.
  it.runIf(onPostgres)(
    'with a bucket: lists and checks the objects the database points at, copies none',
    async () => {
      const bucket = await startS3rver('tienda-respaldo');
      try {
        const s3 = {
          S3_BUCKET: bucket.bucket,
          S3_ENDPOINT: bucket.url,
          S3_REGION: bucket.region,
          S3_ACCESS_KEY_ID: bucket.accessKeyId,
          S3_SECRET_ACCESS_KEY: bucket.secretAccessKey,
          S3_FORCE_PATH_STYLE: 'true',
        };
        const source = await place('bucket-source', s3);
        const storage = await createStorage(source);
        const database = await open(source);
        await database.migrate();
        const [user] = await database.db
          .insert(users)
          .values({ name: 'ANA LOPEZ', email: 'ana@prueba.mx', passwordHash: 'x', userType: 'general' })
          .returning();
        const proofKey = newStorageKey({ visibility: 'private', kind: 'proofs', ext: 'pdf' });
        await storage.put(proofKey, pdf('comprobante'), {
          contentType: 'application/pdf',
          visibility: 'private',
        });
        await database.db.insert(participantTypeRequests).values({
          userId: user!.id,
          requestedType: 'residente',
          fileKey: proofKey,
          fileMime: 'application/pdf',
          fileSize: pdf('comprobante').length,
          fileName: 'Credencial.pdf',
        });
        const image = newStorageKey({ visibility: 'public', ext: 'png' });
        await storage.put(image, PNG, { contentType: 'image/png', visibility: 'public' });
        const { product } = await createProduct(database.db);
        await database.db
          .update(products)
          .set({ images: [storage.publicUrl(image), '/covers/no-es-del-almacen.svg'] })
          .where(eq(products.id, product.id));
        await database.close();

        const archive = path.join(tempDir('bucket-archive'), 'respaldo.tar.gz');
        const { manifest } = await createBackup(source, archive);
        expect(manifest.storage).toBe('s3');
        expect(manifest.files).toEqual(
          [
            { key: proofKey, bytes: pdf('comprobante').length },
            { key: image, bytes: PNG.length },
          ].sort((a, b) => a.key.localeCompare(b.key)),
        );
        expect(manifest.missingFiles).toEqual([]);

        // An object gone from the bucket: the restore still brings the rows back and names it.
        await storage.delete(image);
        const target = await place('bucket-target', s3);
        const result = await restoreBackup(target, archive);
        expect(result.missingFiles).toEqual([image]);
        expect(result.manifest.tables['public.participant_type_requests']).toBe(1);
        // And the next backup says so too.
        const again = await createBackup(source, path.join(tempDir('bucket-archive-2'), 'r.tar.gz'));
        expect(again.manifest.missingFiles).toEqual([image]);
        // A local-folder store cannot take a bucket backup (and the other way round).
        await expect(restoreBackup(await place('bucket-to-local'), archive)).rejects.toThrow(/S3_/);
      } finally {
        await bucket.close();
      }
    },
    120_000,
  );

  it.runIf(onPostgres)('names pg_dump and how to install it when it is missing', () => {
    const path0 = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      expect(() => requirePgTool('pg_dump')).toThrow(/pg_dump no está instalado.*\n.*postgresql-client/s);
    } finally {
      process.env.PATH = path0;
    }
  });

  it('writes the archive readable by its owner only from the first byte', async () => {
    const source = await place('backup-mode');
    const database = onPostgres
      ? await open(source)
      : await openDatabase({ dataDir: source.dataDir, initialData: await migratedPgliteDump() });
    await database.migrate();
    await database.close();
    const spy = spyOnTools(tempDir('backup-mode-spy'));
    const umask = process.umask(0o022);
    try {
      const archive = path.join(tempDir('backup-mode-archive'), 'respaldo.tar.gz');
      await createBackup(source, archive);
      expect(statSync(archive).mode & 0o777).toBe(0o600);
      const modes = [...spy.log().matchAll(/^ARCHIVE_MODE (\d+)$/gm)].map((m) => m[1]);
      expect(modes).toEqual(['600']);
      // Nothing is left beside it (no partial file).
      expect(readdirSync(path.dirname(archive))).toEqual(['respaldo.tar.gz']);
    } finally {
      process.umask(umask);
      spy.restore();
    }
  }, 120_000);

  it.runIf(onPostgres)(
    "keeps the database password off pg_dump's and pg_restore's command line (a pass file, 0600)",
    async () => {
      const role = `store_backup_${randomBytes(4).toString('hex')}`;
      const password = `clave:con\\raros-${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: postgresAdminUrl });
      await admin.connect();
      await admin.query(`CREATE ROLE ${role} LOGIN SUPERUSER PASSWORD '${password.replace(/'/g, "''")}'`);
      await admin.end();
      const withPassword = (url: string) => {
        const u = new URL(url);
        u.username = role;
        u.password = encodeURIComponent(password);
        return u.toString();
      };
      const source = await place('backup-password');
      const target = await place('backup-password-target');
      // After the databases (their tables belong to the role), the role goes.
      drops.push(async () => {
        const c = new pg.Client({ connectionString: postgresAdminUrl });
        await c.connect();
        await c.query(`DROP ROLE IF EXISTS ${role}`);
        await c.end();
      });
      const sourceConfig = { ...source, DATABASE_URL: withPassword(source.DATABASE_URL!) };
      const targetConfig = { ...target, DATABASE_URL: withPassword(target.DATABASE_URL!) };
      const database = await open(sourceConfig);
      await database.migrate();
      await database.close();

      const spy = spyOnTools(tempDir('backup-password-spy'));
      try {
        const archive = path.join(tempDir('backup-password-archive'), 'respaldo.tar.gz');
        await createBackup(sourceConfig, archive);
        await restoreBackup(targetConfig, archive);
      } finally {
        spy.restore();
      }
      const log = spy.log();
      const commands = log.split('\n').filter((l) => /^ARGV pg_(dump|restore) --(?!version)/.test(l));
      expect(commands).toHaveLength(2);
      for (const line of commands) {
        expect(line).not.toContain(password);
        expect(line).not.toContain(encodeURIComponent(password));
        expect(line).toContain(`${role}@`);
      }
      expect(log).not.toContain('PGPASSWORD');
      const passFiles = [...log.matchAll(/^PASSFILE (\d+) (.*)$/gm)];
      expect(passFiles.map((m) => m[1])).toEqual(['600', '600']);
      expect(passFiles[0]![2]).toBe(`*:*:*:*:${password.replace(/[\\:]/g, (c) => `\\${c}`)}`);
    },
    120_000,
  );

  // What the archive holds is checked the same way for either database: once, on PGlite.
  describe.runIf(!onPostgres)('a tampered archive', () => {
    /** An archive of a migrated empty store with `files` listed in its manifest. */
    async function tampered(name: string, build: (stage: string) => Manifest['files']): Promise<string> {
      const stage = tempDir(`${name}-stage`);
      mkdirSync(path.join(stage, 'database'));
      writeFileSync(
        path.join(stage, 'database', 'pgdata.tar.gz'),
        Buffer.from(await (await migratedPgliteDump()).arrayBuffer()),
      );
      const manifest: Manifest = {
        format: ARCHIVE_FORMAT,
        createdAt: new Date().toISOString(),
        database: 'pglite',
        tables: {},
        storage: 'local',
        files: build(stage),
        missingFiles: [],
        jwtSecret: false,
      };
      writeFileSync(path.join(stage, 'manifest.json'), JSON.stringify(manifest));
      const archive = path.join(tempDir(`${name}-archive`), 'respaldo.tar.gz');
      runTool('tar', ['-czf', archive, '-C', stage, '.'], 'tar');
      return archive;
    }

    it('refuses a key that leaves the data folder, writing nothing', async () => {
      const target = await place('restore-traversal');
      const outside = path.join(path.dirname(target.dataDir), `fuera-${randomBytes(4).toString('hex')}.txt`);
      const archive = await tampered('traversal', (stage) => {
        writeFileSync(path.join(stage, path.basename(outside)), 'escrito fuera de DATA_DIR');
        return [{ key: `uploads/../../${path.basename(outside)}`, bytes: 25 }];
      });
      await expect(restoreBackup(target, archive)).rejects.toThrow(RestoreRefusedError);
      expect(existsSync(outside)).toBe(false);
      expect(existsSync(path.join(target.dataDir, 'pgdata'))).toBe(false);
    });

    it('refuses a file that is a link (to a file of this machine), writing nothing', async () => {
      const target = await place('restore-symlink');
      const hostFile = path.join(tempDir('host'), 'secreto-del-servidor.txt');
      writeFileSync(hostFile, 'contenido privado del servidor');
      const key = newStorageKey({ visibility: 'public', ext: 'png' });
      const archive = await tampered('symlink', (stage) => {
        const staged = path.join(stage, 'files', ...key.split('/'));
        mkdirSync(path.dirname(staged), { recursive: true });
        symlinkSync(hostFile, staged);
        return [{ key, bytes: 30 }];
      });
      await expect(restoreBackup(target, archive)).rejects.toThrow(RestoreRefusedError);
      expect(existsSync(path.join(target.dataDir, ...key.split('/')))).toBe(false);
      expect(existsSync(path.join(target.dataDir, 'pgdata'))).toBe(false);
    });
  });
});
