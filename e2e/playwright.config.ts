// Browser journeys in Debian's Chromium against the built app, served on its own port with
// a fresh data folder (embedded database, demo data, outbox as .eml files).
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3210);
/** The fake PayPal (REST API and the browser SDK at /sdk/js) the store is pointed at. */
const paypalPort = Number(process.env.E2E_PAYPAL_PORT ?? port + 1);
const paypalBase = `http://127.0.0.1:${paypalPort}`;
process.env.E2E_PAYPAL_BASE = paypalBase;
export const e2eDataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'store-e2e-'));
process.env.E2E_DATA_DIR = e2eDataDir;
/** A second store as `npm run demo` runs it: the local PayPal simulator, its own data. */
const demoPort = Number(process.env.E2E_DEMO_PORT ?? port + 2);
process.env.E2E_DEMO_URL = `http://localhost:${demoPort}`;
const demoDataDir = process.env.E2E_DEMO_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'store-e2e-demo-'));
process.env.E2E_DEMO_DATA_DIR = demoDataDir;
/**
 * A third store as `npm run demo` runs it (the local PayPal and Stripe simulators, so card with
 * meses sin intereses, OXXO and SPEI are on) that also stamps CFDI with the fake Facturapi, for
 * e2e/tests/mx-payments.spec.ts. The demo store above stays without a PAC (its requests queue).
 */
const mxPort = Number(process.env.E2E_MX_PORT ?? port + 3);
process.env.E2E_MX_URL = `http://localhost:${mxPort}`;
const mxDataDir = process.env.E2E_MX_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'store-e2e-mx-'));
process.env.E2E_MX_DATA_DIR = mxDataDir;
/** The fake Facturapi (CFDI stamping) the main store and the Mexican ways-to-pay store are pointed at. */
const facturapiPort = Number(process.env.E2E_FACTURAPI_PORT ?? port + 5);
const facturapiBase = `http://127.0.0.1:${facturapiPort}`;
process.env.E2E_FACTURAPI_BASE = facturapiBase;
const facturapiKey = 'sk_test_e2e_facturapi';
/**
 * The main store's clock can be moved by a journey (e2e/support/server-clock.mjs, preloaded
 * into that store only): an offset in milliseconds written to this file.
 */
export const e2eClockFile = process.env.E2E_CLOCK_FILE ?? path.join(e2eDataDir, 'e2e-clock-offset-ms');
process.env.E2E_CLOCK_FILE = e2eClockFile;
const clockPreload = `--import=${pathToFileURL(path.resolve(import.meta.dirname, 'support/server-clock.mjs')).href}`;
const serverCommand =
  process.env.E2E_SERVER === 'source' ? 'npx tsx apps/api/src/server.ts' : 'node apps/api/dist/server.js';

/**
 * How long each store may take to come up. A fresh data folder is a first start: initdb, every
 * migration, the demo data (about 10 s on a quiet 2-core machine, 43 s at load 7, 111 s at load
 * 13). The stores start one after the other, before any journey; a journey keeps its own limit.
 */
const storeStartTimeout = 300_000;

/**
 * Journeys that read the whole catalogue (how many events, the newest, the first ten) run
 * first, before other journeys publish events of their own.
 */
const CATALOGUE = /\/(a11y|content|dates|home|keyboard|server-render|storefront)\.spec\.ts$/;

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  // Two browsers at a time (a file's journeys stay in order in one of them): every journey
  // has its own accounts, and what several share is kept apart by the projects below.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  projects: [
    { name: 'catalogue', testMatch: CATALOGUE, grepInvert: /@alone|@moved-clock/ },
    {
      name: 'journeys',
      testIgnore: CATALOGUE,
      grepInvert: /@alone|@moved-clock/,
      dependencies: ['catalogue'],
    },
    // A journey tagged @alone changes something every other one reads (the demo course's fee
    // schedule, the next answer the fake PayPal or Facturapi gives to anyone): it runs after
    // them, one at a time.
    { name: 'alone', grep: /@alone/, dependencies: ['journeys'], workers: 1 },
    // A journey that moves the store's clock (tagged @moved-clock) runs last. Moving the clock
    // back makes the embedded PostgreSQL's pending internal timers (armed on the moved clock)
    // fire in a 1 ms loop until the real time catches up, which would slow down every journey
    // that comes after it.
    { name: 'moved-clock', grep: /@moved-clock/, dependencies: ['alone'], workers: 1 },
  ],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'es-MX',
    // A trace records the DOM and a screencast of every action: a fifth of the run's CPU when
    // recorded for every journey (measured on a 2-core machine: 3.1 min against 2.5 min for the
    // same three files). It is recorded when a failed journey runs again (CI retries once);
    // E2E_TRACE=retain-on-failure (or `--trace on`) records it on the first run, locally.
    trace:
      (process.env.E2E_TRACE as 'on-first-retry' | 'retain-on-failure' | 'on' | undefined) ??
      'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      // Speaks PayPal's REST API and serves a fake JS SDK whose buttons drive the real
      // createOrder/onApprove code of the checkout (apps/api/src/dev/paypal-simulator/paypal-sdk.js).
      command: 'npx tsx apps/api/src/dev/paypal-simulator/paypal-server.ts',
      cwd: path.resolve(import.meta.dirname, '..'),
      url: `${paypalBase}/sdk/js`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { FAKE_PAYPAL_PORT: String(paypalPort) },
    },
    {
      // Speaks Facturapi's REST API (stamp, XML/PDF, cancel): apps/api/test/fakes/fake-facturapi.ts.
      command: 'npx tsx apps/api/test/fakes/fake-facturapi-server.ts',
      cwd: path.resolve(import.meta.dirname, '..'),
      url: `${facturapiBase}/__fake/invoices`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { FAKE_FACTURAPI_PORT: String(facturapiPort), FAKE_FACTURAPI_KEY: facturapiKey },
    },
    {
      // E2E_SERVER=source runs the API from source (tsx) with WEB_DIST pointing at a private
      // build, so several people can run journeys at once without sharing dist/ folders.
      command: serverCommand,
      cwd: path.resolve(import.meta.dirname, '..'),
      url: `http://localhost:${port}/api/product/list`,
      reuseExistingServer: false,
      timeout: storeStartTimeout,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'test',
        NODE_OPTIONS: [process.env.NODE_OPTIONS, clockPreload].filter(Boolean).join(' '),
        E2E_CLOCK_FILE: e2eClockFile,
        PORT: String(port),
        DATA_DIR: e2eDataDir,
        PUBLIC_URL: `http://localhost:${port}`,
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'true',
        ADMIN_EMAIL: 'admin@e2e.test',
        ADMIN_PASSWORD: 'admin-e2e-clave',
        // Every browser of the run comes from one address, two at a time: the per-IP limits
        // would refuse honest journeys. The limits themselves are proven by the API tests.
        RATE_LIMIT_LOGIN_MAX: '1000',
        RATE_LIMIT_REGISTER_MAX: '1000',
        RATE_LIMIT_RESET_MAX: '1000',
        RATE_LIMIT_COUPON_MAX: '1000',
        RATE_LIMIT_CONTACT_MAX: '1000',
        RATE_LIMIT_ADMIN_MAX: '3000',
        RATE_LIMIT_ORDER_MAX: '1000',
        ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
        // The fake's default credentials (apps/api/src/dev/paypal-simulator/fake-paypal.ts).
        PAYPAL_CLIENT_ID: 'fake-client-id',
        PAYPAL_CLIENT_SECRET: 'fake-client-secret',
        PAYPAL_WEBHOOK_ID: 'WH-FAKE-0001',
        PAYPAL_API_BASE: paypalBase,
        PAYPAL_SDK_BASE: paypalBase,
        // CFDI through the fake provider; the demo store below has no key (requests queue).
        CFDI_API_URL: facturapiBase,
        CFDI_API_KEY: facturapiKey,
        CFDI_INTERVAL_MS: '500',
        // The constancias job looks often: a journey waits for it after moving the clock.
        CONSTANCIA_INTERVAL_MS: '2000',
        // The fake's lugar de expedición (público en general's zip).
        CFDI_ISSUER_ZIP: '06700',
      },
    },
    {
      // The demo store (e2e/tests/demo.spec.ts): PAYPAL_SIMULATOR=true and NODE_ENV=production
      // on the embedded database, what `npm run demo` starts but for its Stripe simulator (the
      // store below has it): PayPal alone at checkout, as these journeys expect.
      command: serverCommand,
      cwd: path.resolve(import.meta.dirname, '..'),
      url: `http://localhost:${demoPort}/api/site-config`,
      reuseExistingServer: false,
      timeout: storeStartTimeout,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'production',
        PAYPAL_SIMULATOR: 'true',
        PORT: String(demoPort),
        DATA_DIR: demoDataDir,
        PUBLIC_URL: `http://localhost:${demoPort}`,
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'true',
        ADMIN_EMAIL: 'admin@e2e.test',
        ADMIN_PASSWORD: 'admin-e2e-clave',
        ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
      },
    },
    {
      // The Mexican ways to pay (e2e/tests/mx-payments.spec.ts): `npm run demo` (both simulators,
      // NODE_ENV=production, the embedded database; the Stripe simulator turns card, OXXO and SPEI
      // on in its fresh database) with CFDI stamped by the fake Facturapi, so a PPD invoice and
      // its payment complement are really stamped.
      command: serverCommand,
      cwd: path.resolve(import.meta.dirname, '..'),
      url: `http://localhost:${mxPort}/api/site-config`,
      reuseExistingServer: false,
      timeout: storeStartTimeout,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'production',
        PAYPAL_SIMULATOR: 'true',
        STRIPE_SIMULATOR: 'true',
        PORT: String(mxPort),
        DATA_DIR: mxDataDir,
        PUBLIC_URL: `http://localhost:${mxPort}`,
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'true',
        ADMIN_EMAIL: 'admin@e2e.test',
        ADMIN_PASSWORD: 'admin-e2e-clave',
        // Several members a journey, all from this machine (as the main store allows).
        RATE_LIMIT_LOGIN_MAX: '1000',
        RATE_LIMIT_REGISTER_MAX: '1000',
        RATE_LIMIT_ORDER_MAX: '1000',
        RATE_LIMIT_ADMIN_MAX: '3000',
        ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
        CFDI_API_URL: facturapiBase,
        CFDI_API_KEY: facturapiKey,
        CFDI_INTERVAL_MS: '500',
        CFDI_ISSUER_ZIP: '06700',
      },
    },
  ],
});
