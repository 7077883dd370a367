// sniffFile: the type comes from the bytes, the size limit from the caller.

import { describe, expect, it } from 'vitest';
import { sniffFile } from './sniff';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(64),
]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x24, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(32),
]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj<<>>endobj\n%%EOF\n');
const PROOF = { accept: ['pdf', 'jpg', 'png'] as const, maxBytes: 5 * 1024 * 1024 };

describe('sniffFile', () => {
  it('recognises PDF, JPG, PNG and WebP by their magic bytes', async () => {
    expect(await sniffFile(PDF, PROOF)).toEqual({
      ok: true,
      kind: 'pdf',
      mime: 'application/pdf',
      ext: 'pdf',
    });
    expect(await sniffFile(JPG, PROOF)).toMatchObject({ ok: true, kind: 'jpg', mime: 'image/jpeg' });
    expect(await sniffFile(PNG, PROOF)).toMatchObject({ ok: true, kind: 'png', ext: 'png' });
    expect(await sniffFile(WEBP, { accept: ['webp'], maxBytes: 1000 })).toMatchObject({
      ok: true,
      kind: 'webp',
      mime: 'image/webp',
    });
  });

  it('refuses what the call does not accept, whatever the file is called', async () => {
    expect(await sniffFile(WEBP, PROOF)).toEqual({ ok: false, reason: 'type' });
    expect(await sniffFile(Buffer.from('<html><script>alert(1)</script></html>'), PROOF)).toEqual({
      ok: false,
      reason: 'type',
    });
    expect(await sniffFile(Buffer.from('MZ\x90\0\x03\0\0\0'), PROOF)).toEqual({ ok: false, reason: 'type' });
  });

  it('refuses an empty file and one over the limit of the call', async () => {
    expect(await sniffFile(Buffer.alloc(0), PROOF)).toEqual({ ok: false, reason: 'empty' });
    const big = Buffer.concat([PDF, Buffer.alloc(PROOF.maxBytes)]);
    expect(await sniffFile(big, PROOF)).toEqual({ ok: false, reason: 'too_large' });
    expect(await sniffFile(PNG, { accept: ['png'], maxBytes: PNG.length })).toMatchObject({ ok: true });
    expect(await sniffFile(PNG, { accept: ['png'], maxBytes: PNG.length - 1 })).toEqual({
      ok: false,
      reason: 'too_large',
    });
  });
});
