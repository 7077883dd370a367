// Answers a request with a stored file. sendPrivateFile is the one way a route hands out a
// private file (a proof, a receipt, a constancia, a CFDI): after its own access check, with
// the headers that keep it out of caches and away from content sniffing, under a safe name.

import type { FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@store/shared/messages';
import { AppError } from '../errors';
import { assertStorageKey } from './keys';
import { PRIVATE_CACHE_CONTROL, type FileStorage, type StoredFile } from './storage';

/** Streams `file`, or answers 304 when the browser already has this version. */
export function sendStoredFile(
  req: FastifyRequest,
  reply: FastifyReply,
  file: StoredFile,
  headers: Record<string, string> = {},
): FastifyReply {
  reply.headers({
    'Content-Type': file.contentType,
    'Cache-Control': file.cacheControl,
    'X-Content-Type-Options': 'nosniff',
    ...(file.etag ? { ETag: file.etag } : {}),
    'Last-Modified': file.lastModified.toUTCString(),
    ...headers,
  });
  if (file.etag && etagMatches(req.headers['if-none-match'], file.etag)) {
    file.body.destroy();
    return reply.code(304).send();
  }
  reply.header('Content-Length', String(file.contentLength));
  return reply.send(file.body);
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return header === '*' || header.split(',').some((t) => bare(t) === bare(etag));
}

export interface PrivateFileOptions {
  /** Name the browser saves it as (accents allowed; anything unsafe is replaced). */
  filename: string;
  /** attachment (default) downloads; inline lets the browser show a PDF or image. */
  disposition?: 'attachment' | 'inline';
  /**
   * Runs once the file is found, before a byte is sent (an admin's view written to the audit
   * log): when it throws, nothing is sent and the error stands; a missing file never runs it.
   */
  beforeSend?: () => Promise<void>;
}

/**
 * Streams a private file to a caller the route has already authorised. A missing file is a
 * 404 with the usual Spanish message. Never cached (`private, no-store`), never sniffed.
 */
export async function sendPrivateFile(
  reply: FastifyReply,
  storage: FileStorage,
  key: string,
  opts: PrivateFileOptions,
): Promise<FastifyReply> {
  assertStorageKey(key, 'private');
  const file = await storage.get(key);
  if (!file) throw new AppError('not_found', MSG.notFound);
  if (opts.beforeSend) {
    try {
      await opts.beforeSend();
    } catch (err) {
      file.body.destroy();
      throw err;
    }
  }
  return reply
    .headers({
      'Content-Type': file.contentType,
      'Content-Length': String(file.contentLength),
      'Content-Disposition': contentDisposition(opts.disposition ?? 'attachment', opts.filename),
      'Cache-Control': PRIVATE_CACHE_CONTROL,
      'X-Content-Type-Options': 'nosniff',
    })
    .send(file.body);
}

/**
 * `attachment; filename="Constancia Perez.pdf"; filename*=UTF-8''Constancia%20P%C3%A9rez.pdf`:
 * an ASCII fallback without quotes, slashes or control characters, and the exact name
 * encoded per RFC 6266/5987 for browsers that read it.
 */
export function contentDisposition(type: 'attachment' | 'inline', filename: string): string {
  const cleaned =
    filename
      .normalize('NFC')
      // eslint-disable-next-line no-control-regex -- control characters are what must go
      .replace(/[\u0000-\u001f\u007f"\\/:*?<>|]+/g, '_')
      .replace(/^[.\s]+/, '')
      .trim()
      .slice(0, 150) || 'archivo';
  const ascii =
    cleaned
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^\x20-\x7e]/g, '_')
      .replace(/[%;]/g, '_') || 'archivo';
  const encoded = encodeURIComponent(cleaned).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
