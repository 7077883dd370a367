// An independent S3-compatible server from the npm registry (s3rver: Koa, objects on disk,
// its own XML answers and error codes; it checks the access key but not SigV4 signatures,
// which fake-s3.ts does), so the storage contract is proven against an S3 implementation
// other than our own fake. Listens on 127.0.0.1, a free port.

import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface S3rverServer {
  url: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  close(): Promise<void>;
}

export async function startS3rver(bucket = 'tienda-s3rver'): Promise<S3rverServer> {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'store-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address: AddressInfo = await server.run();
  return {
    url: `http://127.0.0.1:${address.port}`,
    bucket,
    region: 'us-east-1',
    // s3rver's built-in account; any other access key is refused.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
