import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { products } from '../../db/schema';
import { createTestContext, seeChangesFirst, type TestContext } from '../../../test/context';
import { createProduct } from '../../../test/factories';
import { assemble } from './server-pages';

// As the web build writes it: the entry, the helper it imports, and preloads of the app it
// imports once the first screen is shown (kept for the pages only the browser renders).
const INDEX = [
  '<!doctype html><html lang="es"><head><title>AMACC · Anestesia cardiovascular</title>',
  '    <script type="module" crossorigin src="/assets/index-1.js"></script>',
  '    <link rel="modulepreload" crossorigin href="/assets/helper-1.js">',
  '    <link rel="modulepreload" crossorigin href="/assets/app-1.js">',
  '    <link rel="modulepreload" crossorigin href="/assets/runtime-1.js">',
  '  </head><body><div id="root"></div></body></html>',
].join('\n');
const SERVED = INDEX.replace('<html ', '<html data-payments-mode="real" ');

const MANIFEST = {
  'index.html': {
    file: 'assets/index-1.js',
    isEntry: true,
    imports: ['_helper.js'],
    dynamicImports: ['src/app/start.tsx'],
  },
  '_helper.js': { file: 'assets/helper-1.js' },
  'src/app/start.tsx': { file: 'assets/app-1.js', isEntry: true, imports: ['_runtime.js', '_helper.js'] },
  '_runtime.js': { file: 'assets/runtime-1.js' },
  'src/app/routes/home.tsx': { file: 'assets/home-1.js', imports: ['src/app/start.tsx', '_grid.js'] },
  '_grid.js': { file: 'assets/grid-1.js' },
};

/**
 * A stand-in for the web build's server entry with the same contract: it renders the
 * upcoming events' names, hands back every product it was given in the data script, counts
 * its renders and fails for /falla.
 */
const FAKE_ENTRY = `
const esc = (s) => String(s).replace(/[&<>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
globalThis.__serverRenders = 0;
export function isServerPage(url) {
  return new URL(url, 'http://x').pathname !== '/login';
}
export async function render({ url, origin, paymentsMode, products }) {
  const u = new URL(url, 'http://x');
  if (u.pathname === '/login') return null;
  globalThis.__serverRenders++;
  if (u.pathname === '/falla') throw new Error('falla de prueba');
  const list = await products('proximos');
  return {
    head: '<title>Portada · ' + esc(origin) + ' · ' + paymentsMode + '</title>',
    body: '<main>' + list.map((p) => '<h2>' + esc(p.name) + '</h2>').join('') + '</main>',
    state: '<script type="application/json" id="server-state">' +
      JSON.stringify({ queries: [[['products'], list]] }).replace(/</g, '\\\\u003c') + '</script>',
    modules: ['src/app/routes/home.tsx'],
  };
}`;

const renders = () => (globalThis as { __serverRenders?: number }).__serverRenders ?? 0;

describe('server-rendered public pages', () => {
  let ctx: TestContext;
  let app: FastifyInstance;
  const warnings: string[] = [];
  beforeAll(async () => {
    ctx = await createTestContext();
    const webDist = path.join(ctx.config.dataDir, 'web');
    mkdirSync(path.join(webDist, '.vite'), { recursive: true });
    writeFileSync(path.join(webDist, 'index.html'), INDEX);
    writeFileSync(path.join(webDist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    mkdirSync(path.join(ctx.config.dataDir, 'dist-ssr'), { recursive: true });
    writeFileSync(path.join(ctx.config.dataDir, 'dist-ssr', 'entry-server.js'), FAKE_ENTRY);
    app = await buildApp({ config: ctx.config, database: ctx.database, webDist });
    const warn = app.log.warn.bind(app.log);
    app.log.warn = ((obj: unknown, msg?: string) => {
      warnings.push(String(msg ?? obj));
      return warn(obj as object, msg);
    }) as typeof app.log.warn;
    seeChangesFirst(app);
  });
  afterAll(async () => {
    await app.close();
    await ctx.close();
  });

  it('sends / with its content, head tags, data and preloads of its page module', async () => {
    await createProduct(ctx.database.db, { name: 'Curso de <ecocardiografía> & más' });
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root"><main><h2>Curso de &#60;ecocardiografía&#62; &#38; más</h2>');
    expect(res.body).toContain('<title>Portada · http://tienda.test · real</title>');
    expect(res.body).not.toContain('<title>AMACC · Anestesia cardiovascular</title>');
    expect(res.body).toContain('<html data-payments-mode="real" lang="es">');
    // The page's own chunks are preloaded; the entry's are already in index.html. The app's are
    // not: it is fetched once the first screen is shown.
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/home-1.js">');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/grid-1.js">');
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(res.body.match(/href="\/assets\/helper-1.js"/g)).toHaveLength(1);
    expect(res.body).not.toContain('href="/assets/app-1.js"');
    expect(res.body).not.toContain('href="/assets/runtime-1.js"');
    const state = /<script type="application\/json" id="server-state">(.*?)<\/script>/.exec(res.body)?.[1];
    expect(JSON.parse(state ?? '').queries[0][1][0].name).toBe('Curso de <ecocardiografía> & más');
  });

  it('never puts a stream link in a page', async () => {
    await createProduct(ctx.database.db, {
      name: 'Congreso con transmisión',
      days: [{ label: 'Día 1', streamUrl: 'https://www.youtube.com/watch?v=secretostre' }],
    });
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.body).toContain('Congreso con transmisión');
    expect(res.body).not.toContain('secretostre');
    expect(res.body).not.toContain('streamUrl');
  });

  it('renders a page once and serves it compressed, with an ETag and 304', async () => {
    const first = await app.inject({ method: 'GET', url: '/?orden=a' });
    const before = renders();
    const br = await app.inject({
      method: 'GET',
      url: '/?orden=a',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    const gz = await app.inject({ method: 'GET', url: '/?orden=a', headers: { 'accept-encoding': 'gzip' } });
    const none = await app.inject({
      method: 'GET',
      url: '/?orden=a',
      headers: { 'accept-encoding': 'br;q=0' },
    });
    expect(renders()).toBe(before);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(first.body);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(first.body);
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(first.body);
    expect(br.headers.vary).toContain('Accept-Encoding');

    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.inject({ method: 'GET', url: '/?orden=a', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('renders again after an event changes, in the same second', async () => {
    const { product } = await createProduct(ctx.database.db, { name: 'Nombre anterior' });
    const before = await app.inject({ method: 'GET', url: '/' });
    expect(before.body).toContain('Nombre anterior');
    await ctx.database.db.update(products).set({ name: 'Nombre nuevo' }).where(eq(products.id, product.id));
    const after = await app.inject({ method: 'GET', url: '/' });
    expect(after.body).toContain('Nombre nuevo');
    expect(after.body).not.toContain('Nombre anterior');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('sends index.html as built for pages the server does not render, compressed and tagged', async () => {
    const res = await app.inject({ method: 'GET', url: '/login' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(SERVED);
    const br = await app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(SERVED);
    const gz = await app.inject({ method: 'GET', url: '/login', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(SERVED);
    const again = await app.inject({
      method: 'GET',
      url: '/login',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.headers['cache-control']).toBe('no-cache');
  });

  it('falls back to index.html when a render fails, and tries again on the next request', async () => {
    const before = renders();
    const first = await app.inject({ method: 'GET', url: '/falla' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe(SERVED);
    const second = await app.inject({ method: 'GET', url: '/falla' });
    expect(second.body).toBe(SERVED);
    expect(renders()).toBe(before + 2);
    expect(warnings.some((w) => w.includes('server render failed'))).toBe(true);
  });

  it('keeps a bounded number of pages', async () => {
    const { MAX_PAGES } = await import('./server-pages');
    const before = renders();
    for (let i = 0; i < MAX_PAGES + 5; i++) await app.inject({ method: 'GET', url: `/?n=${i}` });
    expect(renders()).toBe(before + MAX_PAGES + 5);
    // The first ones were dropped to make room: rendered again.
    await app.inject({ method: 'GET', url: '/?n=0' });
    expect(renders()).toBe(before + MAX_PAGES + 6);
    // The last ones are still held.
    await app.inject({ method: 'GET', url: `/?n=${MAX_PAGES + 4}` });
    expect(renders()).toBe(before + MAX_PAGES + 6);
  });
});

describe('assemble', () => {
  it('keeps $ patterns of the content as text', () => {
    const html = assemble(
      '<html><head><title>x</title></head><body><div id="root"></div></body></html>',
      { head: "<title>$& $' $`</title>", body: '<p>$&</p>', state: '<script>{}</script>' },
      '',
    );
    expect(html).toBe(
      '<html><head><title>$& $\' $`</title></head><body><div id="root"><p>$&</p></div><script>{}</script></body></html>',
    );
  });

  it('refuses a page without the root element', () => {
    expect(
      assemble('<html><head></head><body></body></html>', { head: '', body: '', state: '' }, ''),
    ).toBeNull();
  });
});
