// sendPrivateFile: what a route that owns a private file sends after its access check.

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@store/shared/messages';
import { registerErrorHandling } from '../../plugins/errors';
import { newStorageKey } from './keys';
import { createLocalStorage } from './local';
import { contentDisposition, sendPrivateFile } from './send-file';

const PDF = Buffer.from('%PDF-1.4\n% recibo\n%%EOF\n');

describe('sendPrivateFile', () => {
  let app: FastifyInstance;
  let dataDir: string;
  const key = newStorageKey({ visibility: 'private', kind: 'receipts', ext: 'pdf' });

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-send-file-'));
    const storage = createLocalStorage(dataDir);
    await storage.put(key, PDF, { contentType: 'application/pdf', visibility: 'private' });
    app = Fastify();
    registerErrorHandling(app);
    app.get<{ Querystring: { k: string; inline?: string } }>('/recibo', (req, reply) =>
      sendPrivateFile(reply, storage, req.query.k, {
        filename: 'Recibo Pérez "final"/../x.pdf',
        ...(req.query.inline ? { disposition: 'inline' as const } : {}),
      }),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('streams the file, never cached, never sniffed, under a safe download name', async () => {
    const res = await app.inject({ method: 'GET', url: `/recibo?k=${encodeURIComponent(key)}` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(PDF);
    expect(res.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(PDF.length),
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-disposition':
        `attachment; filename="Recibo Perez _final_.._x.pdf"; ` +
        `filename*=UTF-8''Recibo%20P%C3%A9rez%20_final_.._x.pdf`,
    });
    const inline = await app.inject({ method: 'GET', url: `/recibo?inline=1&k=${encodeURIComponent(key)}` });
    expect(inline.headers['content-disposition']).toMatch(/^inline; /);
  });

  it('answers 404 in Spanish when the file is gone', async () => {
    const missing = newStorageKey({ visibility: 'private', kind: 'receipts', ext: 'pdf' });
    const res = await app.inject({ method: 'GET', url: `/recibo?k=${encodeURIComponent(missing)}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: MSG.notFound });
  });

  it('refuses to hand out a public key or a made-up path (a programming error, never a file)', async () => {
    for (const k of ['uploads/x.png', '../../etc/passwd', 'private/receipts/../../x.pdf']) {
      const res = await app.inject({ method: 'GET', url: `/recibo?k=${encodeURIComponent(k)}` });
      expect(res.statusCode, k).toBe(500);
      expect(res.body).not.toContain('passwd');
    }
  });
});

describe('contentDisposition', () => {
  it('keeps accents in filename* and gives an ASCII fallback without quotes, slashes or line breaks', () => {
    expect(contentDisposition('attachment', 'Constancia — José Ñúñez.pdf')).toBe(
      `attachment; filename="Constancia _ Jose Nunez.pdf"; ` +
        `filename*=UTF-8''Constancia%20%E2%80%94%20Jos%C3%A9%20%C3%91%C3%BA%C3%B1ez.pdf`,
    );
    const header = contentDisposition('inline', 'a\r\nSet-Cookie: x=1;.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(contentDisposition('attachment', '...')).toBe(
      `attachment; filename="archivo"; filename*=UTF-8''archivo`,
    );
  });
});
