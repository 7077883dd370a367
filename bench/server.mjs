// Starts the built store on a free port with a fresh data folder, for the benchmarks.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

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
