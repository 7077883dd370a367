// S3-compatible backend (AWS S3, Cloudflare R2, Backblaze B2, MinIO, DigitalOcean Spaces…)
// through the official AWS SDK v3 with a configurable endpoint. The bucket stays private:
// public files reach browsers through /uploads on our server, or from S3_PUBLIC_URL (a CDN
// or public bucket domain) when it is set; private files only through the routes that own
// them. Object keys are the storage keys themselves (uploads/…, private/…).

import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { assertStorageKey } from './keys';
import { defaultCacheControl, toBuffer, type FileStorage, type StoredFileInfo } from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Unset = AWS itself; otherwise the provider's endpoint (https://<account>.r2.cloudflarestorage.com…). */
  endpoint?: string;
  /** Unset = the SDK's default credential chain (instance role, AWS_* variables…). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** https://endpoint/bucket/key instead of https://bucket.endpoint/key (MinIO and most self-hosted). */
  forcePathStyle: boolean;
  /** Public base of the bucket's uploads/ (CDN); unset = served through /uploads. */
  publicUrl?: string;
}

const isNotFound = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey' || err.name === 'NotFound');

export function createS3Storage(opts: S3StorageOptions): FileStorage {
  const client = new S3Client({
    region: opts.region,
    ...(opts.endpoint ? { endpoint: opts.endpoint } : {}),
    forcePathStyle: opts.forcePathStyle,
    ...(opts.accessKeyId && opts.secretAccessKey
      ? { credentials: { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey } }
      : {}),
    // Checksums only where S3 requires them: several S3-compatible services refuse the
    // SDK's newer default checksum headers and chunked uploads.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const publicBase = opts.publicUrl?.replace(/\/+$/, '') ?? null;

  function metaOf(
    key: string,
    out: {
      ContentType?: string;
      ContentLength?: number;
      ETag?: string;
      LastModified?: Date;
      CacheControl?: string;
    },
  ): StoredFileInfo {
    const visibility = assertStorageKey(key);
    return {
      contentType: out.ContentType ?? 'application/octet-stream',
      contentLength: out.ContentLength ?? 0,
      etag: out.ETag ?? '',
      lastModified: out.LastModified ?? new Date(0),
      cacheControl: out.CacheControl ?? defaultCacheControl(visibility),
    };
  }

  async function head(key: string): Promise<StoredFileInfo | null> {
    assertStorageKey(key);
    try {
      const out = await client.send(new HeadObjectCommand({ Bucket: opts.bucket, Key: key }));
      return metaOf(key, out);
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  return {
    kind: 's3',
    publicBaseUrl: publicBase,

    async put(key, body, putOpts) {
      assertStorageKey(key, putOpts.visibility);
      // A known length lets the request be signed and sent in one piece; uploads here are
      // a few megabytes at most, already in memory after their type was checked.
      const bytes = await toBuffer(body);
      await client.send(
        new PutObjectCommand({
          Bucket: opts.bucket,
          Key: key,
          Body: bytes,
          ContentLength: bytes.length,
          ContentType: putOpts.contentType,
          CacheControl: putOpts.cacheControl ?? defaultCacheControl(putOpts.visibility),
        }),
      );
    },

    async get(key) {
      assertStorageKey(key);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: opts.bucket, Key: key }));
        if (!(out.Body instanceof Readable)) throw new Error(`S3 GetObject ${key}: no body stream`);
        return { ...metaOf(key, out), body: out.Body };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },

    head,

    async exists(key) {
      return (await head(key)) !== null;
    },

    async delete(key) {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: opts.bucket, Key: key }));
    },

    publicUrl(key) {
      assertStorageKey(key, 'public');
      return publicBase ? `${publicBase}/${key}` : `/${key}`;
    },

    isOwnUrl(url) {
      if (!publicBase || !url.startsWith(`${publicBase}/`)) return false;
      try {
        return assertStorageKey(url.slice(publicBase.length + 1)) === 'public';
      } catch {
        return false;
      }
    },
  };
}
