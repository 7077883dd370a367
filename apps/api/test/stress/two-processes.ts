// Stress: two API processes on one PostgreSQL, sharing Redis, as a scaled-out deployment runs.
// Proves across processes: the per-IP login limit is shared (Redis), the last seat goes to
// exactly one of 20 concurrent free claims split over both processes, and a coupon limited to
// 3 uses is used exactly 3 times by 12 concurrent claims. Prints the figures; exits non-zero
// on a broken rule. Run by `npm run test:stress` (scripts/stress.mjs), or alone:
//   node --import tsx apps/api/test/stress/two-processes.ts
// Needs PostgreSQL (STRESS_DATABASE_URL, else TEST_DATABASE_URL, else the local server) and
// redis-server (the Debian package) on this machine.

import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { SERVICE_FEE_CENTAVOS } from '@store/shared/constants';
import { openDatabase } from '../../src/db/client';
import { coupons, orders, productDays, users } from '../../src/db/schema';
import { signSession } from '../../src/lib/jwt';
import { hashPassword } from '../../src/lib/passwords';
import { createProduct } from '../factories';
import { ADDRESS } from '../store-helpers';

const apiRoot = fileURLToPath(new URL('../..', import.meta.url));
const adminUrl =
  process.env.STRESS_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres';
const JWT_SECRET = randomBytes(32).toString('hex');
const LOGIN_LIMIT = 10;
const children: ChildProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

async function waitFor(what: string, check: () => Promise<boolean>, tries = 300): Promise<void> {
  for (let i = 0; i < tries; i += 1) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not come up`);
}

async function startRedis(): Promise<string> {
  if (!existsSync('/usr/bin/redis-server'))
    throw new Error('redis-server is not installed (apt-get install redis-server)');
  const port = await freePort();
  const child = spawn(
    '/usr/bin/redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  children.push(child);
  await waitFor(
    'redis-server',
    () =>
      new Promise((resolve) => {
        const sock = net.connect(port, '127.0.0.1', () => {
          sock.end();
          resolve(true);
        });
        sock.on('error', () => resolve(false));
      }),
  );
  return `redis://127.0.0.1:${port}`;
}

async function createDatabase(): Promise<string> {
  const name = `store_stress_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function startApi(databaseUrl: string, redisUrl: string, dataDir: string): Promise<string> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      JWT_SECRET,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      // Many checkouts at once, read as plain answers: the line has its own tests (checkout-line).
      CHECKOUT_CONCURRENCY: '1000',
      WEB_DIST: path.join(dataDir, 'no-web'),
      RATE_LIMIT_LOGIN_MAX: String(LOGIN_LIMIT),
      RATE_LIMIT_COUPON_MAX: '10000',
      OUTBOX_INTERVAL_MS: '600000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`API on :${port}`, async () => (await fetch(`${url}/api/health`)).ok);
  return url;
}

async function post(base: string, url: string, token: string | undefined, body: unknown) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { success: boolean; message?: string } };
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-stress-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const redisUrl = await startRedis();
  const databaseUrl = await createDatabase();
  // One process migrates first; the second finds the schema in place.
  const a = await startApi(databaseUrl, redisUrl, path.join(dataDir, 'a'));
  const b = await startApi(databaseUrl, redisUrl, path.join(dataDir, 'b'));
  const both = [a, b];

  const database = await openDatabase({ databaseUrl, poolSize: 4 });
  cleanups.push(() => database.close());
  const db = database.db;
  const passwordHash = await hashPassword('clave-de-estres-larga');
  async function customers(n: number) {
    const rows = await db
      .insert(users)
      .values(
        Array.from({ length: n }, (_, i) => ({
          name: 'CLIENTE DE ESTRES',
          email: `estres-${randomBytes(4).toString('hex')}-${i}@prueba.mx`,
          passwordHash,
        })),
      )
      .returning();
    return Promise.all(
      rows.map(async (u) => ({
        id: u.id,
        token: await signSession(JWT_SECRET, '1h', { sub: u.id, ver: 0 }),
      })),
    );
  }
  const claim = (base: string, token: string, productId: string, couponCode: string) =>
    post(base, '/api/order/place', token, {
      address: ADDRESS,
      items: [{ _id: productId, days: 'Día 1', quantity: 1 }],
      couponCode,
    });

  // 1. The per-IP login limit is one budget across both processes.
  const statuses: number[] = [];
  for (let i = 0; i < LOGIN_LIMIT + 2; i += 1) {
    const res = await post(both[i % 2]!, '/api/user/login', undefined, {
      email: 'nadie@prueba.mx',
      password: 'x'.repeat(8),
    });
    statuses.push(res.status);
  }
  const answered = statuses.filter((s) => s === 401).length;
  console.log(
    `login limit ${LOGIN_LIMIT} per IP, alternating two processes: ${answered} answered, then ${statuses.filter((s) => s === 429).length} × 429`,
  );
  assert.equal(answered, LOGIN_LIMIT);
  assert.deepEqual(statuses.slice(LOGIN_LIMIT), [429, 429]);

  // 2. The last seat: 20 concurrent free claims, 10 through each process.
  const free = await db
    .insert(coupons)
    .values({ code: 'ESTRES100', discountType: 'percent', discountValue: 100 })
    .returning();
  assert.ok(free[0]);
  const { product: seatProduct } = await createProduct(db, {
    price: 1000,
    days: [{ label: 'Día 1', seatCapacity: 1 }],
  });
  const seatBuyers = await customers(20);
  await Promise.all(
    seatBuyers.map((u, i) =>
      post(both[i % 2]!, '/api/cart/add', u.token, { itemId: seatProduct.id, days: 'Día 1' }),
    ),
  );
  const seatResults = await Promise.all(
    seatBuyers.map((u, i) => claim(both[i % 2]!, u.token, seatProduct.id, 'ESTRES100')),
  );
  const seatWins = seatResults.filter((r) => r.status === 200).length;
  const [day] = await db.select().from(productDays).where(eq(productDays.productId, seatProduct.id));
  const paidSeat = await db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'pagado'), eq(orders.amountCentavos, 0)));
  console.log(
    `seat race: 20 concurrent claims of the last seat over 2 processes → ${seatWins} order(s), ${seatResults.filter((r) => r.status === 409).length} × 409, seats_taken ${day!.seatsTaken}/${day!.seatCapacity}`,
  );
  assert.equal(seatWins, 1);
  assert.equal(day!.seatsTaken, 1);
  assert.equal(paidSeat.length, 1);
  assert.ok(seatResults.every((r) => r.status === 200 || r.status === 409));

  // 3. A coupon limited to 3 uses: 12 concurrent claims over both processes.
  await db
    .insert(coupons)
    .values({ code: 'ESTRES3', discountType: 'percent', discountValue: 100, maxUses: 3 });
  const { product: open } = await createProduct(db, { price: 1000, days: [{ label: 'Día 1' }] });
  const couponBuyers = await customers(12);
  await Promise.all(
    couponBuyers.map((u, i) =>
      post(both[i % 2]!, '/api/cart/add', u.token, { itemId: open.id, days: 'Día 1' }),
    ),
  );
  const couponResults = await Promise.all(
    couponBuyers.map((u, i) => claim(both[i % 2]!, u.token, open.id, 'ESTRES3')),
  );
  const couponWins = couponResults.filter((r) => r.status === 200).length;
  const [limited] = await db.select().from(coupons).where(eq(coupons.code, 'ESTRES3'));
  console.log(
    `coupon race: limit 3, 12 concurrent claims over 2 processes → ${couponWins} order(s), used_count ${limited!.usedCount}, refused: ${[
      ...new Set(couponResults.filter((r) => r.status !== 200).map((r) => r.status)),
    ].join(', ')}`,
  );
  assert.equal(couponWins, 3);
  assert.equal(limited!.usedCount, 3);
  assert.ok(couponResults.every((r) => r.status < 500));
  assert.ok(SERVICE_FEE_CENTAVOS > 0);
}

let failed = false;
try {
  await main();
  console.log('two-processes: passed');
} catch (err) {
  failed = true;
  console.error('two-processes: FAILED', err);
} finally {
  for (const c of children) c.kill('SIGTERM');
  await Promise.all(
    children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)),
  );
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
}
process.exit(failed ? 1 : 0);
