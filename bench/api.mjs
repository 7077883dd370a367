// API throughput: each endpoint's requests/second as a ratio of a static file served by the
// same process in the same run (1.00 = as fast as serving a file), plus p99 latency.
import autocannon from 'autocannon';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);

function run(url, opts = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: 20, duration: DURATION, ...opts }, (err, res) =>
      err ? reject(err) : resolve(res),
    );
  });
}

async function demoSession(base) {
  const login = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'medico@demo.mx', password: 'Anestesia-Demo-2026' }),
  });
  const { token } = await login.json();
  const list = await (await fetch(`${base}/api/product/list`)).json();
  return { token, productId: list.products[0]._id };
}

export async function benchApi(base) {
  const { token, productId } = await demoSession(base);
  const auth = { headers: { token, 'content-type': 'application/json' } };
  const targets = [
    ['archivo estático (referencia)', `${base}/favicon.svg`, {}],
    ['GET /api/health', `${base}/api/health`, {}],
    ['GET /api/product/list', `${base}/api/product/list`, {}],
    ['GET /api/product/single/:id (sesión)', `${base}/api/product/single/${productId}`, auth],
    ['POST /api/cart/get (sesión)', `${base}/api/cart/get`, { ...auth, method: 'POST', body: '{}' }],
    ['GET / (SPA)', `${base}/`, {}],
  ];
  const rows = [];
  for (const [name, url, opts] of targets) {
    const res = await run(url, opts);
    rows.push({ name, rps: res.requests.average, p99: res.latency.p99, errors: res.errors + res.non2xx });
  }
  const baseline = rows[0].rps || 1;
  console.log(`\nAPI (${DURATION}s por punto, 20 conexiones)`);
  console.log(
    'endpoint'.padEnd(40),
    'req/s'.padStart(9),
    'ratio'.padStart(7),
    'p99 ms'.padStart(8),
    'errores'.padStart(8),
  );
  for (const r of rows) {
    console.log(
      r.name.padEnd(40),
      r.rps.toFixed(0).padStart(9),
      (r.rps / baseline).toFixed(2).padStart(7),
      String(r.p99).padStart(8),
      String(r.errors).padStart(8),
    );
  }
  return rows;
}
