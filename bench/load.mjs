// autocannon wrapper and the table printer shared by the API benchmarks.
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';

export const DURATION = Number(process.env.BENCH_SECONDS ?? 5);

/** One autocannon run; `tokens` gives each connection its own session token. */
export function load(url, { connections = 50, tokens, ...opts } = {}) {
  let next = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections,
        duration: DURATION,
        ...opts,
        ...(tokens
          ? {
              setupClient: (client) =>
                client.setHeaders({ ...opts.headers, token: tokens[next++ % tokens.length] }),
            }
          : {}),
      },
      (err, res) =>
        err
          ? reject(err)
          : resolve({
              rps: res.requests.average,
              p99: res.latency.p99,
              // A 304 is an answer, not an error.
              errors: res.errors + res.timeouts + res['4xx'] + res['5xx'],
            }),
    );
  });
}

/** Resident memory in MB of a process and its children (the cluster's workers), Linux. */
export function rssMb(pid) {
  try {
    const kb = (p) =>
      Number(
        readFileSync(`/proc/${p}/status`, 'utf8')
          .split('\n')
          .find((l) => l.startsWith('VmRSS:'))
          ?.replace(/\D+/g, '') ?? NaN,
      );
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean);
    return Math.round([pid, ...children].reduce((sum, p) => sum + kb(p), 0) / 1024);
  } catch {
    return NaN;
  }
}

/** `baseline`: hello-world's req/s by connections; a row's own `ref` (measured beside it) wins. */
export function printTable(title, rows, baseline) {
  console.log(`\n${title}`);
  console.log(
    'medida'.padEnd(50),
    'conex.'.padStart(6),
    'req/s'.padStart(9),
    'ratio'.padStart(7),
    'p99 ms'.padStart(8),
    'errores'.padStart(8),
    'hello req/s'.padStart(12),
    'hello p99'.padStart(10),
  );
  for (const r of rows) {
    const ref = r.ref ?? baseline[r.connections];
    console.log(
      r.name.padEnd(50),
      String(r.connections).padStart(6),
      r.rps.toFixed(0).padStart(9),
      (ref ? r.rps / ref : NaN).toFixed(3).padStart(7),
      String(r.p99).padStart(8),
      String(r.errors).padStart(8),
      (ref ? ref.toFixed(0) : '').padStart(12),
      String(r.refP99 ?? '').padStart(10),
    );
  }
}
