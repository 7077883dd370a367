// Helpers shared by the start/test scripts: install when needed, run a command.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** npm install when node_modules is missing or older than the lockfile / any package.json. */
export function ensureInstall() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const inputs = [
    'package-lock.json',
    'package.json',
    'apps/api/package.json',
    'apps/web/package.json',
    'packages/shared/package.json',
    'e2e/package.json',
  ]
    .map((f) => path.join(root, f))
    .filter(existsSync);
  const stale = !existsSync(marker) || inputs.some((f) => statSync(f).mtimeMs > statSync(marker).mtimeMs);
  if (!stale) return;
  console.log('Instalando dependencias (npm ci)…');
  const cmd = existsSync(path.join(root, 'package-lock.json')) ? 'ci' : 'install';
  run('npm', [cmd, '--no-audit', '--no-fund']);
}

/** Runs a command in the repo root, inheriting stdio; exits the process on failure. */
export function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...opts.env } });
  if (res.status !== 0) {
    console.error(`\n✗ Falló: ${cmd} ${args.join(' ')}`);
    process.exit(res.status ?? 1);
  }
}

export function bin(name) {
  return path.join(root, 'node_modules', '.bin', name);
}
