// Crash loop: purchase load against a real server process, SIGKILL at a random moment,
// restart, and check that nothing acknowledged was lost and nothing is half-done:
//   - every acknowledged order (a 2xx from order/place or order/paypal) is there, paid if
//     the answer said paid (a cash order may only be pending or replaced by a later attempt);
//   - every order_days row has its order's status;
//   - product_days.seats_taken equals the live (pending + paid) order days of that day;
//   - coupons.used_count equals the coupon's live redemptions;
//   - no user holds a day twice (pending or paid).
// On PGlite (a fresh DATA_DIR) and, when TEST_DATABASE_URL is set, on PostgreSQL (a fresh
// database). Run: npm run test:stress (or `node --import tsx apps/api/test/stress/crash-loop.ts`).
// Options: STRESS_CYCLES (default 20), STRESS_DBS (default "pglite,postgres").
// Traffic goes only to 127.0.0.1 (the server and the fake PayPal), bounded in count and time.

import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/client';
import { coupons, productDays, products, users } from '../../src/db/schema';
import { signSession } from '../../src/lib/jwt';
import { startFakePaypal, type FakePaypal } from '../../src/dev/paypal-simulator/fake-paypal';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const CYCLES = Number(process.env.STRESS_CYCLES ?? 20);
const WORKERS = 8;
const USERS = 24;
const JWT_SECRET = randomBytes(32).toString('hex');
const ADDRESS = {
  firstName: 'Ana',
  lastName: 'López',
  email: 'ana@prueba.mx',
  street: 'Av. Juan Badiano 1',
  city: 'Ciudad de México',
  state: 'CDMX',
  zipcode: '14080',
  country: 'México',
  phone: '5555731200',
};

interface Ack {
  orderId: string;
  /** What the 2xx said: paid (free claim, PayPal capture) or a pending cash order. */
  kind: 'paid' | 'cash';
}

interface Target {
  name: 'pglite' | 'postgres';
  env: Record<string, string>;
  open(): Promise<Database>;
  cleanup(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function pgliteTarget(): Promise<Target> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stress-pglite-'));
  return {
    name: 'pglite',
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir: path.join(dataDir) }),
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresTarget(adminUrl: string): Promise<Target> {
  const name = `store_stress_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stress-pg-'));
  return {
    name: 'postgres',
    env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
    open: () => openDatabase({ databaseUrl: url.toString(), poolSize: 2 }),
    cleanup: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Fixture {
  tokens: string[];
  products: { id: string; days: string[] }[];
}

async function setUp(target: Target): Promise<Fixture> {
  const database = await target.open();
  try {
    await database.migrate();
    const db = database.db;
    const userRows = await db
      .insert(users)
      .values(
        Array.from({ length: USERS }, (_, i) => ({
          name: `CLIENTE ${i}`,
          email: `estres-${i}@prueba.mx`,
          passwordHash: 'x',
        })),
      )
      .returning();
    const tokens = await Promise.all(
      userRows.map((u) => signSession(JWT_SECRET, '1d', { sub: u.id, ver: u.tokenVersion })),
    );
    const catalog: Fixture['products'] = [];
    // Days well ahead of the run, one day apart, 9:00 to 18:00 (UTC; only the order matters).
    const day = (n: number) => new Date(Date.now() + (30 + n) * 86_400_000);
    const dayEnd = (n: number) => new Date(day(n).getTime() + 9 * 3_600_000);
    for (let i = 0; i < 4; i += 1) {
      const [p] = await db
        .insert(products)
        .values({
          name: `Taller de estrés ${i}`,
          priceCentavos: 150_000 + i * 25_000,
          category: 'Conferencias',
          subCategory: 'Basico',
          startsAt: day(0),
          endsAt: dayEnd(1),
        })
        .returning();
      const labels = ['Jueves', 'Viernes'];
      await db.insert(productDays).values(
        labels.map((label, position) => ({
          productId: p!.id,
          label,
          position,
          startsAt: day(position),
          endsAt: dayEnd(position),
          // Two events with few seats, so they sell out under load.
          seatCapacity: i < 2 ? 12 : null,
        })),
      );
      catalog.push({ id: p!.id, days: labels });
    }
    await db.insert(coupons).values([
      { code: 'ESTRESGRATIS', discountType: 'percent', discountValue: 100, maxUses: 60 },
      { code: 'ESTRESMITAD', discountType: 'percent', discountValue: 50, maxUses: 40, maxUsesPerUser: 3 },
    ]);
    return { tokens, products: catalog };
  } finally {
    await database.close();
  }
}

function startServer(target: Target, port: number, paypal: FakePaypal): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      ...target.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      JWT_SECRET,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      // Many checkouts at once, read as plain answers: the line has its own tests (checkout-line).
      CHECKOUT_CONCURRENCY: '1000',
      CASH_ORDERS_ENABLED: 'true',
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_API_BASE: paypal.url,
      PAYPAL_WEBHOOK_ID: paypal.webhookId,
      PAYPAL_SDK_BASE: paypal.url,
      PENDING_ORDER_TTL_MINUTES: '1',
      RATE_LIMIT_ORDER_MAX: '100000',
      RATE_LIMIT_COUPON_MAX: '100000',
      WEB_DIST: path.join(os.tmpdir(), 'stress-no-web'),
    },
  });
}

async function waitReady(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => {
    stderr = (stderr + c.toString()).slice(-4000);
  });
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`el servidor terminó al arrancar:\n${stderr}`);
    try {
      const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`el servidor no respondió a tiempo:\n${stderr}`);
}

async function call(base: string, url: string, token: string, body: unknown = {}) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (process.env.STRESS_DEBUG) console.log(url, res.status, JSON.stringify(json).slice(0, 120));
  return { status: res.status, json };
}

/** The user's whole server cart as the storefront sends it. */
async function cartItems(base: string, token: string) {
  const { json } = await call(base, '/api/cart/get', token);
  const data = (json.cartData ?? {}) as Record<string, Record<string, number>>;
  return Object.entries(data).flatMap(([id, days]) =>
    Object.keys(days).map((d) => ({ _id: id, days: d, quantity: 1 })),
  );
}

/** One buyer's attempt: a cart line, then a free claim, a cash order or a PayPal payment. */
async function attempt(base: string, fx: Fixture, paypal: FakePaypal, acks: Ack[]): Promise<void> {
  const token = fx.tokens[randomInt(fx.tokens.length)]!;
  const product = fx.products[randomInt(fx.products.length)]!;
  await call(base, '/api/cart/add', token, { itemId: product.id, days: product.days[randomInt(2)] });
  const items = await cartItems(base, token);
  if (items.length === 0) return;
  const roll = randomInt(10);
  if (roll < 3) {
    const res = await call(base, '/api/order/place', token, {
      address: ADDRESS,
      items,
      couponCode: 'ESTRESGRATIS',
    });
    if (res.status === 200) acks.push({ orderId: String(res.json.orderId), kind: 'paid' });
  } else if (roll < 5) {
    const res = await call(base, '/api/order/place', token, { address: ADDRESS, items });
    if (res.status === 200) acks.push({ orderId: String(res.json.orderId), kind: 'cash' });
  } else {
    const couponCode = roll === 9 ? 'ESTRESMITAD' : undefined;
    const created = await call(base, '/api/paypal/create-order', token, {
      address: ADDRESS,
      items,
      couponCode,
    });
    if (created.status !== 200) return;
    const paypalOrderId = String(created.json.id);
    if (randomInt(5) === 0) return; // abandoned in PayPal's window
    paypal.approve(paypalOrderId);
    const paid = await call(base, '/api/order/paypal', token, { address: ADDRESS, items, paypalOrderId });
    if (paid.status === 200) acks.push({ orderId: String(paid.json.orderId), kind: 'paid' });
  }
}

async function rows<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Every invariant, as a list of what is wrong (empty = consistent). */
async function inconsistencies(database: Database, acks: readonly Ack[]): Promise<string[]> {
  const problems: string[] = [];
  const mismatched = await rows<{ id: string }>(
    database,
    sql`select distinct o.id from orders o join order_days d on d.order_id = o.id where d.status <> o.status`,
  );
  for (const r of mismatched) problems.push(`order_days con otro estado que su orden ${r.id}`);
  const seats = await rows<{ id: string; taken: number; live: number }>(
    database,
    sql`select pd.id, pd.seats_taken as taken,
          (select count(*) from order_days d where d.product_day_id = pd.id and d.status in ('pendiente','pagado'))::int as live
        from product_days pd`,
  );
  for (const r of seats) {
    if (Number(r.taken) !== Number(r.live))
      problems.push(`día ${r.id}: seats_taken ${r.taken} ≠ ${r.live} vivos`);
  }
  const couponRows = await rows<{ code: string; used: number; live: number }>(
    database,
    sql`select c.code, c.used_count as used,
          (select count(*) from coupon_redemptions r where r.coupon_id = c.id)::int as live
        from coupons c`,
  );
  for (const r of couponRows) {
    if (Number(r.used) !== Number(r.live)) problems.push(`cupón ${r.code}: used_count ${r.used} ≠ ${r.live}`);
  }
  const doubles = await rows<{ n: number }>(
    database,
    sql`select count(*)::int as n from (
          select user_id, product_day_id, status from order_days where status in ('pendiente','pagado')
          group by 1, 2, 3 having count(*) > 1) x`,
  );
  if (Number(doubles[0]?.n ?? 0) > 0) problems.push(`${doubles[0]!.n} días en manos dos veces`);
  const statuses = new Map(
    (await rows<{ id: string; status: string }>(database, sql`select id, status from orders`)).map((r) => [
      r.id,
      r.status,
    ]),
  );
  for (const ack of acks) {
    const status = statuses.get(ack.orderId);
    if (!status) problems.push(`orden confirmada ${ack.orderId} no existe`);
    else if (ack.kind === 'paid' && status !== 'pagado')
      problems.push(`orden pagada ${ack.orderId} está ${status}`);
    else if (ack.kind === 'cash' && !['pendiente', 'cancelado', 'pagado'].includes(status)) {
      problems.push(`orden en efectivo ${ack.orderId} está ${status}`);
    }
  }
  return problems;
}

async function runTarget(target: Target, paypal: FakePaypal) {
  const fx = await setUp(target);
  const acks: Ack[] = [];
  let attempts = 0;
  let inconsistent = 0;
  for (let cycle = 1; cycle <= CYCLES; cycle += 1) {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = startServer(target, port, paypal);
    await waitReady(base, server);
    let stop = false;
    const workers = Array.from({ length: WORKERS }, async () => {
      while (!stop) {
        attempts += 1;
        try {
          await attempt(base, fx, paypal, acks);
        } catch {
          // the server died mid-call: that call was never acknowledged
        }
      }
    });
    await new Promise((r) => setTimeout(r, 1000 + randomInt(4000)));
    server.kill('SIGKILL');
    stop = true;
    await Promise.all(workers);
    await new Promise<void>((resolve) => {
      if (server.exitCode !== null || server.signalCode !== null) resolve();
      else server.once('exit', () => resolve());
    });
    const database = await target.open();
    try {
      const problems = await inconsistencies(database, acks);
      inconsistent += problems.length;
      for (const p of problems) console.error(`  [${target.name} ciclo ${cycle}] ${p}`);
    } finally {
      await database.close();
    }
    process.stdout.write(`  ${target.name}: ciclo ${cycle}/${CYCLES}, ${acks.length} órdenes confirmadas\n`);
  }
  return {
    cycles: CYCLES,
    attempts,
    acknowledged: acks.length,
    paid: acks.filter((a) => a.kind === 'paid').length,
    inconsistent,
  };
}

async function main() {
  const wanted = (process.env.STRESS_DBS ?? 'pglite,postgres').split(',').map((s) => s.trim());
  const paypal = await startFakePaypal();
  const summary: string[] = [];
  let failed = false;
  try {
    for (const name of wanted) {
      if (name === 'postgres' && !process.env.TEST_DATABASE_URL) {
        console.log('crash-loop: PostgreSQL omitido (define TEST_DATABASE_URL para incluirlo)');
        continue;
      }
      const target =
        name === 'postgres' ? await postgresTarget(process.env.TEST_DATABASE_URL!) : await pgliteTarget();
      try {
        const r = await runTarget(target, paypal);
        if (r.inconsistent > 0) failed = true;
        summary.push(
          `crash-loop ${target.name}: ${r.cycles} ciclos, ${r.attempts} intentos, ${r.acknowledged} órdenes confirmadas (${r.paid} pagadas), inconsistencias = ${r.inconsistent}`,
        );
      } finally {
        await target.cleanup();
      }
    }
  } finally {
    await paypal.close();
  }
  for (const line of summary) console.log(line);
  console.log(failed ? '0 passed, 1 failed' : `${summary.length} passed, 0 failed`);
  process.exit(failed ? 1 : 0);
}

await main();
