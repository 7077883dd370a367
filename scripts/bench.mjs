// `npm run bench`: build if needed, then for each database (embedded PGlite, and PostgreSQL
// when one answers at BENCH_DATABASE_URL / TEST_DATABASE_URL / the local server) start the
// built store beside a bare Fastify hello-world and measure the API (bench/api.mjs); then
// the pages with Lighthouse (bench/pages.mjs) and the initial JavaScript of `/`.
// `--no-pages` skips Lighthouse, `--pages-only` runs only Lighthouse; `--only=pglite|postgres`
// measures one database; BENCH_ONLY=rush measures only the rush in waves (bench/rush.mjs),
// BENCH_ONLY=catalogue only the catalogue. Then the on-sale minute (bench/onsale.mjs), its own
// servers with a PayPal stand-in; BENCH_ONLY=onsale measures only that.
// Rate limits are raised for the benchmark through their settings, never switched off.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { ensureChromium } from './ensure-chromium.mjs';
import { ensureInstall, root, run } from './lib.mjs';
import { startServer } from '../bench/server.mjs';
import { startHello } from '../bench/hello.mjs';
import { BENCH_ADMIN, BENCH_ENV, benchApi } from '../bench/api.mjs';
import { benchPages } from '../bench/pages.mjs';
import { benchOnsale } from '../bench/onsale.mjs';
import { initialJsReport } from './initial-js.mjs';

ensureInstall();
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
// One part alone (rush, catalogue, onsale): no initial-JS report and no Lighthouse.
const rushOnly = Boolean(process.env.BENCH_ONLY);
const onsaleOnly = process.env.BENCH_ONLY === 'onsale';
const hello = pagesOnly ? null : await startHello(root, port + 1);
try {
  if (!pagesOnly && !onsaleOnly) {
    if (only !== 'postgres') {
      const server = await startServer(root, port, env);
      try {
        await benchApi({ base: server.url, hello: hello.url, pid: server.pid, label: 'PGlite embebido' });
      } finally {
        await server.stop();
      }
    }
    if (only !== 'pglite') {
      const adminUrl =
        process.env.BENCH_DATABASE_URL ??
        process.env.TEST_DATABASE_URL ??
        'postgres://postgres@127.0.0.1:5432/postgres';
      const admin = new pg.Client({ connectionString: adminUrl });
      const reachable = await admin.connect().then(
        () => true,
        () => false,
      );
      if (!reachable) console.log(`\nPostgreSQL no responde en ${adminUrl}: se omite.`);
      else {
        // Both ways: one server process, and one per core (`npm start`'s default, src/cluster.ts).
        for (const workers of [...new Set([1, cores])]) {
          const name = `store_bench_${randomBytes(4).toString('hex')}`;
          await admin.query(`CREATE DATABASE ${name}`);
          const url = new URL(adminUrl);
          url.pathname = `/${name}`;
          const server = await startServer(root, port, {
            ...env,
            DATABASE_URL: url.toString(),
            WORKERS: String(workers),
          });
          try {
            await benchApi({
              base: server.url,
              hello: hello.url,
              pid: server.pid,
              label: `PostgreSQL, ${workers} ${workers === 1 ? 'proceso' : 'procesos'}`,
            });
          } finally {
            await server.stop();
            await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
          }
        }
        await admin.end();
      }
    }
  }
  if (!pagesOnly && (!rushOnly || onsaleOnly)) await benchOnsale({ root, port, env, only });
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
