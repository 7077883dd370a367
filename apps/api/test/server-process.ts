// The real server as a child process (src/server.ts through tsx), for the tests that need
// what only a process has: several replicas at once, signals, a second listening port.
// Also: a throw-away PostgreSQL database on the local server, and whether Redis answers.

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));

/** The PostgreSQL server the process tests use: TEST_DATABASE_URL, else the local one. */
export const postgresAdminUrl =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** Whether something accepts TCP connections at host:port within a second. */
export function answers(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = net.connect({ host, port, timeout: 1000 }, () => {
      sock.end();
      resolve(true);
    });
    sock.on('timeout', () => {
      sock.destroy();
      resolve(false);
    });
    sock.on('error', () => resolve(false));
  });
}

/** Whether the PostgreSQL server of `postgresAdminUrl` accepts a query. */
export async function postgresAnswers(): Promise<boolean> {
  const c = new pg.Client({ connectionString: postgresAdminUrl, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}

/** A new, empty database on the test server; `drop()` removes it (connections forced out). */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `store_proc_${randomBytes(6).toString('hex')}`;
  const run = async (q: string) => {
    const c = new pg.Client({ connectionString: postgresAdminUrl });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export interface ServerProcess {
  port: number;
  child: ChildProcess;
  /** stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code and the time of exit. */
  exited: Promise<{ code: number | null; at: number }>;
  /** Polls GET `path` until it answers 200 (bounded); throws with the output otherwise. */
  waitUntilUp(path?: string, timeoutMs?: number): Promise<void>;
}

/** Starts src/server.ts with `env` (PATH and a free PORT on 127.0.0.1 are added). */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
    child.on('exit', (code) => resolve({ code, at: Date.now() })),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  return {
    port,
    child,
    output: () => output,
    exited,
    async waitUntilUp(path = '/api/health', timeoutMs = 60_000) {
      const until = Date.now() + timeoutMs;
      while (Date.now() < until && !gone) {
        const ok = await fetch(`http://127.0.0.1:${port}${path}`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`the server on port ${port} did not come up:\n${output}`);
    },
  };
}

/** Ends the process if it is still running (SIGKILL) and waits for it. */
export async function killServer(server: ServerProcess): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await server.exited;
}
