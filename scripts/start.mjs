// `npm start`: install if needed, build, then run the API (which migrates, seeds and serves
// the SPA and /api on PORT). Signals are passed on so Ctrl-C stops the server cleanly.
// With PostgreSQL (DATABASE_URL) the server runs one process per core unless WORKERS says
// otherwise (apps/api/src/cluster.ts); the embedded database is always one process.
import { spawn } from 'node:child_process';
import os from 'node:os';
import { buildIfStale, ensureInstall, root } from './lib.mjs';

await ensureInstall();
await buildIfStale();

const child = spawn(process.execPath, ['--enable-source-maps', 'apps/api/dist/server.js'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    NODE_ENV: 'production',
    ...(process.env.DATABASE_URL ? { WORKERS: String(os.availableParallelism()) } : {}),
    ...process.env,
  },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
