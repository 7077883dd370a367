// The 9:00 rush as it happens: a wave of buyers, each owning one paid day of the event and
// signed in with their own token, arrive all at once (not a closed loop); each opens one
// connection, calls POST /api/order/userorders (My products) and then
// GET /api/product/single/:id (the stream page). Three waves of 500 and three of 1,000
// buyers; per wave, the time from the wave's start until a buyer has both answers (p50,
// p99) and until the last buyer has them (wall), beside a wave of the same shape answered
// by hello-world just before it.
import http from 'node:http';
import os from 'node:os';

export const RUSH_WAVES = Number(process.env.BENCH_RUSH_WAVES ?? 3);
export const RUSH_SIZES = (process.env.BENCH_RUSH_SIZES ?? '500,1000').split(',').map(Number);

/** One request on the buyer's own keep-alive connection; resolves to the status code. */
function request(agent, url, method, token) {
  return new Promise((resolve) => {
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: {
          token,
          ...(method === 'POST' ? { 'content-type': 'application/json', 'content-length': 2 } : {}),
        },
      },
      (res) => {
        res.on('data', () => undefined);
        res.on('end', () => resolve(res.statusCode));
        res.on('error', () => resolve(0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(method === 'POST' ? '{}' : undefined);
  });
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** One wave: every token at once, each calling `calls` ([{ url, method }]) one after the other. */
export async function rushWave(tokens, calls) {
  const start = performance.now();
  let errors = 0;
  const done = await Promise.all(
    tokens.map(async (token) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (const { url, method } of calls) {
          if ((await request(agent, url, method, token)) !== 200) errors++;
        }
        return performance.now() - start;
      } finally {
        agent.destroy();
      }
    }),
  );
  const wall = performance.now() - start;
  done.sort((x, y) => x - y);
  return {
    buyers: tokens.length,
    wall: Math.round(wall),
    p50: Math.round(percentile(done, 50)),
    p99: Math.round(percentile(done, 99)),
    rps: Math.round((calls.length * tokens.length) / (wall / 1000)),
    errors,
  };
}

/**
 * RUSH_WAVES waves for each size in RUSH_SIZES (a pause between waves lets the server
 * settle). Before each wave of the store, hello-world answers a wave of the same shape (as
 * many buyers, each on their own connection, two calls one after the other) as the reference
 * of that moment; the load average of the machine is printed with each pair.
 */
export async function rushWaves({ base, hello, tokens, productId, label }) {
  const store = [
    { url: `${base}/api/order/userorders`, method: 'POST' },
    { url: `${base}/api/product/single/${productId}`, method: 'GET' },
  ];
  const reference = [
    { url: hello, method: 'GET' },
    { url: hello, method: 'GET' },
  ];
  const pause = () => new Promise((r) => setTimeout(r, 1000));
  const results = [];
  for (const size of RUSH_SIZES) {
    for (let w = 1; w <= RUSH_WAVES; w++) {
      const load = os.loadavg()[0].toFixed(1);
      await pause();
      results.push({
        what: 'hello-world',
        wave: w,
        load,
        ...(await rushWave(tokens.slice(0, size), reference)),
      });
      await pause();
      results.push({ what: 'tienda', wave: w, load, ...(await rushWave(tokens.slice(0, size), store)) });
    }
  }
  console.log(`\nLa ola de las 9:00 — ${label} (cada comprador: userorders y luego product/single)`);
  console.log(
    'servidor'.padEnd(12),
    'compradores'.padStart(11),
    'ola'.padStart(4),
    'carga'.padStart(6),
    'total ms'.padStart(9),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'req/s'.padStart(7),
    'errores'.padStart(8),
    'p99 ÷ hello'.padStart(12),
  );
  let reference99 = null;
  for (const r of results) {
    if (r.what === 'hello-world') reference99 = r.p99;
    console.log(
      r.what.padEnd(12),
      String(r.buyers).padStart(11),
      String(r.wave).padStart(4),
      r.load.padStart(6),
      String(r.wall).padStart(9),
      String(r.p50).padStart(8),
      String(r.p99).padStart(8),
      String(r.rps).padStart(7),
      String(r.errors).padStart(8),
      (r.what === 'tienda' && reference99 ? (r.p99 / reference99).toFixed(1) : '').padStart(12),
    );
  }
  return results;
}
