// API throughput: each endpoint's requests/second as a ratio of a static file served by the
// same process in the same run (1.00 = as fast as serving a file), plus p99 latency.
import autocannon from 'autocannon';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);

function run(url, opts = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: 20, duration: DURATION, ...opts }, (err, res) => (err ? reject(err) : resolve(res)));
  });
}

export async function benchApi(base) {
  const targets = [
    ['archivo estático (referencia)', `${base}/favicon.svg`],
    ['GET /api/health', `${base}/api/health`],
    ['GET /api/product/list', `${base}/api/product/list`],
    ['GET / (SPA)', `${base}/`],
  ];
  const rows = [];
  for (const [name, url] of targets) {
    const res = await run(url);
    rows.push({ name, rps: res.requests.average, p99: res.latency.p99, errors: res.errors + res.non2xx });
  }
  const baseline = rows[0].rps || 1;
  console.log(`\nAPI (${DURATION}s por punto, 20 conexiones)`);
  console.log('endpoint'.padEnd(34), 'req/s'.padStart(9), 'ratio'.padStart(7), 'p99 ms'.padStart(8), 'errores'.padStart(8));
  for (const r of rows) {
    console.log(r.name.padEnd(34), r.rps.toFixed(0).padStart(9), (r.rps / baseline).toFixed(2).padStart(7), String(r.p99).padStart(8), String(r.errors).padStart(8));
  }
  return rows;
}
