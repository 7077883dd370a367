// `npm run bench`: build if needed, start the built store, measure the API and the pages.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensureInstall, root, run } from './lib.mjs';
import { startServer } from '../bench/server.mjs';
import { benchApi } from '../bench/api.mjs';
import { benchPages } from '../bench/pages.mjs';

ensureInstall();
if (
  !existsSync(path.join(root, 'apps/api/dist/server.js')) ||
  !existsSync(path.join(root, 'apps/web/dist/index.html'))
) {
  run('npm', ['run', 'build']);
}
// The measured endpoints carry no rate limit; the one login the benchmark makes is well
// within the login limit.
const server = await startServer(root, Number(process.env.BENCH_PORT ?? 3400));
try {
  await benchApi(server.url);
  if (process.argv.includes('--no-pages')) process.exit(0);
  ensureChromium();
  await benchPages(server.url);
} finally {
  await server.stop();
}
