// `npm start`: install if needed, build, then run the API (which migrates, seeds and serves
// the SPA and /api on PORT). Signals are passed on so Ctrl-C stops the server cleanly.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ensureInstall, root, run } from './lib.mjs';

ensureInstall();

function newest(dir) {
  let max = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    max = Math.max(max, entry.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return max;
}
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
].map((p) => path.join(root, p));
const built = outputs.every(existsSync) ? Math.min(...outputs.map((p) => statSync(p).mtimeMs)) : 0;
if (built < Math.max(...sources)) {
  console.log('Compilando…');
  run('npm', ['run', 'build']);
}

const child = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/server.js'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
