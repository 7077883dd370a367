// The on-sale minute (docs/on-sale.md): a limited workshop opens and many physicians try to buy
// the same few seats at once. Per database set-up (embedded PGlite; PostgreSQL with one and
// with two server processes) and per shape (BENCH_ONSALE, default "1000x300,200x60": buyers ×
// seats, over 3 limited days when the seats divide by 3, else one; "200x60x1" forces the days),
// each buyer, signed up beforehand and with the workshop's page open (their connection open, their
// session seen by the store within the minute; BENCH_ONSALE_COLD=1: neither), arrives at their
// moment of a uniform burst (BENCH_ONSALE_BURST_MS, 5 s) on their own keep-alive connection and
// client address (the store trusts the X-Forwarded-For of its local proxy, TRUST_PROXY=loopback,
// as behind a real one: the cap of unpaid holds per network then counts each buyer's own), and
// does what the web checkout does: adds one random limited day to the cart, asks for the quote,
// opens a PayPal payment, approves it in PayPal's window (bench/paypal-standin.mjs, 80 ms per
// answer) and captures it. A 409 «Ya no hay lugares disponibles para este día» (or the quote's
// problem saying so) is a sold-out refusal: the buyer is told and stops. Every call may be
// answered through the checkout line (202, application/x-ndjson: {"fila":…} lines, {"turno":true},
// then {"status","body"}, the real answer); the client gives up on a call after 30 s without a
// byte (a line in the queue counts).
// Printed: outcomes, per-step answers, latencies, the seats sold per day against capacity, the
// charges PayPal made without a paid order, the line's first-line time and first-come-first-
// served order, requests/s, and with PostgreSQL the ratio of two processes to one.
import http from 'node:http';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { ADDRESS, BENCH_ADMIN, call, pool } from './api.mjs';
import { startPaypalStandin, STANDIN_CREDENTIALS } from './paypal-standin.mjs';
import { onEachDatabase } from './server.mjs';

export const SOLD_OUT = 'Ya no hay lugares disponibles para este día';
/** packages/shared/src/constants.ts: added to every paid total. */
const SERVICE_FEE_CENTAVOS = 1000;
export const ONSALE_SHAPES = (process.env.BENCH_ONSALE ?? '1000x300,200x60').split(',').map((s) => {
  const [buyers, seats, days] = s.trim().split('x').map(Number);
  const dayCount = days || (seats % 3 === 0 && seats >= 3 ? 3 : 1);
  if (!(buyers > 0 && seats > 0 && seats % dayCount === 0)) {
    throw new Error(`BENCH_ONSALE: «${s}» no es compradoresxlugares[xdías]`);
  }
  return { buyers, seats, days: dayCount, perDay: seats / dayCount };
});
const BURST_MS = Number(process.env.BENCH_ONSALE_BURST_MS ?? 5000);
/** The client gives up on a call after this long without a byte. */
const CALL_TIMEOUT_MS = 30_000;
/** …and on a queued call after this long in all, whatever it is told. */
const QUEUED_CALL_CAP_MS = 300_000;
const FIRST_LINE_TARGET_MS = 100;
/** Joins or admissions closer than this are not told apart (client-side timing). */
const ORDER_TOLERANCE_MS = 5;
const SEED = Number(process.env.BENCH_ONSALE_SEED ?? 2026);
/** Buyers arrive on a new connection, unknown to the store's session cache. */
const COLD = Boolean(process.env.BENCH_ONSALE_COLD);

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** mulberry32: the same days for the same seed. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Until the server answers its health check at once (what the set-up left queued is done). */
async function settle(base) {
  for (const until = Date.now() + 120_000; Date.now() < until;) {
    const t = Date.now();
    await fetch(`${base}/api/health`).catch(() => undefined);
    if (Date.now() - t < 50) return;
    await sleep(500);
  }
}

const parseJson = (text) => {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return { message: text.slice(0, 200) };
  }
};

/**
 * One call as the browser makes it, on the buyer's own connection. Resolves
 * { status, body, ms, sentAt, line? }: status -1 = the client gave up (30 s without a byte),
 * 0 = no answer (connection error, or a line that ended without its answer). A 202 line
 * answer is read line by line; `line` has the times (ms from sending) of its first `fila` line
 * and of `turno`, and its last line gives status and body.
 */
function send(url, { agent, method = 'POST', headers = {}, body }) {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const sentAt = performance.now();
    let settled = false;
    let idle;
    let cap;
    let req;
    const finish = (r) => {
      if (settled) return;
      settled = true;
      clearTimeout(idle);
      clearTimeout(cap);
      resolve({ ms: performance.now() - sentAt, sentAt, ...r });
    };
    const giveUp = () => {
      finish({ status: -1, error: 'el cliente dejó de esperar' });
      req.destroy();
    };
    const arm = () => {
      clearTimeout(idle);
      idle = setTimeout(giveUp, CALL_TIMEOUT_MS);
    };
    req = http.request(
      url,
      {
        method,
        agent,
        headers: {
          ...headers,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (res) => {
        res.setEncoding('utf8');
        const streamed = res.statusCode === 202 && /x-ndjson/.test(res.headers['content-type'] ?? '');
        let text = '';
        if (!streamed) {
          res.on('data', (c) => (text += c));
          res.on('end', () => finish({ status: res.statusCode, body: parseJson(text) }));
        } else {
          cap = setTimeout(giveUp, QUEUED_CALL_CAP_MS);
          const line = { first: null, ahead: null, turno: null, told: 0 };
          let last = null;
          res.on('data', (chunk) => {
            arm();
            text += chunk;
            for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n')) {
              const raw = text.slice(0, nl).trim();
              text = text.slice(nl + 1);
              if (!raw) continue;
              const m = parseJson(raw);
              const at = performance.now() - sentAt;
              if (m?.fila) {
                line.first ??= at;
                line.ahead ??= m.fila.antes;
                line.told++;
              } else if (m?.turno) line.turno ??= at;
              else if (m && 'status' in m) last = m;
            }
          });
          res.on('end', () =>
            finish(
              last
                ? { status: last.status, body: last.body, line }
                : { status: 0, error: 'la fila terminó sin respuesta', line },
            ),
          );
        }
        res.on('error', (err) => finish({ status: 0, error: err.code ?? err.message }));
        res.on('close', () => finish({ status: 0, error: 'conexión cerrada a media respuesta' }));
      },
    );
    arm();
    req.on('error', (err) => finish({ status: 0, error: err.code ?? err.message }));
    req.end(payload);
  });
}

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
function summary(values) {
  const s = [...values].sort((a, b) => a - b);
  return { n: s.length, p50: percentile(s, 50), p99: percentile(s, 99), max: s[s.length - 1] ?? NaN };
}
const fmt = (v, digits = 0) => (Number.isFinite(v) ? v.toFixed(digits) : '–');

/** A table: columns [title, width, align 'l'|'r'], rows of cells. */
function table(columns, rows) {
  const cell = (v, [, w, align]) => (align === 'l' ? String(v).padEnd(w) : String(v).padStart(w));
  console.log(columns.map((c) => cell(c[0], c)).join(' '));
  for (const r of rows) console.log(r.map((v, i) => cell(v, columns[i])).join(' '));
}

/**
 * First come, first served among the calls that waited in line: a pair is out of order when
 * one joined (its first `fila` line arrived) more than ORDER_TOLERANCE_MS before the other and
 * was admitted (its `turno`) more than ORDER_TOLERANCE_MS after it.
 */
function lineOrder(calls) {
  const s = calls.filter((c) => c.admittedAt !== null).sort((a, b) => a.joinedAt - b.joinedAt);
  let pairs = 0;
  let inverted = 0;
  let overtaken = 0;
  for (let i = 0; i < s.length; i++) {
    let passed = false;
    for (let j = i + 1; j < s.length; j++) {
      if (s[j].joinedAt - s[i].joinedAt <= ORDER_TOLERANCE_MS) continue;
      pairs++;
      if (s[i].admittedAt - s[j].admittedAt > ORDER_TOLERANCE_MS) {
        inverted++;
        passed = true;
      }
    }
    if (passed) overtaken++;
  }
  return { calls: s.length, pairs, inverted, overtaken };
}

/** 0 → A, 25 → Z, 26 → BA…: names take letters only. */
const letters = (i) => (i < 26 ? '' : letters(Math.floor(i / 26))) + String.fromCharCode(65 + (i % 26));

const STEPS = ['carrito', 'cotización', 'abrir pago', 'aprobar (PayPal)', 'cobro'];

/** One shape against a running store: set-up, the burst, then the checks. */
async function runShape({ base, standin, admin, shape, shapeNo, label }) {
  const { buyers, seats, days, perDay } = shape;
  const what = `${buyers} compradores por ${seats} lugares (${days} ${days === 1 ? 'día' : 'días'} × ${perDay})`;
  console.log(`\nVenta de cupo — ${label} · ${what}, llegada uniforme en ${BURST_MS / 1000} s`);

  // The workshop: `days` limited days a month from now.
  const start = Date.now() + 30 * 86_400_000;
  const { event } = await call(base, 'POST', '/api/admin/events', {
    token: admin,
    body: {
      name: `Taller con cupo ${shapeNo}: ${what}`,
      description: 'Taller práctico de vía aérea difícil con cupo limitado, para la prueba de venta.',
      price: 1500,
      image: [],
      category: 'Estudios de caso',
      subCategory: 'Avanzado',
      isPresential: true,
      days: Array.from({ length: days }, (_, d) => ({
        label: `Día ${d + 1}`,
        startsAt: new Date(start + d * 86_400_000).toISOString(),
        endsAt: new Date(start + d * 86_400_000 + 8 * 3_600_000).toISOString(),
        streamUrl: null,
        seatCapacity: perDay,
      })),
    },
  });
  const productId = event._id;
  const labels = Array.from({ length: days }, (_, d) => `Día ${d + 1}`);

  // The buyers, signed up beforehand (argon2: the slow part, not measured).
  const prepFrom = Date.now();
  const tokens = [];
  const tag = randomBytes(3).toString('hex');
  await pool(buyers, 4, async (i) => {
    const { token } = await call(base, 'POST', '/api/user/register', {
      body: {
        name: `Compradora ${letters(i)}`,
        email: `cupo-${tag}-${i}@carga.mx`,
        password: 'clave-de-carga-2026',
      },
    });
    tokens[i] = token;
  });
  console.log(
    `  preparación: ${buyers} compradores registrados en ${((Date.now() - prepFrom) / 1000).toFixed(0)} s`,
  );
  // Each buyer's own connection and address. Unless BENCH_ONSALE_COLD, each has the workshop's
  // page open when the sale opens (its data and their cart loaded, signed in, within the
  // minute): the connection is open and the store has seen their session.
  const agents = Array.from({ length: buyers }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  const headersOf = (i) => ({
    token: tokens[i],
    'x-forwarded-for': `10.${shapeNo}.${(i >> 8) & 255}.${i & 255}`,
  });
  if (!COLD) {
    let failed = 0;
    await pool(buyers, 50, async (i) => {
      const page = await send(`${base}/api/product/single/${productId}`, {
        agent: agents[i],
        method: 'GET',
        headers: headersOf(i),
      });
      const cart = await send(`${base}/api/cart/get`, { agent: agents[i], headers: headersOf(i), body: {} });
      if (page.status !== 200 || cart.status !== 200) failed++;
    });
    console.log(
      `  cada comprador con la página del taller abierta${failed ? ` (${failed} no la cargaron)` : ''}`,
    );
  }
  await settle(base);
  await sleep(2000);
  console.log(`  carga ${loadAverage()} antes de la apertura`);

  const rnd = random(SEED + shapeNo);
  const capturesFrom = standin.captures.length;
  const refundsFrom = standin.refunds.length;
  const paypalAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const stats = {
    outcome: { pagado: 0, agotado: 0, otro: 0, '5xx': 0, 'tiempo agotado': 0, 'sin respuesta': 0 },
    messages: new Map(),
    steps: Object.fromEntries(
      STEPS.map((s) => [
        s,
        { calls: 0, ok: 0, soldOut: 0, other4xx: 0, s5xx: 0, queued: 0, timeout: 0, none: 0 },
      ]),
    ),
    soldOutMs: [],
    /** Each sold-out refusal: its day, when it was asked and answered (for "after the day filled"). */
    soldOuts: [],
    /** Per day, the moment its last seat could have been taken: the latest admission of a successful hold. */
    filledAt: new Map(),
    /** Per day, when the last successful hold was answered (the day was full by then). */
    filledAnsweredAt: new Map(),
    /** When each store answer arrived (the busiest 5 s give the store's throughput). */
    answeredAt: [],
    createMs: [],
    captureMs: [],
    journeyMs: [],
    firstLineMs: [],
    turnoMs: [],
    queued: [],
    storeAnswers: 0,
    paidByDay: new Map(labels.map((l) => [l, 0])),
    paidOrders: [],
  };
  const note = (kind, text) => {
    stats.outcome[kind]++;
    if (text) stats.messages.set(text, (stats.messages.get(text) ?? 0) + 1);
  };

  const t0 = performance.now() + 200;
  let lastDone = t0;
  const buyer = async (i) => {
    const arriveAt = t0 + (i * BURST_MS) / buyers;
    const day = labels[Math.floor(rnd() * labels.length)];
    await sleep(Math.max(0, arriveAt - performance.now()));
    const agent = agents[i];
    const headers = headersOf(i);
    const arrived = performance.now();
    /** A store call; answers the body when 200, else records how the buyer's journey ended. */
    const step = async (name, path, body) => {
      const r = await send(`${base}${path}`, { agent, headers, body });
      const s = stats.steps[name];
      s.calls++;
      if (r.status > 0) {
        stats.storeAnswers++;
        stats.answeredAt.push(r.sentAt + r.ms);
      }
      if (r.line) {
        s.queued++;
        stats.queued.push({
          step: name,
          joinedAt: r.line.first === null ? null : r.sentAt + r.line.first,
          admittedAt: r.line.turno === null ? null : r.sentAt + r.line.turno,
        });
        if (r.line.first !== null) stats.firstLineMs.push(r.line.first);
        if (r.line.turno !== null) stats.turnoMs.push(r.line.turno);
      }
      if (r.status === 200) {
        s.ok++;
        return r;
      }
      const message = r.body?.message ?? r.error ?? JSON.stringify(r.body)?.slice(0, 120);
      if (r.status === 409 && message === SOLD_OUT) {
        s.soldOut++;
        stats.soldOutMs.push(r.ms);
        stats.soldOuts.push({ day, sentAt: r.sentAt, doneAt: r.sentAt + r.ms });
        note('agotado');
      } else if (r.status === -1) {
        s.timeout++;
        note('tiempo agotado', `${name}: ${message}`);
      } else if (r.status === 0) {
        s.none++;
        note('sin respuesta', `${name}: ${message}`);
      } else if (r.status >= 500) {
        s.s5xx++;
        note('5xx', `${r.status} ${name}: ${message}`);
      } else {
        s.other4xx++;
        note('otro', `${r.status} ${name}: ${message}`);
      }
      return null;
    };
    try {
      if (!(await step('carrito', '/api/cart/add', { itemId: productId, days: day }))) return;
      const quote = await step('cotización', '/api/order/quote', {});
      if (!quote) return;
      if (quote.body.problem) {
        // The checkout page shows the quote's problem and offers no payment.
        if (quote.body.problem === SOLD_OUT) {
          stats.soldOutMs.push(quote.ms);
          stats.soldOuts.push({ day, sentAt: quote.sentAt, doneAt: quote.sentAt + quote.ms });
          note('agotado');
        } else note('otro', `200 cotización (problema): ${quote.body.problem}`);
        return;
      }
      const order = {
        address: ADDRESS,
        invoice: null,
        items: [{ _id: productId, days: day, quantity: 1 }],
        // As the checkout page: the quote's subtotal plus the service fee (computeTotals).
        amount: (Math.round(quote.body.subtotal * 100) + SERVICE_FEE_CENTAVOS) / 100,
        couponCode: null,
        discount: 0,
      };
      const opened = await step('abrir pago', '/api/paypal/create-order', order);
      if (!opened) return;
      stats.createMs.push(opened.ms);
      // The seat was taken after the call's turn came (or after it was sent, if not queued).
      const tookFrom = opened.line?.turno != null ? opened.sentAt + opened.line.turno : opened.sentAt;
      stats.filledAt.set(day, Math.max(stats.filledAt.get(day) ?? 0, tookFrom));
      stats.filledAnsweredAt.set(
        day,
        Math.max(stats.filledAnsweredAt.get(day) ?? 0, opened.sentAt + opened.ms),
      );
      const paypalOrderId = opened.body.id;
      // The buyer approves in PayPal's window.
      const approved = await send(`${standin.url}${standin.approvePath(paypalOrderId)}`, {
        agent: paypalAgent,
        body: {},
      });
      stats.steps['aprobar (PayPal)'].calls++;
      if (approved.status !== 200) {
        stats.steps['aprobar (PayPal)'].other4xx++;
        note('otro', `${approved.status} aprobar (PayPal): ${approved.body?.name ?? approved.error}`);
        return;
      }
      stats.steps['aprobar (PayPal)'].ok++;
      const paid = await step('cobro', '/api/order/paypal', {
        ...order,
        paypalOrderId,
        paypalPayerId: approved.body.payerID,
      });
      if (!paid) {
        // As the checkout page when a capture's answer is lost: it asks how the order ended.
        const after = await send(`${base}/api/order/single`, {
          agent,
          headers,
          body: { orderId: opened.body.orderId },
        });
        const state = after.status === 200 ? after.body.order?.status : `sin estado (${after.status})`;
        stats.messages.set(
          `cobro fallido; la orden quedó: ${state}`,
          (stats.messages.get(`cobro fallido; la orden quedó: ${state}`) ?? 0) + 1,
        );
        return;
      }
      stats.captureMs.push(paid.ms);
      stats.journeyMs.push(performance.now() - arrived);
      stats.paidByDay.set(day, stats.paidByDay.get(day) + 1);
      stats.paidOrders.push(paid.body.orderId);
      note('pagado');
    } catch (err) {
      note('sin respuesta', `error del banco de pruebas: ${err.message}`);
    } finally {
      agent.destroy();
      lastDone = Math.max(lastDone, performance.now());
    }
  };
  // The harness's own event loop: a late first line must be the store's, not ours.
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  await Promise.all(Array.from({ length: buyers }, (_, i) => buyer(i)));
  lag.disable();
  paypalAgent.destroy();
  const totalS = (lastDone - t0) / 1000;
  // A refusal can only be given once the day is full: counted from the later of the question
  // and the moment its last seat could have been taken (conservative: that hold's turn).
  // Asked when the day was certainly full (after its last hold was answered): the sold-out
  // answer proper. Asked before: waited in line (or in a transaction) while a seat could still
  // be theirs; counted from the day filling, a range: from the last hold's turn (its commit came
  // after: too long) and from its answer less PayPal's 80 ms (its commit came before: too short).
  const askedFull = stats.soldOuts.filter(
    ({ day, sentAt }) => sentAt > (stats.filledAnsweredAt.get(day) ?? Infinity),
  );
  const waitedFull = stats.soldOuts.filter(
    ({ day, sentAt }) => !(sentAt > (stats.filledAnsweredAt.get(day) ?? Infinity)),
  );
  const afterFull = waitedFull.map(({ day, sentAt, doneAt }) =>
    Math.max(0, doneAt - Math.max(sentAt, stats.filledAt.get(day) ?? sentAt)),
  );
  const afterFullShort = waitedFull.map(({ day, sentAt, doneAt }) =>
    Math.max(0, doneAt - Math.max(sentAt, (stats.filledAnsweredAt.get(day) ?? sentAt) - 80)),
  );
  // The store's throughput: its answers in the busiest 5 s; what serving everyone at that rate takes.
  const answered = [...stats.answeredAt].sort((a, b) => a - b);
  let peak = 0;
  for (let i = 0, j = 0; i < answered.length; i++) {
    while (answered[i] - answered[j] > 5000) j++;
    peak = Math.max(peak, i - j + 1);
  }
  const peakRps = peak / 5;
  const busyFrom = answered[0] ?? t0;
  const servedS = ((answered.at(-1) ?? t0) - busyFrom) / 1000;

  // What the store says: seats per day (admin event), and each charge's order (admin order).
  const stored = (await call(base, 'GET', `/api/admin/events/${productId}`, { token: admin })).event;
  const dayRows = stored.days.map((d) => ({
    label: d.label,
    capacity: d.seatCapacity,
    sold: d.seatsSold,
    taken: d.seatsTaken,
    harness: stats.paidByDay.get(d.label) ?? 0,
    oversold: Math.max(0, d.seatsSold - d.seatCapacity, d.seatsTaken - d.seatCapacity),
  }));
  const charges = standin.captures.slice(capturesFrom);
  const refunds = standin.refunds.slice(refundsFrom);
  const refunded = new Set(refunds.map((r) => r.captureId));
  const chargeStatus = [];
  await pool(charges.length, 8, async (k) => {
    const c = charges[k];
    const res = await call(base, 'GET', `/api/admin/orders/${c.customId}`, { token: admin }).catch((err) => ({
      order: { status: `? ${err.message.slice(0, 60)}` },
    }));
    chargeStatus[k] = res.order.status;
  });
  const chargedIds = new Set(charges.map((c) => c.customId));
  const toldPaidUncharged = stats.paidOrders.filter((id) => !chargedIds.has(id)).length;
  const chargedUnpaid = charges.filter((c, k) => chargeStatus[k] !== 'pagado' && !refunded.has(c.captureId));
  const storeSold = dayRows.reduce((s, d) => s + d.sold, 0);
  const chargedPaid = charges.length - chargedUnpaid.length;
  const told = Object.values(stats.outcome).reduce((a, b) => a + b, 0);

  const lines = {
    order: lineOrder(stats.queued),
    byStep: STEPS.filter((s) => stats.steps[s].queued > 0).map((s) => [
      s,
      lineOrder(stats.queued.filter((q) => q.step === s)),
    ]),
  };
  const result = {
    label,
    shape,
    what,
    buyers,
    outcome: stats.outcome,
    neverTold: buyers - told + stats.outcome['sin respuesta'],
    queuedCalls: stats.queued.length,
    oversold: dayRows.reduce((s, d) => s + d.oversold, 0),
    chargedUnpaid: chargedUnpaid.length,
    paidUncharged: Math.max(0, storeSold - chargedPaid),
    charges: charges.length,
    refunds: refunds.length,
    storeSold,
    latency: {
      agotado: summary(stats.soldOutMs),
      'agotado, pedido con el día ya lleno': summary(askedFull.map((r) => r.doneAt - r.sentAt)),
      'agotado en la fila, desde el llenado (≤)': summary(afterFull),
      'agotado en la fila, desde el llenado (≥)': summary(afterFullShort),
      'abrir pago (éxito, con la fila)': summary(stats.createMs),
      'cobro (éxito, PayPal incluido)': summary(stats.captureMs),
      'compra completa (pagados)': summary(stats.journeyMs),
      'fila: primera línea': summary(stats.firstLineMs),
      'fila: turno': summary(stats.turnoMs),
    },
    harnessLag: { p99: lag.percentile(99) / 1e6, max: lag.max / 1e6 },
    firstLineLate: stats.firstLineMs.filter((ms) => ms > FIRST_LINE_TARGET_MS).length,
    totalS,
    rps: stats.storeAnswers / totalS,
    peakRps,
    /** Time to answer everything ÷ what the busiest 5 s' rate allows (1.0: never below the peak). */
    vsThroughput: peakRps > 0 ? servedS / (stats.storeAnswers / peakRps) : null,
    servedPerS: (buyers - stats.outcome['tiempo agotado'] - stats.outcome['sin respuesta']) / totalS,
    lines,
  };

  // Printed at once, so a long run shows its figures as it goes.
  const o = stats.outcome;
  table(
    [
      ['compradores', 11],
      ['pagados', 8],
      ['agotado', 8],
      ['otros rech.', 11],
      ['5xx', 5],
      ['t. agotado', 10],
      ['sin resp.', 9],
      ['en fila', 8],
      ['total s', 8],
      ['req/s', 7],
      ['atendidos/s', 11],
    ],
    [
      [
        buyers,
        o.pagado,
        o.agotado,
        o.otro,
        o['5xx'],
        o['tiempo agotado'],
        result.neverTold,
        result.queuedCalls,
        fmt(totalS, 1),
        fmt(result.rps),
        fmt(result.servedPerS, 1),
      ],
    ],
  );
  console.log('\n  Por paso (respuestas finales; «en fila»: respondidas con 202 y la fila)');
  table(
    [
      ['paso', 18, 'l'],
      ['llamadas', 9],
      ['200', 6],
      ['agotado', 8],
      ['otros 4xx', 9],
      ['5xx', 5],
      ['t. agotado', 10],
      ['sin resp.', 9],
      ['en fila', 8],
    ],
    STEPS.map((name) => {
      const s = stats.steps[name];
      return [name, s.calls, s.ok, s.soldOut, s.other4xx, s.s5xx, s.timeout, s.none, s.queued];
    }),
  );
  console.log('\n  Latencias (ms, desde que el cliente envía hasta la respuesta final)');
  table(
    [
      ['medida', 34, 'l'],
      ['n', 6],
      ['p50', 7],
      ['p99', 7],
      ['máx', 7],
    ],
    Object.entries(result.latency).map(([k, v]) => [k, v.n, fmt(v.p50), fmt(v.p99), fmt(v.max)]),
  );
  console.log('\n  Lugares por día (tienda: seatsSold pagados, seatsTaken apartados y pagados)');
  table(
    [
      ['día', 8, 'l'],
      ['cupo', 6],
      ['pagados', 8],
      ['apartados', 9],
      ['cobrados aquí', 13],
      ['sobrevendidos', 13],
    ],
    dayRows.map((d) => [d.label, d.capacity, d.sold, d.taken, d.harness, d.oversold]),
  );
  console.log(
    `\n  Cobros de PayPal: ${charges.length} · sin orden pagada: ${chargedUnpaid.length}` +
      ` · pagados en la tienda sin cobro: ${result.paidUncharged}` +
      ` · «pagado» al comprador sin cobro: ${toldPaidUncharged} · reembolsos: ${refunds.length}` +
      ` · sobrevendidos: ${result.oversold}`,
  );
  for (const c of chargedUnpaid.slice(0, 5)) {
    console.log(`    cobro ${c.captureId} de la orden ${c.customId}: ${chargeStatus[charges.indexOf(c)]}`);
  }
  if (stats.queued.length > 0) {
    const pct = (l) => fmt((100 * l.inverted) / Math.max(1, l.pairs), 1);
    console.log(
      `  Fila: ${stats.queued.length} llamadas en fila; primera línea en más de ${FIRST_LINE_TARGET_MS} ms: ` +
        `${result.firstLineLate}. Orden de llegada frente a orden de turno (adelantada: alguien que llegó ` +
        `después de ella tuvo turno antes; ±${ORDER_TOLERANCE_MS} ms${
          label.includes('2 procesos') ? '; cada proceso tiene su propia fila' : ''
        }):`,
    );
    console.log(
      `    todas (quien ya fue admitido pasa antes que los nuevos, por diseño): ${lines.order.overtaken} ` +
        `adelantadas de ${lines.order.calls}, pares fuera de orden ${lines.order.inverted} de ${lines.order.pairs} (${pct(lines.order)} %)`,
    );
    for (const [s, l] of lines.byStep) {
      console.log(
        `    ${s}: ${l.overtaken} adelantadas de ${l.calls}, pares fuera de orden ${l.inverted} de ${l.pairs} (${pct(l)} %)`,
      );
    }
  } else console.log('  Fila: ninguna llamada respondida por la fila (202).');
  console.log(
    `  Banco de pruebas: retardo de su bucle de eventos p99 ${fmt(result.harnessLag.p99)} ms, máx ${fmt(result.harnessLag.max)} ms`,
  );
  if (stats.messages.size > 0) {
    console.log('  Otros rechazos, 5xx y llamadas sin respuesta, agrupados:');
    for (const [m, n] of [...stats.messages].sort((a, b) => b[1] - a[1])) console.log(`    ${n} × ${m}`);
  }
  return result;
}

/** Every shape against one running store. */
async function runConfig({ base, standin, label }) {
  const admin = (await call(base, 'POST', '/api/user/login', { body: BENCH_ADMIN })).token;
  const results = [];
  for (const [k, shape] of ONSALE_SHAPES.entries()) {
    await settle(base);
    results.push(await runShape({ base, standin, admin, shape, shapeNo: k + 1, label }));
  }
  return results;
}

function printSummary(all) {
  if (all.length === 0) return;
  console.log('\nVenta de cupo — resumen (latencias en ms, p99)');
  table(
    [
      ['configuración', 24, 'l'],
      ['forma', 9, 'l'],
      ['pagados', 8],
      ['agotado', 8],
      ['otros', 6],
      ['5xx', 5],
      ['t.agot.', 7],
      ['sin resp.', 9],
      ['sobrev.', 7],
      ['cobro s/orden', 13],
      ['agotado', 8],
      ['ya lleno', 8],
      ['abrir pago', 10],
      ['cobro', 7],
      ['1ª línea', 8],
      ['req/s', 7],
      ['pico', 6],
      ['÷ pico', 6],
      ['total s', 8],
    ],
    all.map((r) => [
      r.label,
      `${r.shape.buyers}x${r.shape.seats}`,
      r.outcome.pagado,
      r.outcome.agotado,
      r.outcome.otro,
      r.outcome['5xx'],
      r.outcome['tiempo agotado'],
      r.neverTold,
      r.oversold,
      r.chargedUnpaid,
      fmt(r.latency.agotado.p99),
      fmt(r.latency['agotado, pedido con el día ya lleno'].p99),
      fmt(r.latency['abrir pago (éxito, con la fila)'].p99),
      fmt(r.latency['cobro (éxito, PayPal incluido)'].p99),
      fmt(r.latency['fila: primera línea'].p99),
      fmt(r.rps),
      fmt(r.peakRps),
      r.vsThroughput === null ? '–' : fmt(r.vsThroughput, 2),
      fmt(r.totalS, 1),
    ]),
  );
  const one = all.filter((r) => r.label === 'PostgreSQL, 1 proceso');
  const two = all.filter((r) => r.label === 'PostgreSQL, 2 procesos');
  if (one.length && two.length) {
    console.log('\nPostgreSQL: 2 procesos ÷ 1');
    table(
      [
        ['forma', 9, 'l'],
        ['req/s', 7],
        ['pico req/s', 10],
        ['atendidos/s', 11],
        ['total s', 8],
        ['abrir pago p99', 14],
      ],
      one
        .map((a) => [a, two.find((b) => b.shape === a.shape)])
        .filter(([, b]) => b)
        .map(([a, b]) => [
          `${a.shape.buyers}x${a.shape.seats}`,
          fmt(b.rps / a.rps, 2),
          fmt(b.peakRps / a.peakRps, 2),
          fmt(b.servedPerS / a.servedPerS, 2),
          fmt(b.totalS / a.totalS, 2),
          fmt(
            b.latency['abrir pago (éxito, con la fila)'].p99 /
              a.latency['abrir pago (éxito, con la fila)'].p99,
            2,
          ),
        ]),
    );
  }
}

/**
 * The on-sale part of `npm run bench` (scripts/bench.mjs): the PayPal stand-in, then the store
 * as scripts/bench.mjs starts it (`env`: BENCH_ENV and the admin) with the stand-in as PayPal
 * and its local proxy trusted, embedded (unless only=postgres) and on PostgreSQL with one and
 * two processes (unless only=pglite; a fresh database each).
 */
export async function benchOnsale({ root, port, env, only }) {
  const standin = await startPaypalStandin({ latencyMs: 80 });
  const storeEnv = {
    ...env,
    PAYPAL_CLIENT_ID: STANDIN_CREDENTIALS.clientId,
    PAYPAL_CLIENT_SECRET: STANDIN_CREDENTIALS.clientSecret,
    PAYPAL_API_BASE: standin.url,
    TRUST_PROXY: 'loopback',
  };
  const all = [];
  try {
    await onEachDatabase({ root, port, env: storeEnv, only, workers: [1, 2] }, async ({ url, label }) => {
      all.push(...(await runConfig({ base: url, standin, label })));
    });
  } finally {
    printSummary(all);
    console.log(
      `\nPayPal de pruebas: ${standin.stats.create} órdenes creadas, ${standin.captures.length} cobros, ` +
        `${standin.refunds.length} reembolsos, ${standin.stats.token} tokens, ${standin.stats.get} consultas`,
    );
    await standin.close();
  }
  return all;
}
