// Image storage for event pictures: files under DATA_DIR/uploads (served at /uploads/ by
// plugins/spa.ts). Callers see only save() and isOwnUrl(), so another backend can stand in.

import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';

export interface ImageStorage {
  /** Stores the bytes under `key` (a generated file name) and returns the public URL. */
  save(key: string, body: Buffer, contentType: string): Promise<string>;
  /** True for an absolute URL this storage handed out (local URLs are root-relative paths). */
  isOwnUrl(url: string): boolean;
}

const SAFE_KEY = /^[A-Za-z0-9._-]{1,200}$/;

export function localStorage(uploadsDir: string): ImageStorage {
  return {
    async save(key, body) {
      if (!SAFE_KEY.test(key) || key.startsWith('.')) throw new Error(`unsafe storage key: ${key}`);
      await mkdir(uploadsDir, { recursive: true });
      await writeFile(path.join(uploadsDir, key), body, { flag: 'wx' });
      return `/uploads/${key}`;
    },
    isOwnUrl: () => false,
  };
}

export function createStorage(config: Pick<Config, 'dataDir'>): ImageStorage {
  return localStorage(path.join(config.dataDir, 'uploads'));
}
