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

/** Bytes with their gzip and brotli copies, compressed once for every request that gets them. */
export interface CompressedBody extends CachedBody {
  gzip: Buffer;
  brotli: Buffer;
}

export function compressedBody(text: string): CompressedBody {
  const cached = cachedBody(text);
  return {
    ...cached,
    gzip: gzipSync(cached.body, { level: 9 }),
    brotli: brotliCompressSync(cached.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }),
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

/**
 * Sends `cached` as `contentType` with its ETag, or 304 when the client already holds it.
 * A Buffer skips the route's serializer: the bytes were produced from the response schema
 * when the cache was built.
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
  return reply.type(contentType).send(cached.body);
}
