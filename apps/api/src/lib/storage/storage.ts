// One file storage for the whole API: a local folder by default (DATA_DIR/uploads public,
// DATA_DIR/private private), or an S3-compatible bucket when S3_BUCKET is set, so several
// replicas see the same files. Features store bytes under server-generated keys (keys.ts)
// and never touch the disk or the bucket themselves; docs/storage.md is the recipe.

import type { Readable } from 'node:stream';
import type { Visibility } from './keys';

export type StorageBody = Buffer | Uint8Array | Readable;

export interface PutOptions {
  contentType: string;
  /** Must match the key's root (uploads/ public, private/ private). */
  visibility: Visibility;
  /** Default: a year and immutable for public files (keys are random), no-store for private. */
  cacheControl?: string;
}

export interface StoredFileInfo {
  contentType: string;
  contentLength: number;
  /** Quoted entity tag, as sent in ETag headers. */
  etag: string;
  lastModified: Date;
  cacheControl: string;
}

export interface StoredFile extends StoredFileInfo {
  body: Readable;
}

export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Writes (or replaces) the file; a reader never sees half of it. */
  put(key: string, body: StorageBody, opts: PutOptions): Promise<void>;
  /** The file's bytes as a stream with its metadata, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Metadata only, or null. */
  head(key: string): Promise<StoredFileInfo | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the file; no error when it is already gone. */
  delete(key: string): Promise<void>;
  /** The URL a browser uses for a public key: /uploads/… (or S3_PUBLIC_URL/uploads/… when set). */
  publicUrl(key: string): string;
  /** An absolute URL under S3_PUBLIC_URL that points at one of our public files. */
  isOwnUrl(url: string): boolean;
  /** Where browsers should fetch public files instead of /uploads (S3_PUBLIC_URL), if anywhere. */
  readonly publicBaseUrl: string | null;
}

export const PUBLIC_CACHE_CONTROL = 'public, max-age=31536000, immutable';
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

export function defaultCacheControl(visibility: Visibility): string {
  return visibility === 'public' ? PUBLIC_CACHE_CONTROL : PRIVATE_CACHE_CONTROL;
}

/** Reads a stream to the end (the S3 backend needs a length before it sends). */
export async function toBuffer(body: StorageBody): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}
