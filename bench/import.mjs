// Store responsiveness during a 5,000-row member import: p50/p99/max latency of
// GET /api/product/list while the import runs, against the same figures with no import.
// `npm run bench:import` (builds if needed). Figures are printed, never asserted.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from './server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROWS = Number(process.env.IMPORT_ROWS ?? 5000);
const WORKERS = 4;

function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Hammers the catalogue with WORKERS sequential clients until `until` settles. */
async function measure(base, until) {
  const latencies = [];
  let errors = 0;
  let done = false;
  until.finally(() => (done = true));
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      while (!done) {
        const t = performance.now();
        const res = await fetch(`${base}/api/product/list`).catch(() => null);
        if (!res?.ok) errors += 1;
        await res?.arrayBuffer();
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies.at(-1),
  };
}

if (!existsSync(path.join(root, 'apps/api/dist/server.js'))) {
  console.error('Falta apps/api/dist/server.js: ejecuta npm run build');
  process.exit(1);
}
const server = await startServer(root, Number(process.env.BENCH_PORT ?? 3410), {
  ADMIN_EMAIL: 'bench@asociacion.mx',
  ADMIN_PASSWORD: 'clave-de-benchmark-larga',
  RATE_LIMIT_ADMIN_MAX: '100000',
  OUTBOX_INTERVAL_MS: '600000',
});
try {
  const login = await fetch(`${server.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@asociacion.mx', password: 'clave-de-benchmark-larga' }),
  });
  const { token } = await login.json();
  // Names accept letters only: the row number spelt in letters (0 → A, 1 → B, …).
  const letters = (i) => [...String(i)].map((d) => String.fromCharCode(65 + Number(d))).join('');
  const rows = Array.from({ length: ROWS }, (_, i) => `SOCIO ${letters(i)},socio${i}@bench.mx,general`);
  const csv = ['name,email,userType', ...rows].join('\n');

  const idle = await measure(server.url, new Promise((r) => setTimeout(r, 3000)));
  const started = performance.now();
  const importDone = fetch(`${server.url}/api/admin/members/import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: JSON.stringify({ csv }),
  }).then(async (res) => ({ status: res.status, body: await res.json(), ms: performance.now() - started }));
  const during = await measure(server.url, importDone);
  const result = await importDone;

  const fmt = (n) => `${n.toFixed(1)} ms`;
  console.log(
    `\nImportación de ${ROWS} cuentas: ${result.status} ${result.body.message ?? ''} en ${fmt(result.ms)}`,
  );
  console.log('GET /api/product/list      peticiones  errores      p50      p99      máx');
  for (const [name, m] of [
    ['sin importación', idle],
    ['durante la importación', during],
  ]) {
    console.log(
      `  ${name.padEnd(24)} ${String(m.requests).padStart(10)} ${String(m.errors).padStart(8)} ${fmt(m.p50).padStart(8)} ${fmt(m.p99).padStart(8)} ${fmt(m.max).padStart(8)}`,
    );
  }
} finally {
  await server.stop();
}
