// SIGTERM on the real server process: with an e-mail stuck on an SMTP server that accepts the
// connection and never answers, the process still exits promptly with code 0, having closed
// PGlite cleanly (CHECKPOINT + close, lock released), and the database reopens with its data.

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';

const apiRoot = fileURLToPath(new URL('..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

describe.runIf(process.env.TEST_DB !== 'postgres')('SIGTERM', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-shutdown-'));
  const sockets = new Set<net.Socket>();
  // Accepts SMTP connections and never says a word (no greeting): a hung mail server.
  const silentSmtp = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((r) => silentSmtp.close(r));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('stops the background jobs without waiting on a hung SMTP call, closes PGlite and exits 0', async () => {
    await new Promise<void>((r) => silentSmtp.listen(0, '127.0.0.1', () => r()));
    const smtpPort = (silentSmtp.address() as net.AddressInfo).port;
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiRoot,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SHUTDOWN_GRACE_MS: '2000',
        SEED_DEMO: 'false',
        ADMIN_EMAIL: 'jefa@asociacion.mx',
        ADMIN_PASSWORD: 'una-clave-larga-de-prueba',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        OUTBOX_INTERVAL_MS: '100',
        LOG_LEVEL: 'info',
        WEB_DIST: path.join(dataDir, 'no-web'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      child.on('exit', (code) => resolve({ code, at: Date.now() })),
    );

    // Up and serving (bounded wait: a first start creates and migrates the database, which
    // takes many times longer on a busy machine).
    let up = false;
    const deadline = Date.now() + 100_000;
    while (!up && Date.now() < deadline) {
      up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (!up) await new Promise((r) => setTimeout(r, 100));
    }
    expect(up, output).toBe(true);

    // A reset e-mail goes to the outbox; the sender connects to the silent SMTP and waits.
    const reset = await fetch(`http://127.0.0.1:${port}/api/user/reset-password-request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'jefa@asociacion.mx' }),
    });
    expect(reset.status).toBe(200);
    for (let i = 0; i < 100 && sockets.size === 0; i += 1) await new Promise((r) => setTimeout(r, 50));
    expect(sockets.size, 'the sender never reached the SMTP server').toBeGreaterThan(0);

    const sentAt = Date.now();
    child.kill('SIGTERM');
    const { code, at } = await exited;
    console.log(`SIGTERM → exit ${code} in ${at - sentAt} ms, with one SMTP call hung`);
    expect(code, output).toBe(0);
    // The SMTP call was abandoned, not awaited to its own timeout: nodemailer's greeting
    // timeout is 30 s, and the process was gone long before.
    expect(at - sentAt).toBeLessThan(15_000);
    expect(existsSync(path.join(dataDir, 'store.lock'))).toBe(false);

    // Reopens clean, with the admin and the queued e-mail (it is sent after the next start).
    const db = await openDatabase({ dataDir });
    const users = await db.db.execute(sql`select email from users`);
    const outbox = await db.db.execute(sql`select status from email_outbox`);
    await db.close();
    expect((users as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    expect((outbox as unknown as { rows: { status: string }[] }).rows.map((r) => r.status)).toEqual([
      'pending',
    ]);
  }, 160_000);
});
