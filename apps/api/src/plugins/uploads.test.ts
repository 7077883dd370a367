// /uploads/<key> serves public files from the configured storage (local folder or S3) with a
// year of immutable cache, and nothing else: private keys, traversals and guesses are 404s.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import { MSG } from '@store/shared/messages';
import { createTestContext, type TestContext } from '../../test/context';
import { startFakeS3, type FakeS3 } from '../../test/fakes/fake-s3';
import { createUser, type TestUser } from '../../test/store-helpers';
import { newStorageKey } from '../lib/storage/keys';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n% constancia privada\n%%EOF\n');

function multipart(filename: string, content: Buffer) {
  const boundary = '----prueba7MA4YWxkTrZu0gW';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

let fake: FakeS3;
beforeAll(async () => {
  fake = await startFakeS3();
});
afterAll(() => fake.close());

const s3Env = () => ({
  S3_BUCKET: fake.bucket,
  S3_REGION: fake.region,
  S3_ENDPOINT: fake.url,
  S3_ACCESS_KEY_ID: fake.accessKeyId,
  S3_SECRET_ACCESS_KEY: fake.secretAccessKey,
  S3_FORCE_PATH_STYLE: 'true',
});

describe.each([
  ['local folder', () => ({})],
  ['S3-compatible bucket', s3Env],
])('/uploads with the %s', (name, env) => {
  let ctx: TestContext;
  let admin: TestUser;
  beforeAll(async () => {
    ctx = await createTestContext(env());
    admin = await createUser(ctx, { role: 'admin' });
  });
  afterAll(() => ctx.close());

  async function uploadImage(): Promise<string> {
    const { payload, headers } = multipart('portada.png', PNG);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/uploads',
      headers: { ...headers, token: admin.token },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(ADMIN_MSG.imageUploaded);
    return res.json().url as string;
  }

  it('serves an uploaded image with a year of immutable cache, nosniff and revalidation', async () => {
    expect(ctx.app.storage.kind).toBe(name === 'local folder' ? 'local' : 's3');
    const url = await uploadImage();
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    if (ctx.app.storage.kind === 's3') expect(fake.objects.get(url.slice(1))?.body).toEqual(PNG);

    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(PNG);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(PNG.length),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    const etag = String(res.headers.etag);
    expect(etag).not.toBe('');

    const again = await ctx.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    const head = await ctx.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/png');
  });

  it('answers 404 for an upload that does not exist', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/uploads/0b0e7f0c-1111-4222-8333-944445555666.png',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: MSG.notFound });
  });

  it('never serves a private file, even to someone who knows or guesses its key', async () => {
    const key = newStorageKey({ visibility: 'private', kind: 'proofs', ext: 'pdf' });
    await ctx.app.storage.put(key, PDF, { contentType: 'application/pdf', visibility: 'private' });
    const rest = key.slice('private/'.length); // proofs/<uuid>.pdf
    const attempts = [
      `/${key}`,
      `/uploads/${key}`,
      `/uploads/${rest}`,
      `/uploads/../${key}`,
      `/uploads/..%2F${key.replaceAll('/', '%2F')}`,
      `/uploads/%2e%2e/${key}`,
      `/uploads/%2E%2E%2F${key}`,
      `/uploads/..%5C${key.replaceAll('/', '%5C')}`,
      `/uploads/....//${key}`,
      `/uploads/./../${key}`,
      `/uploads//../${key}`,
      `/api/../${key}`,
      `//${key}`,
    ];
    for (const url of attempts) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body.includes('constancia privada'), url).toBe(false);
    }
    // Still there for the route that owns it.
    expect(await ctx.app.storage.exists(key)).toBe(true);
  });

  it('refuses a file that is not an image, whatever its name says', async () => {
    const { payload, headers } = multipart('foto.png', PDF);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/uploads',
      headers: { ...headers, token: admin.token },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: ADMIN_MSG.imageType });
  });
});

describe('/uploads with S3_PUBLIC_URL (a CDN in front of the bucket)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ ...s3Env(), S3_PUBLIC_URL: 'https://cdn.example.org' });
  });
  afterAll(() => ctx.close());

  it('sends browsers to the CDN copy for good, and lets the page show images from it', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/uploads/0b0e7f0c-1111-4222-8333-944445555666.png',
    });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(
      'https://cdn.example.org/uploads/0b0e7f0c-1111-4222-8333-944445555666.png',
    );
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/img-src [^;]*https:\/\/cdn\.example\.org/);
    expect(csp).not.toMatch(/script-src [^;]*cdn\.example\.org/);
  });

  it('does not redirect paths that are not public keys', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/uploads/../private/proofs/x.pdf' });
    expect(res.statusCode).toBe(404);
  });
});
