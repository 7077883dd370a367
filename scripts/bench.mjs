// `npm run bench`: build if needed, then for each database (embedded PGlite, and PostgreSQL
// when one answers at BENCH_DATABASE_URL / TEST_DATABASE_URL / the local server) start the
// built store beside a bare Fastify hello-world and measure the API (bench/api.mjs); then
// the pages with Lighthouse (bench/pages.mjs) and the initial JavaScript of `/`.
// `--no-pages` skips Lighthouse, `--pages-only` runs only Lighthouse; `--only=pglite|postgres`
// measures one database; BENCH_ONLY=rush measures only the rush in waves (bench/rush.mjs),
// BENCH_ONLY=catalogue only the catalogue. Then the on-sale minute (bench/onsale.mjs), its own
// servers with a PayPal stand-in; BENCH_ONLY=onsale measures only that. Last, a team's places
// assigned by CSV while simple requests wait (bench/assign-csv.mjs, embedded database only);
// BENCH_ONLY=assign-csv measures only that.
// Rate limits are raised for the benchmark through their settings, never switched off.
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensureInstall, root, run } from './lib.mjs';
import { onEachDatabase, startServer } from '../bench/server.mjs';
import { startHello } from '../bench/hello.mjs';
import { BENCH_ADMIN, BENCH_ENV, benchApi } from '../bench/api.mjs';
import { benchPages } from '../bench/pages.mjs';
import { benchOnsale } from '../bench/onsale.mjs';
import { benchAssignCsv } from '../bench/assign-csv.mjs';
import { initialJsReport } from './initial-js.mjs';

await ensureInstall();
if (
  !existsSync(path.join(root, 'apps/api/dist/server.js')) ||
  !existsSync(path.join(root, 'apps/web/dist/index.html'))
) {
  run('npm', ['run', 'build']);
}
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
const port = Number(process.env.BENCH_PORT ?? 3400);
const env = { ...BENCH_ENV, ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password };
const cores = os.availableParallelism();
console.log(
  `Benchmark ${new Date().toISOString()} · node ${process.version} · ${cores} núcleos · carga ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);

const pagesOnly = process.argv.includes('--pages-only');
// One part alone (rush, catalogue, onsale, assign-csv): no initial-JS report and no Lighthouse.
const rushOnly = Boolean(process.env.BENCH_ONLY);
const onsaleOnly = process.env.BENCH_ONLY === 'onsale';
const assignCsvOnly = process.env.BENCH_ONLY === 'assign-csv';
const hello = pagesOnly || assignCsvOnly ? null : await startHello(root, port + 1);
try {
  if (!pagesOnly && !onsaleOnly && !assignCsvOnly) {
    // Both ways on PostgreSQL: one server process, and one per core (`npm start`'s default, src/cluster.ts).
    await onEachDatabase(
      { root, port, env, only, workers: [...new Set([1, cores])] },
      ({ url, pid, label }) => benchApi({ base: url, hello: hello.url, pid, label }),
    );
  }
  if (!pagesOnly && (!rushOnly || onsaleOnly)) await benchOnsale({ root, port, env, only });
  if (!pagesOnly && only !== 'postgres' && (!rushOnly || assignCsvOnly)) {
    await benchAssignCsv({ root, port, env });
  }
} finally {
  await hello?.stop();
}
if (!pagesOnly && !rushOnly) initialJsReport();
if (!process.argv.includes('--no-pages') && !rushOnly) {
  const server = await startServer(root, port, { SEED_DEMO: 'true' });
  try {
    ensureChromium();
    await benchPages(server.url);
  } finally {
    await server.stop();
  }
}
