// Opens the storage the configuration names: the local folders under DATA_DIR by default, an
// S3-compatible bucket when S3_BUCKET is set (docs/storage.md). Kept apart from storage.ts,
// which the backends import, so the imports point one way.

import type { Config } from '../../config';
import { createLocalStorage } from './local';
import type { FileStorage } from './storage';

/** The backend the configuration asks for (the S3 SDK is only loaded when it is used). */
export async function createStorage(
  config: Pick<
    Config,
    | 'dataDir'
    | 'S3_BUCKET'
    | 'S3_REGION'
    | 'S3_ENDPOINT'
    | 'S3_ACCESS_KEY_ID'
    | 'S3_SECRET_ACCESS_KEY'
    | 'S3_FORCE_PATH_STYLE'
    | 'S3_PUBLIC_URL'
  >,
): Promise<FileStorage> {
  if (!config.S3_BUCKET) return createLocalStorage(config.dataDir);
  const { createS3Storage } = await import('./s3');
  return createS3Storage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
    publicUrl: config.S3_PUBLIC_URL,
  });
}
