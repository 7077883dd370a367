// Where a wave of the rush spends the server's CPU: starts the built store with the inspector,
// prepares the buyers as `npm run bench` does, profiles one wave (Profiler.start/stop through
// the inspector, so the set-up is not in the profile) and prints the functions with the most
// self time, and the share of the wave the server's main thread was busy. Writes the whole
// profile to `profile-rush-<database>.cpuprofile` (`profile-list-…` for the catalogue) (open it in Chrome's DevTools).
//
//   node bench/profile.mjs [pglite|postgres] [buyers=500]
//   node bench/profile.mjs postgres 1 orders=1000   (one buyer with 1,000 orders, 50 connections)
//   node bench/profile.mjs postgres 1 orders=1000 get   (the same, asked as /orders asks: GET, brotli)
//   node bench/profile.mjs pglite list              (GET /api/product/list, 50 connections,
//                                                    beside hello-world's req/s in the same run)
import { writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import WebSocket from 'ws';
import { root } from '../scripts/lib.mjs';
import { startServer } from './server.mjs';
import { prepareRush, BENCH_ADMIN, BENCH_ENV } from './api.mjs';
import { rushWave } from './rush.mjs';
import { load } from './load.mjs';
import { startHello } from './hello.mjs';

const [kind = 'pglite', buyersArg = '500', ordersArg] = process.argv.slice(2);
const catalogue = buyersArg === 'list';
const buyers = catalogue ? 0 : Number(buyersArg);
const orders = ordersArg ? Number(ordersArg.replace('orders=', '')) : 0;
/** The buyer's orders asked as the page asks them (GET with Accept-Encoding: br), not POST. */
const asPage = process.argv.slice(2).includes('get');
const port = Number(process.env.BENCH_PORT ?? 3400);
const inspectPort = port + 8;

let dropDatabase = async () => {};
const env = { ...BENCH_ENV, ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password };
if (kind === 'postgres') {
  const adminUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `store_prof_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  dropDatabase = async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
}

const server = await startServer(root, port, env, [`--inspect=127.0.0.1:${inspectPort}`]);
try {
  const { tokens, productId, buyer } = await prepareRush(server.url, { buyers, orders });
  const targets = await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json();
  const ws = new WebSocket(targets[0].webSocketDebuggerUrl);
  await new Promise((r) => ws.once('open', r));
  let id = 0;
  const send = (method, params = {}) =>
    new Promise((resolve) => {
      const me = ++id;
      const onMessage = (data) => {
        const msg = JSON.parse(data.toString());
        if (msg.id === me) {
          ws.off('message', onMessage);
          resolve(msg.result);
        }
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify({ id: me, method, params }));
    });
  await send('Profiler.enable');
  await send('Profiler.setSamplingInterval', { interval: 200 });
  await send('Profiler.start');
  const started = performance.now();
  let result;
  if (catalogue) {
    result = await load(`${server.url}/api/product/list`, { connections: 50 });
  } else if (orders && asPage) {
    // As the page's repeat visits: the buyer's snapshot already built (npm run bench does the same).
    await (await fetch(`${server.url}/api/order/userorders`, { headers: { token: buyer } })).arrayBuffer();
    result = await load(`${server.url}/api/order/userorders`, {
      connections: 50,
      headers: { token: buyer, 'accept-encoding': 'br' },
    });
  } else if (orders) {
    result = await load(`${server.url}/api/order/userorders`, {
      connections: 50,
      method: 'POST',
      body: '{}',
      headers: { token: buyer, 'content-type': 'application/json' },
    });
  } else {
    result = await rushWave(tokens, [
      { url: `${server.url}/api/order/userorders`, method: 'POST' },
      { url: `${server.url}/api/product/single/${productId}`, method: 'GET' },
    ]);
  }
  const wallMs = performance.now() - started;
  const { profile } = await send('Profiler.stop');
  ws.close();
  const file = path.join(root, `profile-${catalogue ? 'list' : 'rush'}-${kind}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));

  // Self time per function (and per "category": idle, garbage collector, program, code).
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  profile.samples.forEach((sid, i) => {
    const n = byId.get(sid);
    const dt = profile.timeDeltas[i] ?? 0;
    const f = n.callFrame;
    const where = f.url
      ? `${f.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/dist\//, 'dist/')}:${f.lineNumber + 1}`
      : '';
    const key = `${f.functionName || '(anonymous)'} ${where}`.trim();
    self.set(key, (self.get(key) ?? 0) + dt);
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const idle = self.get('(idle)') ?? 0;
  console.log(JSON.stringify(result));
  if (catalogue) {
    // The reference of the moment, without the profiler (which slows the store a little).
    const hello = await startHello(root, port + 1);
    try {
      const h = await load(hello.url, { connections: 50 });
      console.log(
        `hello-world: ${h.rps.toFixed(0)} req/s, p99 ${h.p99} ms; product/list bajo el perfilador ${(result.rps / h.rps).toFixed(3)} × hello-world`,
      );
    } finally {
      await hello.stop();
    }
  }
  const what = catalogue
    ? 'GET /api/product/list, 50 conexiones'
    : orders
      ? `un comprador con ${orders} órdenes${asPage ? ' (GET, brotli)' : ''}, 50 conexiones`
      : `ola de ${buyers}`;
  console.log(
    `\nPerfil (${kind}, ${what}): ${(total / 1000).toFixed(0)} ms perfilados en ${wallMs.toFixed(0)} ms; hilo principal ocupado ${(((total - idle) / total) * 100).toFixed(0)} %`,
  );
  const byPackage = new Map();
  for (const [key, us] of self) {
    const pkg = /^\S+ (@?[^/:\s]+(?:\/[^/:\s]+)?)/.exec(key)?.[1] ?? key.split(' ')[0];
    const group = key.startsWith('(')
      ? key.split(' ')[0]
      : pkg.startsWith('@') || !pkg.includes('.')
        ? pkg
        : pkg.split('/')[0];
    byPackage.set(group, (byPackage.get(group) ?? 0) + us);
  }
  console.log('\nPor paquete (tiempo propio):');
  for (const [k, us] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
    console.log(`${((us / total) * 100).toFixed(1).padStart(6)} %  ${k}`);
  }
  console.log('\nFunciones con más tiempo propio:');
  for (const [k, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
    console.log(`${((us / total) * 100).toFixed(1).padStart(6)} %  ${k}`);
  }
  console.log(`\nPerfil completo: ${file}`);
} finally {
  await server.stop();
  await dropDatabase();
}
