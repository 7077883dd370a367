// What a plain start exposes. With no HOST the real server (embedded database, fresh data
// folder, demo data) listens on this machine only: it does not answer on the machine's
// network address, and its banner says so. Started again with HOST=0.0.0.0 on that data
// folder it refuses (demo rows on the network); on a fresh folder it starts without demo
// data, and its banner says it is public. A metrics port on the network without a token is
// warned about.

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_COUPON, DEMO_CUSTOMER } from '../src/db/seed-data';
import { answers, freePort, killServer, startServer, type ServerProcess } from './server-process';

const onPostgres = process.env.TEST_DB === 'postgres';
/** An address of this machine that other machines reach, if it has one. */
const networkAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

describe.runIf(!onPostgres)('a plain start', () => {
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  const dataDir = () => {
    const d = mkdtempSync(path.join(os.tmpdir(), 'store-exposure-'));
    dirs.push(d);
    return d;
  };
  afterAll(async () => {
    await Promise.all(servers.map(killServer));
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  const start = async (env: Record<string, string>) => {
    const server = await startServer({ LOG_LEVEL: 'warn', ...env });
    servers.push(server);
    return server;
  };
  const bannerOf = async (server: ServerProcess) => {
    for (let i = 0; i < 100 && !server.output().includes('Tienda lista'); i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    // The banner is printed after listening: give it a moment to be complete.
    await new Promise((r) => setTimeout(r, 300));
    return server.output();
  };

  it('listens on this machine only, with demo data; on the network it refuses those rows', async () => {
    const dir = dataDir();
    const local = await start({ DATA_DIR: dir, HOST: '' });
    await local.waitUntilUp('/api/health', 150_000);
    if (networkAddress) expect(await answers(networkAddress, local.port)).toBe(false);
    const banner = await bannerOf(local);
    expect(banner).toContain('Modo local: escucha solo en esta máquina');
    expect(banner).toContain(DEMO_COUPON.code);
    local.child.kill('SIGTERM');
    expect((await local.exited).code).toBe(0);

    const exposed = await start({ DATA_DIR: dir, HOST: '0.0.0.0' });
    const { code } = await exposed.exited;
    expect(code).toBe(1);
    expect(exposed.output()).toContain('escucha en 0.0.0.0 (HOST)');
    expect(exposed.output()).toContain(DEMO_CUSTOMER.email);
  }, 180_000);

  it('on the network: no demo data, and the banner says it is public; metrics without a token are warned about', async () => {
    const metricsPort = await freePort();
    const server = await start({
      DATA_DIR: dataDir(),
      HOST: '0.0.0.0',
      METRICS_PORT: String(metricsPort),
      METRICS_HOST: '0.0.0.0',
    });
    await server.waitUntilUp('/api/health', 150_000);
    const banner = await bannerOf(server);
    expect(banner).toContain('Modo público: escucha en 0.0.0.0');
    expect(banner).toContain('sin datos de demostración');
    expect(banner).not.toContain(DEMO_COUPON.code);
    expect(banner).toContain('sin METRICS_TOKEN');
  }, 180_000);
});
