// A team's buyer assigns its places by CSV (POST /api/group/assign-csv, docs/groups.md) on the
// embedded database (PGlite), while other visitors keep asking simple things: does the list
// stall the store? Per round (BENCH_CSV_ROUNDS, 3), a paid team order of 50 places (a cash order
// through the API, marked paid by the admin), then:
//   1. a 51-person list (one more than the places): refused, nothing kept (checked: no place
//      assigned, no account made);
//   2. a 50-person list of people without an account: every place assigned, 50 accounts made.
// Meanwhile two clients each send one request every 20 ms (BENCH_CSV_EVERY_MS) on a fixed
// schedule, never waiting for the previous answer: GET /api/health (`select 1`: it waits for the
// database) and GET /api/product/list (the catalogue from memory: it waits only for the event
// loop). Printed: each list's answer and time, and each simple request's p50 / p99 / max for the
// requests sent while the list was being answered, against the same figures idle just before
// (the 3 s before the list but its last 100 ms), and their ratio. Figures only, nothing asserted; not part of `npm test`.
// `BENCH_ONLY=assign-csv npm run bench`, or `node bench/assign-csv.mjs` on a built store.
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ADDRESS, BENCH_ADMIN, BENCH_ENV, call } from './api.mjs';
import { startServer } from './server.mjs';

const PLACES = 50;
const ROUNDS = Number(process.env.BENCH_CSV_ROUNDS ?? 3);
const EVERY_MS = Number(process.env.BENCH_CSV_EVERY_MS ?? 20);
const IDLE_MS = 3000;
const GUARD_MS = 100;
const SIMPLE = ['/api/health', '/api/product/list'];

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/**
 * Sends GET `url` every `everyMs` on a fixed schedule (open loop: a stalled answer does not delay
 * the next request, so a stall of S ms shows in about S / everyMs samples, not one).
 */
function hammer(url, everyMs) {
  const samples = [];
  const inflight = new Set();
  const start = performance.now();
  let k = 0;
  let timer;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    const sentAt = performance.now();
    const done = fetch(url)
      .then(async (res) => {
        await res.arrayBuffer();
        return res.ok;
      })
      .catch(() => false)
      .then((ok) => samples.push({ sentAt, ms: performance.now() - sentAt, ok }));
    inflight.add(done);
    done.finally(() => inflight.delete(done));
    k += 1;
    timer = setTimeout(tick, Math.max(0, start + k * everyMs - performance.now()));
  };
  tick();
  return {
    /** The answered requests sent within [from, to). */
    between: (from, to) => samples.filter((s) => s.sentAt >= from && s.sentAt < to),
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await Promise.all(inflight);
    },
  };
}

function stats(samples) {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  return {
    n: ms.length,
    errors: samples.filter((s) => !s.ok).length,
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
    max: ms.at(-1) ?? NaN,
  };
}

/** 0 → A, 25 → Z, 26 → BA…: names take letters only. */
const letters = (i) => (i < 26 ? '' : letters(Math.floor(i / 26))) + String.fromCharCode(65 + (i % 26));

/** A CSV of `n` people without an account (`nombre,correo`). */
function peopleCsv(n, tag) {
  const lines = Array.from(
    { length: n },
    (_, i) => `Residente ${letters(i)} Prueba,res-${tag}-${i}@hospital.mx`,
  );
  return ['nombre,correo', ...lines].join('\n');
}

/** The buyer's paid team order of PLACES places of the event's day: its id. */
async function paidTeamOrder(base, buyer, admin, productId) {
  const body = { productId, days: ['Día 1'], places: PLACES };
  const { quote } = await call(base, 'POST', '/api/group/quote', { token: buyer, body });
  const { orderId } = await call(base, 'POST', '/api/group/place', {
    token: buyer,
    body: { ...body, address: ADDRESS, amount: quote.total },
  });
  await call(base, 'POST', `/api/admin/orders/${orderId}/mark-paid`, { token: admin, body: {} });
  return orderId;
}

async function placeStates(base, buyer, orderId) {
  const { group } = await call(base, 'POST', '/api/group/places', { token: buyer, body: { orderId } });
  const counts = {};
  for (const p of group.places) counts[p.state] = (counts[p.state] ?? 0) + 1;
  return counts;
}

async function accountsTagged(base, admin, tag) {
  const { total } = await call(base, 'GET', `/api/admin/members?search=res-${tag}-`, { token: admin });
  return total;
}

/** One list sent while both simple requests are hammered; the figures during it and idle before. */
async function measuredList(base, buyer, orderId, csv) {
  const hammers = SIMPLE.map((p, i) => ({ path: p, h: null, offset: (i * EVERY_MS) / SIMPLE.length }));
  for (const x of hammers) {
    await sleep(x.offset);
    x.h = hammer(`${base}${x.path}`, EVERY_MS);
  }
  await sleep(IDLE_MS + GUARD_MS);
  const sent = performance.now();
  const res = await fetch(`${base}/api/group/assign-csv`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token: buyer },
    body: JSON.stringify({ orderId, csv }),
  });
  const answer = await res.json().catch(() => ({}));
  const answered = performance.now();
  // The requests sent during the list have their answers by now or soon.
  await sleep(200);
  await Promise.all(hammers.map((x) => x.h.stop()));
  return {
    status: res.status,
    message: answer.message ?? '',
    ms: answered - sent,
    simple: hammers.map((x) => ({
      path: x.path,
      // Not the last GUARD_MS before the list: a request sent just before it waits for it too.
      idle: stats(x.h.between(sent - GUARD_MS - IDLE_MS, sent - GUARD_MS)),
      during: stats(x.h.between(sent, answered)),
    })),
  };
}

const fmt = (n) => (Number.isFinite(n) ? n.toFixed(1) : '–');
const ratio = (a, b) => (Number.isFinite(a) && b > 0 ? (a / b).toFixed(1) : '–');

function printList(title, r) {
  console.log(`  ${title}: ${r.status} «${r.message}» en ${fmt(r.ms)} ms`);
  console.log(
    '    petición simple'.padEnd(26),
    'inactivo n · p50 · p99 · máx'.padStart(34),
    'durante la lista n · p50 · p99 · máx'.padStart(40),
    'razón p50 · p99'.padStart(18),
  );
  for (const s of r.simple) {
    const cell = (m) =>
      `${m.n}${m.errors ? ` (${m.errors} err.)` : ''} · ${fmt(m.p50)} · ${fmt(m.p99)} · ${fmt(m.max)}`;
    console.log(
      `    GET ${s.path}`.padEnd(26),
      cell(s.idle).padStart(34),
      cell(s.during).padStart(40),
      `${ratio(s.during.p50, s.idle.p50)} · ${ratio(s.during.p99, s.idle.p99)}`.padStart(18),
    );
  }
}

/** The rounds against a store already started at `base` (its admin: BENCH_ADMIN). */
export async function runAssignCsv(base) {
  const admin = (await call(base, 'POST', '/api/user/login', { body: BENCH_ADMIN })).token;
  const start = Date.now() + 30 * 86_400_000;
  const { event } = await call(base, 'POST', '/api/admin/events', {
    token: admin,
    body: {
      name: 'Congreso para equipos de hospital',
      description: 'Congreso de anestesia cardiovascular: cada hospital compra lugares para sus residentes.',
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
          seatCapacity: PLACES * ROUNDS,
        },
      ],
    },
  });
  const { token: buyer } = await call(base, 'POST', '/api/user/register', {
    body: {
      name: 'Compradora Del Hospital',
      email: `compras-${randomBytes(3).toString('hex')}@hospital.mx`,
      password: 'clave-de-carga-2026',
    },
  });
  const results = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const orderId = await paidTeamOrder(base, buyer, admin, event._id);
    const tag = randomBytes(3).toString('hex');
    console.log(`\nRonda ${round}: orden de equipo pagada de ${PLACES} lugares · carga ${loadAverage()}`);

    const refused = await measuredList(base, buyer, orderId, peopleCsv(PLACES + 1, tag));
    printList(`lista de ${PLACES + 1} personas (una de más)`, refused);
    const afterRefusal = await placeStates(base, buyer, orderId);
    const accountsAfterRefusal = await accountsTagged(base, admin, tag);
    console.log(
      `    después: lugares ${JSON.stringify(afterRefusal)}, cuentas creadas ${accountsAfterRefusal}` +
        (afterRefusal.sin_asignar === PLACES && accountsAfterRefusal === 0
          ? ' (nada se quedó)'
          : ' (¡quedó algo!)'),
    );

    const accepted = await measuredList(base, buyer, orderId, peopleCsv(PLACES, tag));
    printList(`lista de ${PLACES} personas nuevas`, accepted);
    const afterList = await placeStates(base, buyer, orderId);
    console.log(
      `    después: lugares ${JSON.stringify(afterList)}, cuentas creadas ${await accountsTagged(base, admin, tag)}`,
    );
    results.push({ round, refused, accepted });
  }
  return results;
}

/** The part of `npm run bench` (scripts/bench.mjs): its own store on the embedded database. */
export async function benchAssignCsv({ root, port, env }) {
  console.log(
    `\nAsignar lugares por CSV — PGlite embebido · ${ROUNDS} rondas · una petición simple cada ${EVERY_MS} ms · carga ${loadAverage()}`,
  );
  const server = await startServer(root, port, env);
  try {
    return await runAssignCsv(server.url);
  } finally {
    await server.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  if (!existsSync(path.join(root, 'apps/api/dist/server.js'))) {
    console.error('Falta apps/api/dist/server.js: ejecuta npm run build');
    process.exit(1);
  }
  await benchAssignCsv({
    root,
    port: Number(process.env.BENCH_PORT ?? 3420),
    env: { ...BENCH_ENV, ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password },
  });
}
