// Keeps an embedded database's folder readable and writable by its owner only. PGlite's file
// layer (Emscripten's NODEFS) chmods every file it creates to 0666 after creating it, so the
// process umask does not reach them (a fresh cluster: 968 files 0666, the WAL among them with
// the password hashes). While a PGlite data folder is open, a chmod of a path inside it keeps
// the owner's bits only; the files already there (a cluster of an older release) are
// tightened when it opens, and the data folder itself is 0700.

import fs from 'node:fs';
import path from 'node:path';

const guarded = new Map<string, number>();
let installed = false;

function inside(file: fs.PathLike): boolean {
  if (typeof file !== 'string') return false;
  const full = path.resolve(file);
  for (const root of guarded.keys()) {
    if (full === root || full.startsWith(root + path.sep)) return true;
  }
  return false;
}

function ownerOnly(mode: fs.Mode): number {
  const n = typeof mode === 'string' ? parseInt(mode, 8) : mode;
  return n & ~0o077;
}

function install(): void {
  if (installed) return;
  installed = true;
  const chmodSync = fs.chmodSync;
  fs.chmodSync = (file: fs.PathLike, mode: fs.Mode) => chmodSync(file, inside(file) ? ownerOnly(mode) : mode);
}

/** Every folder 0700 and every file without group or other bits, below `dir` (links left alone). */
export function tightenTree(dir: string): void {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) {
      fs.chmodSync(full, 0o700);
      tightenTree(full);
    } else if (e.isFile()) {
      const mode = fs.statSync(full).mode & 0o777;
      if (mode & 0o077) fs.chmodSync(full, mode & ~0o077);
    }
  }
}

/**
 * `dataDir` becomes 0700 and `pgdata` (created if absent) is tightened and guarded until the
 * returned function is called (the database closed): what PGlite chmods there stays the owner's.
 */
export function keepOwnerOnly(dataDir: string, pgdata: string): () => void {
  fs.chmodSync(dataDir, 0o700);
  fs.mkdirSync(pgdata, { recursive: true, mode: 0o700 });
  fs.chmodSync(pgdata, 0o700);
  tightenTree(pgdata);
  install();
  const root = path.resolve(pgdata);
  guarded.set(root, (guarded.get(root) ?? 0) + 1);
  return () => {
    const n = (guarded.get(root) ?? 1) - 1;
    if (n > 0) guarded.set(root, n);
    else guarded.delete(root);
    tightenTree(pgdata);
  };
}
