// The storage contract, run against both backends: the local folder and an S3-compatible
// bucket (the real AWS SDK talking to test/fakes/fake-s3.ts, and to s3rver, an independent
// S3-compatible server from npm, test/fakes/s3rver-server.ts). Then what only one of them does.

import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../../../test/fakes/fake-s3';
import { startS3rver, type S3rverServer } from '../../../test/fakes/s3rver-server';
import { newStorageKey, publicKeyFromPath, visibilityOfKey } from './keys';
import { createLocalStorage } from './local';
import { createS3Storage } from './s3';
import type { FileStorage, StoredFile } from './storage';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function bytesOf(file: StoredFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of file.body) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const UNSAFE_KEYS = [
  '../uploads/x.png',
  'uploads/../private/proofs/x.pdf',
  'uploads/..',
  'uploads/.hidden.png',
  'uploads/a\\b.png',
  'uploads/x.png\u0000.txt',
  'uploads//x.png',
  '/uploads/x.png',
  'uploads/',
  'private/x.pdf',
  'private/PROOFS/x.pdf',
  'etc/passwd',
  'uploads/%2e%2e/x.png',
  'uploads/a/b/c/d/x.png',
];

let fake: FakeS3;
let s3rver: S3rverServer;
let dataDir: string;

beforeAll(async () => {
  fake = await startFakeS3();
  s3rver = await startS3rver();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-storage-'));
});
afterAll(async () => {
  await fake.close();
  await s3rver.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const backends: [string, () => FileStorage][] = [
  ['local folder', () => createLocalStorage(dataDir)],
  [
    'S3-compatible bucket',
    () =>
      createS3Storage({
        bucket: fake.bucket,
        region: fake.region,
        endpoint: fake.url,
        accessKeyId: fake.accessKeyId,
        secretAccessKey: fake.secretAccessKey,
        forcePathStyle: true,
      }),
  ],
  [
    's3rver (independent S3-compatible server)',
    () =>
      createS3Storage({
        bucket: s3rver.bucket,
        region: s3rver.region,
        endpoint: s3rver.url,
        accessKeyId: s3rver.accessKeyId,
        secretAccessKey: s3rver.secretAccessKey,
        forcePathStyle: true,
      }),
  ],
];

describe.each(backends)('storage contract: %s', (_name, make) => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = make();
  });

  it('stores a public file and gives it back with its type, length, entity tag and a year of cache', async () => {
    const key = newStorageKey({ visibility: 'public', ext: 'png' });
    await storage.put(key, PNG, { contentType: 'image/png', visibility: 'public' });
    const file = await storage.get(key);
    expect(file).not.toBeNull();
    expect(await bytesOf(file!)).toEqual(PNG);
    expect(file).toMatchObject({
      contentType: 'image/png',
      contentLength: PNG.length,
      cacheControl: 'public, max-age=31536000, immutable',
    });
    expect(file!.etag).toMatch(/^(W\/)?".+"$/);
    expect(file!.lastModified).toBeInstanceOf(Date);
    expect(await storage.head(key)).toMatchObject({ contentType: 'image/png', contentLength: PNG.length });
    expect(await storage.exists(key)).toBe(true);
    expect(storage.publicUrl(key)).toBe(`/${key}`);
  });

  it('stores a private file that is never cached, and has no public URL', async () => {
    const key = newStorageKey({ visibility: 'private', kind: 'proofs', ext: 'pdf' });
    await storage.put(key, PDF, { contentType: 'application/pdf', visibility: 'private' });
    const file = await storage.get(key);
    expect(await bytesOf(file!)).toEqual(PDF);
    expect(file).toMatchObject({ contentType: 'application/pdf', cacheControl: 'private, no-store' });
    expect(() => storage.publicUrl(key)).toThrow();
  });

  it('accepts a stream, and a second put replaces the first', async () => {
    const key = newStorageKey({ visibility: 'private', kind: 'receipts', ext: 'pdf' });
    await storage.put(key, Readable.from([PDF.subarray(0, 5), PDF.subarray(5)]), {
      contentType: 'application/pdf',
      visibility: 'private',
    });
    expect(await bytesOf((await storage.get(key))!)).toEqual(PDF);
    const replaced = Buffer.concat([PDF, Buffer.from('% segunda versión\n')]);
    await storage.put(key, replaced, { contentType: 'application/pdf', visibility: 'private' });
    const file = (await storage.get(key))!;
    expect(file.contentLength).toBe(replaced.length);
    expect(await bytesOf(file)).toEqual(replaced);
  });

  it('answers null for a file that is not there, and deletes without complaint', async () => {
    const key = newStorageKey({ visibility: 'public', ext: 'png' });
    expect(await storage.get(key)).toBeNull();
    expect(await storage.head(key)).toBeNull();
    expect(await storage.exists(key)).toBe(false);
    await storage.put(key, PNG, { contentType: 'image/png', visibility: 'public' });
    await storage.delete(key);
    expect(await storage.exists(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it('refuses a key whose root does not match the visibility asked for', async () => {
    const key = newStorageKey({ visibility: 'public', ext: 'pdf' });
    await expect(
      storage.put(key, PDF, { contentType: 'application/pdf', visibility: 'private' }),
    ).rejects.toThrow(/public, not private/);
    expect(await storage.exists(key)).toBe(false);
  });

  it.each(UNSAFE_KEYS)('refuses the unsafe key %j in every operation', async (key) => {
    await expect(storage.put(key, PNG, { contentType: 'image/png', visibility: 'public' })).rejects.toThrow(
      /invalid storage key/,
    );
    await expect(storage.get(key)).rejects.toThrow(/invalid storage key/);
    await expect(storage.head(key)).rejects.toThrow(/invalid storage key/);
    await expect(storage.delete(key)).rejects.toThrow(/invalid storage key/);
  });
});

describe('storage keys', () => {
  it('are random, carry the root of their visibility and the kind of private files', () => {
    const a = newStorageKey({ visibility: 'private', kind: 'proofs', ext: 'pdf' });
    const b = newStorageKey({ visibility: 'private', kind: 'proofs', ext: 'pdf' });
    expect(a).toMatch(/^private\/proofs\/[0-9a-f-]{36}\.pdf$/);
    expect(a).not.toBe(b);
    expect(newStorageKey({ visibility: 'public', ext: 'webp' })).toMatch(/^uploads\/[0-9a-f-]{36}\.webp$/);
    expect(() => newStorageKey({ visibility: 'private', ext: 'pdf' })).toThrow(/need a kind/);
    expect(() => newStorageKey({ visibility: 'private', kind: '../x', ext: 'pdf' })).toThrow();
    expect(() => newStorageKey({ visibility: 'public', ext: 'p/df' })).toThrow();
  });

  it('map a public path to a public key only', () => {
    expect(publicKeyFromPath('1c9a.png')).toBe('uploads/1c9a.png');
    expect(publicKeyFromPath('../private/proofs/x.pdf')).toBeNull();
    expect(publicKeyFromPath('..%2Fprivate%2Fproofs%2Fx.pdf')).toBeNull();
    expect(visibilityOfKey('private/proofs/x.pdf')).toBe('private');
    for (const key of UNSAFE_KEYS) expect(visibilityOfKey(key)).toBeNull();
  });
});

describe('local folder backend', () => {
  it('keeps public files under DATA_DIR/uploads and private ones under DATA_DIR/private, no temporary files left', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'store-storage-local-'));
    try {
      const storage = createLocalStorage(dir);
      const pub = newStorageKey({ visibility: 'public', ext: 'png' });
      const priv = newStorageKey({ visibility: 'private', kind: 'proofs', ext: 'pdf' });
      await storage.put(pub, PNG, { contentType: 'image/png', visibility: 'public' });
      await storage.put(priv, PDF, { contentType: 'application/pdf', visibility: 'private' });
      expect(readFileSync(path.join(dir, 'uploads', pub.split('/')[1]!))).toEqual(PNG);
      const privFile = path.join(dir, 'private', 'proofs', priv.split('/')[2]!);
      expect(readFileSync(privFile)).toEqual(PDF);
      expect(statSync(privFile).mode & 0o077).toBe(0);
      expect(readdirSync(path.join(dir, 'uploads'))).toEqual([pub.split('/')[1]]);
      expect(readdirSync(path.join(dir, 'private', 'proofs'))).toEqual([priv.split('/')[2]]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads files copied into DATA_DIR/uploads by hand (uploads from before this storage)', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'store-storage-legacy-'));
    try {
      const storage = createLocalStorage(dir);
      await storage.put('uploads/0b0e7f0c-1111-4222-8333-944445555666.jpg', PNG, {
        contentType: 'image/jpeg',
        visibility: 'public',
      });
      const file = await storage.get('uploads/0b0e7f0c-1111-4222-8333-944445555666.jpg');
      expect(file?.contentType).toBe('image/jpeg');
      file?.body.destroy();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('S3 backend', () => {
  const s3 = (overrides: Partial<Parameters<typeof createS3Storage>[0]> = {}) =>
    createS3Storage({
      bucket: fake.bucket,
      region: fake.region,
      endpoint: fake.url,
      accessKeyId: fake.accessKeyId,
      secretAccessKey: fake.secretAccessKey,
      forcePathStyle: true,
      ...overrides,
    });

  it('puts the object under its key in the bucket with its type and cache headers, signed with SigV4', async () => {
    const key = newStorageKey({ visibility: 'public', ext: 'png' });
    const before = fake.requests.length;
    await s3().put(key, PNG, { contentType: 'image/png', visibility: 'public' });
    const stored = fake.objects.get(key);
    expect(stored?.body).toEqual(PNG);
    expect(stored).toMatchObject({
      contentType: 'image/png',
      cacheControl: 'public, max-age=31536000, immutable',
    });
    const put = fake.requests.slice(before).find((r) => r.method === 'PUT');
    expect(put).toMatchObject({ bucket: fake.bucket, key });
    expect(put!.authorization).toMatch(
      new RegExp(`^AWS4-HMAC-SHA256 Credential=${fake.accessKeyId}/\\d{8}/${fake.region}/s3/aws4_request`),
    );
  });

  it('fails loudly with a wrong secret or an unknown bucket, and stores nothing', async () => {
    const key = newStorageKey({ visibility: 'public', ext: 'png' });
    await expect(
      s3({ secretAccessKey: 'otra-clave' }).put(key, PNG, { contentType: 'image/png', visibility: 'public' }),
    ).rejects.toThrow();
    expect(fake.refused.at(-1)?.code).toBe('SignatureDoesNotMatch');
    await expect(
      s3({ bucket: 'otro-bucket' }).put(key, PNG, { contentType: 'image/png', visibility: 'public' }),
    ).rejects.toThrow();
    expect(fake.objects.has(key)).toBe(false);
  });

  // s3rver checks the access key, not SigV4 signatures (fake-s3.ts above checks those).
  it('is refused by s3rver too with an unknown access key or an unknown bucket', async () => {
    const key = newStorageKey({ visibility: 'public', ext: 'png' });
    const other = (o: Partial<Parameters<typeof createS3Storage>[0]>) =>
      s3({
        endpoint: s3rver.url,
        bucket: s3rver.bucket,
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        ...o,
      });
    await expect(
      other({ accessKeyId: 'OTRA' }).put(key, PNG, { contentType: 'image/png', visibility: 'public' }),
    ).rejects.toThrow(/Access Key Id/i);
    await expect(
      other({ bucket: 'otro-bucket' }).put(key, PNG, { contentType: 'image/png', visibility: 'public' }),
    ).rejects.toThrow(/bucket/i);
    expect(await other({}).exists(key)).toBe(false);
  });

  it('hands out CDN URLs for public files when S3_PUBLIC_URL is set, and knows them as its own', () => {
    const storage = s3({ publicUrl: 'https://cdn.example.org/' });
    expect(storage.publicBaseUrl).toBe('https://cdn.example.org');
    expect(storage.publicUrl('uploads/a1.png')).toBe('https://cdn.example.org/uploads/a1.png');
    expect(storage.isOwnUrl('https://cdn.example.org/uploads/a1.png')).toBe(true);
    expect(storage.isOwnUrl('https://cdn.example.org/private/proofs/a1.pdf')).toBe(false);
    expect(storage.isOwnUrl('https://otro.example.org/uploads/a1.png')).toBe(false);
  });
});
