// Local-folder backend: a key is a path under DATA_DIR (uploads/… public, private/… private).
// Only /uploads is ever served to browsers (plugins/uploads.ts); DATA_DIR/private is read
// by the routes that own its files. Writes go to a temporary dot file and are renamed into
// place, so a reader never sees half a file.

import { randomBytes } from 'node:crypto';
import { createWriteStream, type Stats } from 'node:fs';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertStorageKey, mediaTypeOfKey, visibilityOfKey } from './keys';
import { defaultCacheControl, type FileStorage, type StoredFileInfo } from './storage';

export function createLocalStorage(dataDir: string): FileStorage {
  const root = path.resolve(dataDir);

  /** The file of a key; refuses anything that would leave DATA_DIR (keys.ts already does). */
  function fileOf(key: string): string {
    assertStorageKey(key);
    const file = path.resolve(root, ...key.split('/'));
    if (!file.startsWith(root + path.sep)) throw new Error(`storage key escapes DATA_DIR: ${key}`);
    return file;
  }

  function metaOf(key: string, s: Stats): StoredFileInfo {
    return {
      contentType: mediaTypeOfKey(key),
      contentLength: s.size,
      // Weak: size and modification time, like static file servers (no hashing on read).
      etag: `W/"${s.size.toString(16)}-${Math.floor(s.mtimeMs).toString(16)}"`,
      lastModified: s.mtime,
      cacheControl: defaultCacheControl(visibilityOfKey(key)!),
    };
  }

  const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

  async function head(key: string): Promise<StoredFileInfo | null> {
    try {
      const s = await stat(fileOf(key));
      return s.isFile() ? metaOf(key, s) : null;
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  return {
    kind: 'local',
    publicBaseUrl: null,

    async put(key, body, opts) {
      assertStorageKey(key, opts.visibility);
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const temp = path.join(
        path.dirname(file),
        `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`,
      );
      // Public files too are served by this process, never read from disk by anyone else.
      const mode = 0o600;
      try {
        if (body instanceof Readable) await pipeline(body, createWriteStream(temp, { mode }));
        else await writeFile(temp, body, { mode });
        await rename(temp, file);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
    },

    async get(key) {
      // Open first, then read the size from the open file: a file replaced or removed in
      // between cannot answer one file's length with another's bytes.
      let handle;
      try {
        handle = await open(fileOf(key), 'r');
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
      const s = await handle.stat();
      if (!s.isFile()) {
        await handle.close();
        return null;
      }
      return { ...metaOf(key, s), body: handle.createReadStream() };
    },

    head,

    async exists(key) {
      return (await head(key)) !== null;
    },

    async delete(key) {
      await rm(fileOf(key), { force: true });
    },

    publicUrl(key) {
      assertStorageKey(key, 'public');
      return `/${key}`;
    },

    isOwnUrl: () => false,
  };
}
