// `npm run backup [-- FILE]` and `npm run restore -- ARCHIVE`: build if needed, then run the
// API's operations commands (apps/api/src/ops/cli.ts) with this environment.
import { spawnSync } from 'node:child_process';
import { buildIfStale, ensureInstall, root } from './lib.mjs';

await ensureInstall();
await buildIfStale();
const res = spawnSync(
  process.execPath,
  ['--enable-source-maps', 'apps/api/dist/ops.js', ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env: { NODE_ENV: 'production', ...process.env } },
);
process.exit(res.status ?? 1);
