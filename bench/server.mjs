// Starts the built store on a free port with a fresh data folder, for the benchmarks.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * `nodeArgs`: options for node itself (bench/profile.mjs: the inspector); BENCH_NODE_ARGS adds
 * more to every store a benchmark starts (`--cpu-prof --cpu-prof-dir=/tmp/prof`: a CPU profile
 * of each server process, written when it stops).
 */
export async function startServer(root, port, env = {}, nodeArgs = []) {
  const extra = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-bench-'));
  const child = spawn(process.execPath, [...extra, ...nodeArgs, 'apps/api/dist/server.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      // As in production: the request log is part of what a request costs.
      LOG_LEVEL: 'info',
      SEED_DEMO: 'true',
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  // Up to five minutes: migrations and the first password hash are slow on a busy machine
  // (at a load average of 20 on two cores the embedded database took over two).
  let up = false;
  for (const until = Date.now() + 300_000; !up && Date.now() < until;) {
    up = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (!up) await new Promise((r) => setTimeout(r, 250));
  }
  if (!up) {
    child.kill('SIGTERM');
    throw new Error(`the store did not answer at ${url} within five minutes`);
  }
  return {
    url,
    pid: child.pid,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `measure({ url, pid, label })` against the built store on each database in turn: the
 * embedded one (unless only=postgres), then PostgreSQL (unless only=pglite; skipped when it does
 * not answer) with each count of `workers` processes, each on a database of its own, dropped
 * afterwards. The PostgreSQL server: BENCH_DATABASE_URL, TEST_DATABASE_URL or the local one.
 */
export async function onEachDatabase({ root, port, env, only, workers }, measure) {
  if (only !== 'postgres') {
    const server = await startServer(root, port, env);
    try {
      await measure({ url: server.url, pid: server.pid, label: 'PGlite embebido' });
    } finally {
      await server.stop();
    }
  }
  if (only === 'pglite') return;
  const adminUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl });
  const reachable = await admin.connect().then(
    () => true,
    () => false,
  );
  if (!reachable) {
    console.log(`\nPostgreSQL no responde en ${adminUrl}: se omite.`);
    return;
  }
  try {
    for (const n of workers) {
      const name = `store_bench_${randomBytes(4).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const server = await startServer(root, port, {
        ...env,
        DATABASE_URL: url.toString(),
        WORKERS: String(n),
      });
      try {
        await measure({
          url: server.url,
          pid: server.pid,
          label: `PostgreSQL, ${n} ${n === 1 ? 'proceso' : 'procesos'}`,
        });
      } finally {
        await server.stop();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    }
  } finally {
    await admin.end();
  }
}
