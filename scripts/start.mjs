// `npm start`: install if needed, build, then run the API (which migrates, seeds and serves
// the SPA and /api on PORT). Signals are passed on so Ctrl-C stops the server cleanly.
import { spawn } from 'node:child_process';
import { buildIfStale, ensureInstall, root } from './lib.mjs';

ensureInstall();
buildIfStale();

const child = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/server.js'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
