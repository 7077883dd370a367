// Backup and restore (ops/backup.ts, ops/restore.ts), on the database of the project: a store
// with a paid order, its invoice (XML and PDF), a participant-type proof, a constancia and an
// event image is backed up into one archive and restored into an empty data folder (PGlite)
// or an empty database (PostgreSQL, with pg_dump/pg_restore); every row of every table and
// every file compares equal. A non-empty target is refused without a change; a missing
// pg_dump is named with the way to install it. With a bucket (s3rver), the objects the
// database points at are checked and listed, not copied.

import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { cfdiDocuments, constancias, participantTypeRequests, products, users } from '../src/db/schema';
import { createStorage } from '../src/lib/storage/create-storage';
import { migratedPgliteDump } from './migrated-databases';
import { newStorageKey } from '../src/lib/storage/keys';
import { localFiles, requirePgTool } from '../src/ops/archive';
import { createBackup } from '../src/ops/backup';
import { restoreBackup, RestoreRefusedError } from '../src/ops/restore';
import { createProduct } from './factories';
import { startS3rver } from './fakes/s3rver-server';
import { createPostgresDatabase } from './server-process';
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
});
