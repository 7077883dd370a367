import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import { createTestContext, type TestContext } from '../../../../test/context';
import { mexicoCityTime } from '../../../../test/factories';
import { createUser, type TestUser } from '../../../../test/store-helpers';
import { MAX_IMAGE_BYTES } from './routes';

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(filename: string, content: Buffer, type = 'image/png') {
  const boundary = '----prueba7MA4YWxkTrZu0gW';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('POST /api/admin/uploads', () => {
  let ctx: TestContext;
  let admin: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await createUser(ctx, { role: 'admin' });
  });
  afterAll(() => ctx.close());

  function upload(filename: string, content: Buffer, type?: string) {
    const { payload, headers } = multipart(filename, content, type);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/admin/uploads',
      headers: { ...headers, token: admin.token },
      payload,
    });
  }

  it('stores a real image under a generated name and serves it from /uploads/', async () => {
    const res = await upload('../../portada.PNG', PNG_1PX, 'application/octet-stream');
    expect(res.statusCode, res.body).toBe(200);
    const { url, message } = res.json();
    expect(message).toBe(ADMIN_MSG.imageUploaded);
    expect(url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.png$/);
    const served = await ctx.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG_1PX)).toBe(true);
  });

  it('refuses a non-image renamed .png (type read from the bytes)', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const res = await upload('foto.png', html, 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: ADMIN_MSG.imageType });
  });

  it('refuses an SVG (it can carry scripts)', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const res = await upload('logo.svg', svg, 'image/svg+xml');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ADMIN_MSG.imageType);
  });

  it('refuses a file over 5 MB', async () => {
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(MAX_IMAGE_BYTES)]);
    const res = await upload('grande.png', big);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: ADMIN_MSG.imageTooLarge });
  });

  it('refuses a request without a file', async () => {
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/uploads',
      headers: { token: admin.token },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(ADMIN_MSG.imageRequired);
    const empty = await upload('vacia.png', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(ADMIN_MSG.imageRequired);
  });

  it('lets an event use the uploaded image', async () => {
    const { url } = (await upload('portada.png', PNG_1PX)).json();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/events',
      headers: { token: admin.token },
      payload: {
        name: 'Con portada',
        price: 100,
        image: [url],
        category: 'Paneles',
        subCategory: 'Basico',
        days: [
          {
            label: 'Único',
            startsAt: mexicoCityTime(30, '09:00').toISOString(),
            endsAt: mexicoCityTime(30, '18:00').toISOString(),
          },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().event.image).toEqual([url]);
  });
});
