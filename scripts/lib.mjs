// Helpers shared by the start/test/ops scripts: install when needed, build when stale, run a command.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * npm ci (or install) when node_modules is missing or older than the lockfile / any
 * package.json. Quiet: a line saying how long it usually takes, the seconds going by, and the
 * whole npm output only when it fails.
 */
export async function ensureInstall() {
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
  const cmd = existsSync(path.join(root, 'package-lock.json')) ? 'ci' : 'install';
  await runQuietly(`Instalando dependencias (npm ${cmd}; la primera vez tarda de 1 a 3 minutos)`, 'npm', [
    cmd,
    '--no-audit',
    '--no-fund',
  ]);
}

/**
 * Runs a long command with its output held back: prints `label…`, the elapsed time every 15 s,
 * and «listo en N s»; on failure prints everything the command wrote and exits with its code.
 */
export function runQuietly(label, cmd, args) {
  const started = Date.now();
  const seconds = () => Math.round((Date.now() - started) / 1000);
  console.log(`${label}…`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const ticker = setInterval(() => console.log(`  … ${seconds()} s`), 15_000);
    child.on('close', (code) => {
      clearInterval(ticker);
      if (code === 0) {
        console.log(`  listo en ${seconds()} s`);
        resolve();
        return;
      }
      process.stdout.write(Buffer.concat(output));
      console.error(`\n✗ Falló: ${cmd} ${args.join(' ')}`);
      process.exit(code ?? 1);
    });
  });
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

function newest(dir) {
  let max = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return max;
}

/** npm run build when a source is newer than the oldest build output (or one is missing). */
export async function buildIfStale() {
  const sources = [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/api/src',
    'packages/shared/src',
  ]
    .map((p) => path.join(root, p))
    .filter(existsSync)
    .map((p) => (statSync(p).isDirectory() ? newest(p) : statSync(p).mtimeMs));
  const outputs = [
    'apps/web/dist/index.html',
    'apps/web/dist-ssr/entry-server.js',
    'apps/api/dist/server.js',
    'apps/api/dist/ops.js',
  ].map((p) => path.join(root, p));
  const built = outputs.every(existsSync) ? Math.min(...outputs.map((p) => statSync(p).mtimeMs)) : 0;
  if (built < Math.max(...sources)) {
    await runQuietly('Compilando la tienda (cerca de 1 minuto)', 'npm', ['run', 'build']);
  }
}
