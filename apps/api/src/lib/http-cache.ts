// Answers held as bytes with a strong ETag: a repeat request carrying the tag in
// If-None-Match gets 304 without a body.

import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface CachedBody {
  body: Buffer;
  /** Strong entity tag, quotes included. */
  etag: string;
}

export function cachedBody(text: string): CachedBody {
  const body = Buffer.from(text, 'utf8');
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"` };
}

/**
 * Bytes with their gzip and brotli copies, compressed once for every request that gets them.
 * Middle levels: a change of the catalogue (a seat sold) compresses its answers again, and
 * brotli 5 / gzip 6 do 0.5 MB in milliseconds for a few percent more bytes than the maximum.
 */
export interface CompressedBody extends CachedBody {
  gzip: Buffer;
  brotli: Buffer;
}

export function compressedBody(text: string): CompressedBody {
  const cached = cachedBody(text);
  return {
    ...cached,
    gzip: gzipSync(cached.body, { level: 6 }),
    brotli: brotliCompressSync(cached.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
  };
}

/** True when If-None-Match names `etag` (or is `*`); weak tags compare by their value. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((raw) => {
    const tag = raw.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}

/** The encoding to send: brotli, gzip, or none, as the client's Accept-Encoding allows. */
export function pickEncoding(accept: string | undefined): 'br' | 'gzip' | null {
  const accepted = (name: string) =>
    (accept ?? '').split(',').some((part) => {
      const [coding, ...params] = part.trim().split(';');
      return coding?.trim() === name && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
    });
  if (accepted('br')) return 'br';
  if (accepted('gzip')) return 'gzip';
  return null;
}

/** The body of `cached` the client accepts: its brotli or gzip copy when it has them. */
export function sendEncoded(req: FastifyRequest, reply: FastifyReply, cached: CachedBody): FastifyReply {
  reply.header('Vary', 'Accept-Encoding');
  if (!('gzip' in cached)) return reply.send(cached.body);
  const compressed = cached as CompressedBody;
  const encoding = pickEncoding(req.headers['accept-encoding']);
  if (encoding === 'br') return reply.header('Content-Encoding', 'br').send(compressed.brotli);
  if (encoding === 'gzip') return reply.header('Content-Encoding', 'gzip').send(compressed.gzip);
  return reply.send(compressed.body);
}

/**
 * Sends `cached` as `contentType` with its ETag, or 304 when the client already holds it;
 * compressed when it holds compressed copies and the client accepts them. A Buffer skips the
 * route's serializer: the bytes were produced from the response schema when the cache was
 * built.
 */
export function sendCached(
  req: FastifyRequest,
  reply: FastifyReply,
  cached: CachedBody,
  contentType: string,
  cacheControl: string,
): FastifyReply {
  reply.header('ETag', cached.etag).header('Cache-Control', cacheControl);
  if (matchesIfNoneMatch(req.headers['if-none-match'], cached.etag)) return reply.code(304).send();
  return sendEncoded(req, reply.type(contentType), cached);
}
