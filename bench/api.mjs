// API throughput against the store started by scripts/bench.mjs, as ratios to a bare Fastify
// hello-world (bench/hello.mjs) measured in the same run, plus p99 latency and the server's
// resident memory. Three parts:
//   1. the public catalogue (product/list, its 304, sitemap.xml) at 50 connections;
//   2. the 9:00 rush: BENCH_USERS (500) signed-up buyers, tokens prepared beforehand, each
//      connection one buyer calling order/userorders, then product/single;
//   3. how cost grows: product/list with 10, 100 and 1,000 events, and userorders for one
//      buyer holding 10, 100 and 1,000 orders (printed with the bytes returned).
//   4. the rush in waves (bench/rush.mjs): every buyer at once, three waves of 500 and 1,000,
//      after the stream's link was set (every answer held dropped) and the warm-up had its
//      turn, as at 9:00.
// BENCH_ONLY=rush measures the waves alone, BENCH_ONLY=catalogue the catalogue alone.
// The on-sale minute (bench/onsale.mjs) is not part of this: scripts/bench.mjs runs it after,
// on servers of its own (BENCH_ONLY=onsale alone).
// Each catalogue figure is a ratio to a hello-world run measured just before it (the machine's
// load moves from one second to the next); the load average is printed before each part.
import os from 'node:os';
import { DURATION, load, printTable, rssMb } from './load.mjs';
import { RUSH_SIZES, rushWaves } from './rush.mjs';

const USERS = Number(process.env.BENCH_USERS ?? 500);
const RUSH_ONLY = process.env.BENCH_ONLY === 'rush';
const CATALOGUE_ONLY = process.env.BENCH_ONLY === 'catalogue';
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
/** What a browser sends: the catalogue is then answered from its brotli copy. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
export const ADDRESS = {
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
export const BENCH_ADMIN = { email: 'bench-admin@asociacion.mx', password: 'clave-de-benchmark-larga-2026' };

/** Set-up calls (admin, sign-up): plain fetch, an error when not 2xx. */
export async function call(base, method, path, { token, body } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { token } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${text.slice(0, 300)}`);
  return text ? JSON.parse(text) : {};
}

/** Runs `fn(i)` for i < n, `width` at a time. */
export async function pool(n, width, fn) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) await fn(next++);
    }),
  );
}

/**
 * Event i of the benchmark. The first is the rush's: its day starts in 15 minutes, as a stream
 * bought by hundreds does at 8:45; the others in 30 days or more.
 */
function eventInput(i) {
  const start = i === 0 ? Date.now() + 15 * 60_000 : Date.now() + (30 + (i % 300)) * 86_400_000;
  return {
    name: `Evento de carga ${i}`,
    description: 'Curso de actualización en anestesia cardiovascular para la prueba de carga.',
    price: 1500,
    image: [],
    category: 'Conferencias',
    subCategory: 'Intermedio',
    isPresential: false,
    days: [
      {
        label: 'Día 1',
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(start + 9 * 3_600_000).toISOString(),
        streamUrl: 'https://vimeo.com/event/1',
        seatCapacity: null,
      },
    ],
  };
}

/** How long the waves wait after the link change: the stream warm-up runs every 30 s. */
const WARM_UP_WAIT_MS = 35_000;

/**
 * 8:55: the association sets the stream's link, which drops every buyer's answer held in
 * memory; the waves start once the warm-up (modules/products/warm-up.ts, every minute in each
 * process) has had its minute to build them again, as it has by 9:00.
 */
async function linkSetBeforeTheRush(base, admin, productId, label) {
  const { event } = await call(base, 'GET', `/api/admin/events/${productId}`, { token: admin });
  await call(base, 'PUT', `/api/admin/events/${productId}`, {
    token: admin,
    body: {
      name: event.name,
      description: event.description,
      price: event.price,
      image: event.image,
      category: event.category,
      subCategory: event.subCategory,
      isPresential: event.isPresential,
      days: event.days.map((d) => ({
        _id: d._id,
        label: d.label,
        startsAt: new Date(d.startsAt).toISOString(),
        endsAt: new Date(d.endsAt).toISOString(),
        streamUrl: 'https://vimeo.com/event/2',
        seatCapacity: d.seatCapacity,
      })),
    },
  });
  console.log(
    `${label}: enlace de la transmisión cambiado; las olas empiezan en ${WARM_UP_WAIT_MS / 1000} s`,
  );
  await new Promise((done) => setTimeout(done, WARM_UP_WAIT_MS));
}

/** 0 → A, 25 → Z, 26 → BA…: names take letters only. */
const letters = (i) => (i < 26 ? '' : letters(Math.floor(i / 26))) + String.fromCharCode(65 + (i % 26));

/** A cash order of the event's one day; its id. */
async function orderDay(base, token, productId) {
  await call(base, 'POST', '/api/cart/add', { token, body: { itemId: productId, days: 'Día 1' } });
  const { orderId } = await call(base, 'POST', '/api/order/place', {
    token,
    body: { address: ADDRESS, items: [{ _id: productId, days: 'Día 1', quantity: 1 }] },
  });
  return orderId;
}

/**
 * Waits until the server has worked off what the previous point left queued (requests whose
 * clients are gone still run), so one point does not measure the previous one's backlog.
 */
async function settle(base) {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    const t = Date.now();
    await fetch(`${base}/api/health`).catch(() => undefined);
    if (Date.now() - t < 100) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * What the store is started with for the benchmarks: rate limits raised through their
 * settings, and the e-mail sender held off (one pass at start, then a day): the set-up queues
 * a confirmation with its PDF receipt for every buyer, and sending a thousand of them took a
 * quarter of the server's time during the waves (bench/profile.mjs).
 */
export const BENCH_ENV = {
  SEED_DEMO: 'false',
  OUTBOX_INTERVAL_MS: '86400000',
  CASH_ORDERS_ENABLED: 'true',
  RATE_LIMIT_REGISTER_MAX: '100000',
  RATE_LIMIT_ORDER_MAX: '100000',
  RATE_LIMIT_ADMIN_MAX: '100000',
  RATE_LIMIT_LOGIN_MAX: '1000',
};

/**
 * For bench/profile.mjs: `buyers` buyers each with a paid day of one event (their tokens), and
 * with `orders`, one more buyer holding that many orders (one event each).
 */
export async function prepareRush(base, { buyers, orders = 0 }) {
  const admin = (await call(base, 'POST', '/api/user/login', { body: BENCH_ADMIN })).token;
  const events = [];
  await pool(Math.max(1, orders), 4, async (k) => {
    events[k] = (
      await call(base, 'POST', '/api/admin/events', { token: admin, body: eventInput(k) })
    ).event._id;
  });
  const tokens = [];
  await pool(buyers, 4, async (i) => {
    const { token } = await call(base, 'POST', '/api/user/register', {
      body: {
        name: `Comprador ${letters(i)}`,
        email: `perfil-${i}-${Date.now()}@carga.mx`,
        password: 'clave-de-carga-2026',
      },
    });
    const orderId = await orderDay(base, token, events[0]);
    await call(base, 'POST', `/api/admin/orders/${orderId}/mark-paid`, { token: admin, body: {} });
    tokens[i] = token;
  });
  let buyer = null;
  if (orders) {
    buyer = (
      await call(base, 'POST', '/api/user/register', {
        body: {
          name: 'Comprador frecuente',
          email: `frecuente-${Date.now()}@carga.mx`,
          password: 'clave-de-carga-2026',
        },
      })
    ).token;
    for (const id of events) await orderDay(base, buyer, id);
  }
  return { tokens, productId: events[0], buyer };
}

export async function benchApi({ base, hello, pid, label }) {
  const rows = [];
  const baseline = {};
  const measure = async (name, url, opts = {}) => {
    const connections = opts.connections ?? 50;
    await settle(base);
    const r = await load(url, { ...opts, connections });
    rows.push({ name, connections, ...r });
    return r;
  };
  /** `measure` right after hello-world with the same connections: the ratio of that moment. */
  const measureBeside = async (name, url, opts = {}) => {
    await settle(base);
    const h = await load(hello, { connections: opts.connections ?? 50 });
    const r = await measure(name, url, opts);
    Object.assign(rows[rows.length - 1], { ref: h.rps, refP99: h.p99 });
    return r;
  };
  console.log(`\n${label}: carga ${loadAverage()} antes de empezar`);
  const rssIdle = rssMb(pid);

  const admin = (await call(base, 'POST', '/api/user/login', { body: BENCH_ADMIN })).token;
  const events = [];
  const addEvents = async (total) => {
    const from = events.length;
    await pool(total - from, 4, async (k) => {
      const res = await call(base, 'POST', '/api/admin/events', { token: admin, body: eventInput(from + k) });
      events[from + k] = res.event._id;
    });
  };
  await addEvents(10);
  const rushProduct = events[0];

  const catalogue = async () => {
    console.log(`${label}: carga ${loadAverage()} antes del catálogo`);
    const list = await measureBeside('GET /api/product/list (10 eventos)', `${base}/api/product/list`);
    await measureBeside('GET /api/product/list, br (como un navegador)', `${base}/api/product/list`, {
      headers: BROWSER,
    });
    const etag = (await fetch(`${base}/api/product/list`)).headers.get('etag');
    await measureBeside('GET /api/product/list con If-None-Match (304)', `${base}/api/product/list`, {
      headers: { 'if-none-match': etag },
    });
    await measureBeside('GET /sitemap.xml', `${base}/sitemap.xml`);
    return list;
  };
  if (CATALOGUE_ONLY) {
    const list = await catalogue();
    printTable(
      `Catálogo — ${label} (${DURATION} s por punto; ratio = req/s ÷ hello-world medido justo antes)`,
      rows,
      {},
    );
    return { rows, list };
  }

  // The buyers: sign-up (argon2, the slow part) and one day each, paid (an administrator
  // marks the cash order paid, so the stream page has its link), before the clock starts.
  const tokens = [];
  await pool(Math.max(RUSH_ONLY ? 0 : USERS, ...RUSH_SIZES), 4, async (i) => {
    const email = `comprador-${i}-${Date.now()}@carga.mx`;
    const { token } = await call(base, 'POST', '/api/user/register', {
      body: { name: `Comprador ${letters(i)}`, email, password: 'clave-de-carga-2026' },
    });
    const orderId = await orderDay(base, token, rushProduct);
    await call(base, 'POST', `/api/admin/orders/${orderId}/mark-paid`, { token: admin, body: {} });
    tokens[i] = token;
  });
  if (RUSH_ONLY) {
    await linkSetBeforeTheRush(base, admin, rushProduct, label);
    console.log(`${label}: carga ${loadAverage()} antes de las olas`);
    const rush = await rushWaves({ base, hello, tokens, productId: rushProduct, label });
    console.log(`\nMemoria (RSS) — ${label}: en reposo ${rssIdle} MB, al final ${rssMb(pid)} MB`);
    return { rush };
  }

  for (const c of [50, USERS]) {
    const h = await load(hello, { connections: c });
    baseline[c] = h.rps;
    rows.push({ name: 'hello-world (Fastify, referencia)', connections: c, ...h });
  }

  const list = await catalogue();
  console.log(`${label}: carga ${loadAverage()} antes de los compradores`);
  await measure(`POST /api/order/userorders (${USERS} compradores)`, `${base}/api/order/userorders`, {
    connections: USERS,
    tokens,
    method: 'POST',
    body: '{}',
    headers: { 'content-type': 'application/json' },
  });
  await measure(
    `GET /api/product/single/:id (${USERS} compradores)`,
    `${base}/api/product/single/${rushProduct}`,
    {
      connections: USERS,
      tokens,
    },
  );
  const rssLoaded = rssMb(pid);
  await linkSetBeforeTheRush(base, admin, rushProduct, label);
  console.log(`${label}: carga ${loadAverage()} antes de las olas`);
  const rush = await rushWaves({ base, hello, tokens, productId: rushProduct, label });

  // Cost curves.
  const curve = [];
  const buyer = (
    await call(base, 'POST', '/api/user/register', {
      body: {
        name: 'Comprador frecuente',
        email: `frecuente-${Date.now()}@carga.mx`,
        password: 'clave-de-carga-2026',
      },
    })
  ).token;
  let ordered = 0;
  for (const n of [10, 100, 1000]) {
    await addEvents(n);
    const body = await (await fetch(`${base}/api/product/list`)).arrayBuffer();
    await settle(base);
    const r = await load(`${base}/api/product/list`, { connections: 50 });
    curve.push({ what: `product/list, ${n} eventos`, bytes: body.byteLength, ...r });
    // One at a time: the buyer has one cart.
    await pool(n - ordered, 1, async (k) => orderDay(base, buyer, events[ordered + k]));
    ordered = n;
    // The first answer after a change is built from the database (and kept): timed once.
    const coldFrom = performance.now();
    const ob = await (
      await fetch(`${base}/api/order/userorders`, {
        method: 'POST',
        headers: { token: buyer, 'content-type': 'application/json' },
        body: '{}',
      })
    ).arrayBuffer();
    const cold = performance.now() - coldFrom;
    await settle(base);
    const o = await load(`${base}/api/order/userorders`, {
      connections: 50,
      method: 'POST',
      body: '{}',
      headers: { token: buyer, 'content-type': 'application/json' },
    });
    curve.push({ what: `order/userorders POST, ${n} órdenes`, bytes: ob.byteLength, cold, ...o });
    // As a browser asks: GET accepting brotli and gzip, then a repeat with the ETag it got.
    const browser = { token: buyer, 'accept-encoding': 'gzip, br' };
    const first = await fetch(`${base}/api/order/userorders`, { headers: browser });
    const wire = Number(first.headers.get('content-length'));
    const tag = first.headers.get('etag');
    await first.arrayBuffer();
    await settle(base);
    const g = await load(`${base}/api/order/userorders`, { connections: 50, headers: browser });
    curve.push({
      what: `  GET ${first.headers.get('content-encoding') ?? 'sin comprimir'}, ${n} órdenes`,
      bytes: wire,
      ...g,
    });
    if (n === 1000) {
      // With 58 KB answers one autocannon thread is the bound (the server's main thread was 90 %
      // idle in a profile of this point): the same point read by two client threads.
      await settle(base);
      const g2 = await load(`${base}/api/order/userorders`, {
        connections: 50,
        headers: browser,
        workers: 2,
      });
      curve.push({ what: `  GET, ${n} órdenes, cliente en 2 hilos`, bytes: wire, ...g2 });
    }
    await settle(base);
    const r304 = await load(`${base}/api/order/userorders`, {
      connections: 50,
      headers: { ...browser, 'if-none-match': tag },
    });
    curve.push({ what: `  GET If-None-Match (304), ${n} órdenes`, bytes: 0, ...r304 });
  }

  printTable(
    `API — ${label} (${DURATION} s por punto; ratio = req/s ÷ hello-world con las mismas conexiones, medido justo antes en el catálogo)`,
    rows,
    baseline,
  );
  console.log(
    `\nCómo crece el costo — ${label} (50 conexiones; bytes en la red; MB/s = bytes devueltos por segundo; frío = primera respuesta tras un cambio, armada desde la base)`,
  );
  console.log(
    'medida'.padEnd(50),
    'bytes'.padStart(10),
    'req/s'.padStart(9),
    'MB/s'.padStart(8),
    'p99 ms'.padStart(8),
    'frío ms'.padStart(8),
  );
  for (const c of curve) {
    console.log(
      c.what.padEnd(50),
      String(c.bytes).padStart(10),
      c.rps.toFixed(0).padStart(9),
      ((c.rps * c.bytes) / 1e6).toFixed(1).padStart(8),
      String(c.p99).padStart(8),
      (c.cold === undefined ? '' : c.cold.toFixed(0)).padStart(8),
    );
  }
  console.log(
    `\nMemoria (RSS) — ${label}: en reposo ${rssIdle} MB, tras la carga ${rssLoaded} MB, al final ${rssMb(pid)} MB`,
  );
  return { rows, curve, list, rssIdle, rssLoaded, rush };
}
