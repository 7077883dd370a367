// Page speed with Lighthouse 12 in Debian's Chromium: performance score and LCP/TBT/CLS of
// the main pages (the median of BENCH_LIGHTHOUSE_RUNS runs, 3), and each page's LCP as a ratio
// of the home page's in the same run.
//
// Alone: `node bench/pages.mjs [--page=/cuotas ...] [--runs=1] [--base=http://127.0.0.1:3600]`
// measures only the pages named (`/product/:id` is the first event of the catalogue), against
// the store already answering at --base, or else against the built store started on
// BENCH_PORT (3400) with the demo data, as `npm run bench` does.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { startServer } from './server.mjs';

const PAGES = ['/', '/collection', '/product/:id', '/curso-anestesia', '/cuotas', '/login'];

export async function benchPages(base, { only = PAGES, runs: runsAsked } = {}) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const list = await (await fetch(`${base}/api/product/list`)).json();
  const productId = list.products[0]?._id;
  const pages = only.flatMap((p) =>
    p !== '/product/:id' ? [p] : productId ? [`/product/${productId}`] : [],
  );
  const runs = runsAsked ?? Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const rows = [];
  try {
    for (const p of pages) {
      const results = [];
      for (let i = 0; i < runs; i++) {
        const { lhr } = await lighthouse(`${base}${p}`, {
          port: chrome.port,
          onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'],
          logLevel: 'error',
          formFactor: 'mobile',
        });
        results.push({
          perf: Math.round((lhr.categories.performance.score ?? 0) * 100),
          a11y: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
          seo: Math.round((lhr.categories.seo.score ?? 0) * 100),
          bp: Math.round((lhr.categories['best-practices'].score ?? 0) * 100),
          lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
          fcp: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
          tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
          cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
          error: lhr.runtimeError?.message,
        });
      }
      const row = {
        page: p.startsWith('/product/') ? '/product/:id' : p,
        error: results.find((r) => r.error)?.error,
      };
      for (const key of ['perf', 'a11y', 'seo', 'bp', 'lcp', 'fcp', 'tbt', 'cls'])
        row[key] = median(results.map((r) => r[key]));
      rows.push(row);
    }
  } finally {
    await chrome.kill();
  }
  const homeLcp = rows.find((r) => r.page === '/')?.lcp || rows[0]?.lcp || 1;
  for (const r of rows.filter((x) => x.error)) console.log(`(${r.page}: ${r.error})`);
  console.log(`\nPáginas (Lighthouse, móvil simulado, mediana de ${runs})`);
  console.log(
    'página'.padEnd(18),
    'perf'.padStart(5),
    'a11y'.padStart(5),
    'seo'.padStart(5),
    'bp'.padStart(5),
    'FCP ms'.padStart(8),
    'LCP ms'.padStart(8),
    'LCP/inicio'.padStart(11),
    'TBT ms'.padStart(7),
    'CLS'.padStart(6),
  );
  for (const r of rows) {
    console.log(
      r.page.padEnd(18),
      String(r.perf).padStart(5),
      String(r.a11y).padStart(5),
      String(r.seo).padStart(5),
      String(r.bp).padStart(5),
      r.fcp.toFixed(0).padStart(8),
      r.lcp.toFixed(0).padStart(8),
      (r.lcp / homeLcp).toFixed(2).padStart(11),
      r.tbt.toFixed(0).padStart(7),
      r.cls.toFixed(3).padStart(6),
    );
  }
  return rows;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const option = (name) =>
    process.argv.filter((a) => a.startsWith(`--${name}=`)).map((a) => a.slice(name.length + 3));
  const only = option('page');
  const runs = option('runs')[0];
  const options = { only: only.length ? only : PAGES, runs: runs ? Number(runs) : undefined };
  const base = option('base')[0];
  if (base) await benchPages(base, options);
  else {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const server = await startServer(root, Number(process.env.BENCH_PORT ?? 3400));
    try {
      await benchPages(server.url, options);
    } finally {
      await server.stop();
    }
  }
}
