// Page speed with Lighthouse 12 in Debian's Chromium: performance score and LCP/TBT/CLS of
// the main pages, and each page's LCP as a ratio of the home page's in the same run.
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';

export async function benchPages(base) {
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
  const pages = ['/', '/collection', '/curso-anestesia', '/cuotas', '/login'];
  const rows = [];
  try {
    for (const p of pages) {
      const result = await lighthouse(`${base}${p}`, {
        port: chrome.port,
        onlyCategories: ['performance', 'accessibility', 'seo', 'best-practices'],
        logLevel: 'error',
        formFactor: 'mobile',
      });
      const lhr = result.lhr;
      rows.push({
        page: p,
        perf: Math.round((lhr.categories.performance.score ?? 0) * 100),
        a11y: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
        seo: Math.round((lhr.categories.seo.score ?? 0) * 100),
        bp: Math.round((lhr.categories['best-practices'].score ?? 0) * 100),
        lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
        tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
        error: lhr.runtimeError?.message,
      });
    }
  } finally {
    await chrome.kill();
  }
  const homeLcp = rows[0]?.lcp || 1;
  for (const r of rows.filter((x) => x.error)) console.log(`(${r.page}: ${r.error})`);
  console.log('\nPáginas (Lighthouse, móvil simulado)');
  console.log(
    'página'.padEnd(18),
    'perf'.padStart(5),
    'a11y'.padStart(5),
    'seo'.padStart(5),
    'bp'.padStart(5),
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
      r.lcp.toFixed(0).padStart(8),
      (r.lcp / homeLcp).toFixed(2).padStart(11),
      r.tbt.toFixed(0).padStart(7),
      r.cls.toFixed(3).padStart(6),
    );
  }
  return rows;
}
