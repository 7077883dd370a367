// The catalogue snapshot (modules/products/snapshot.ts): product/list and sitemap.xml come
// from bytes held in memory with a strong ETag (304 on If-None-Match), are fresh after every
// change to an event, its days or its seats (database triggers → NOTIFY → every process),
// and never hold a stream link or anything about a user. On PostgreSQL, a second API process
// on the same database serves an edit made through the first one within a second.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { productListResponse } from '@store/shared/schemas/product';
import { priceTiers, productDays, products } from '../src/db/schema';
import { CatalogueSnapshot } from '../src/modules/products/snapshot';
import { call, claim } from './admin-helpers';
import { createProduct } from './factories';
import { createUser, useStoreTestContext } from './store-helpers';

const ctx = useStoreTestContext();
const STREAM = 'https://vimeo.com/event/987654';

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

async function listNames(): Promise<string[]> {
  const res = await get('/api/product/list?estado=todos');
  return productListResponse.parse(res.json()).products.map((p) => p.name);
}

describe('product/list from the snapshot', () => {
  it('answers with a strong ETag and 304 while nothing changed', async () => {
    await createProduct(ctx.database.db, { name: 'Evento con etiqueta' });
    const first = await get('/api/product/list');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(productListResponse.parse(first.json()).products.map((p) => p.name)).toContain(
      'Evento con etiqueta',
    );

    const again = await get('/api/product/list', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // Lists of tags and weak forms of the same tag match too; another tag does not.
    expect((await get('/api/product/list', { 'if-none-match': `"x", W/${etag}` })).statusCode).toBe(304);
    expect((await get('/api/product/list', { 'if-none-match': '"otro"' })).statusCode).toBe(200);
    // Each state has its own bytes and tag.
    const finished = await get('/api/product/list?estado=finalizados');
    expect(finished.headers.etag).not.toBe(etag);
  });

  it('is sent compressed to clients that accept it, compressed once per snapshot', async () => {
    await createProduct(ctx.database.db, { name: 'Evento comprimido' });
    const plain = await get('/api/product/list');
    const br = await get('/api/product/list', { 'accept-encoding': 'gzip, deflate, br' });
    const gz = await get('/api/product/list', { 'accept-encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    // The same entity whatever the encoding: one ETag.
    expect(br.headers.etag).toBe(plain.headers.etag);
    const sitemap = await get('/sitemap.xml', { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(sitemap.rawPayload).toString('utf8')).toContain('<urlset');
  });

  it('is rebuilt after an admin edit, with a new ETag', async () => {
    const admin = await createUser(ctx, { role: 'admin' });
    const { product } = await createProduct(ctx.database.db, { name: 'Antes del cambio' });
    const before = await get('/api/product/list');
    expect(await listNames()).toContain('Antes del cambio');

    const event = (await call(ctx, admin.token, 'GET', `/api/admin/events/${product.id}`)).json().event;
    const res = await call(ctx, admin.token, 'PUT', `/api/admin/events/${product.id}`, {
      name: 'Después del cambio',
      description: event.description,
      price: event.price,
      image: ['/uploads/portada-nueva.jpg'],
      category: event.category,
      subCategory: event.subCategory,
      isPresential: event.isPresential,
      days: event.days.map((d: Record<string, unknown>) => ({
        _id: d._id,
        label: d.label,
        startsAt: new Date(d.startsAt as number).toISOString(),
        endsAt: new Date(d.endsAt as number).toISOString(),
        streamUrl: d.streamUrl,
        seatCapacity: d.seatCapacity,
      })),
    });
    expect(res.statusCode, res.body).toBe(200);

    const after = await get('/api/product/list', { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const edited = productListResponse.parse(after.json()).products.find((p) => p._id === product.id);
    expect(edited).toMatchObject({ name: 'Después del cambio', image: ['/uploads/portada-nueva.jpg'] });

    // Archiving takes it out at once.
    expect((await call(ctx, admin.token, 'POST', `/api/admin/events/${product.id}/archive`)).statusCode).toBe(
      200,
    );
    expect(await listNames()).not.toContain('Después del cambio');
  });

  it("follows a change of an event's fee schedule", async () => {
    const { product } = await createProduct(ctx.database.db, { name: 'Con cuotas' });
    const tiersOf = async () =>
      productListResponse
        .parse((await get('/api/product/list')).json())
        .products.find((p) => p._id === product.id)?.tiers;
    expect(await tiersOf()).toEqual([]);
    await ctx.database.db
      .insert(priceTiers)
      .values({ productId: product.id, userType: 'residente', priceCentavos: 200_000 });
    expect(await tiersOf()).toEqual([expect.objectContaining({ userType: 'residente', price: 2000 })]);
  });

  it('follows a fee schedule edited through the admin route, with a new ETag', async () => {
    const admin = await createUser(ctx, { role: 'admin' });
    const created = await call(ctx, admin.token, 'POST', '/api/admin/events', {
      name: 'Cuotas por el formulario',
      price: 1000,
      category: 'Conferencias',
      subCategory: 'Basico',
      days: [{ label: 'Único', startsAt: '2031-03-04T15:00:00.000Z', endsAt: '2031-03-04T23:00:00.000Z' }],
      tiers: [{ userType: 'residente', until: null, price: 800, scholarshipPrice: null }],
    });
    expect(created.statusCode, created.body).toBe(200);
    const event = created.json().event;
    const before = await get('/api/product/list');
    const listed = (res: typeof before) =>
      productListResponse.parse(res.json()).products.find((p) => p._id === event._id);
    expect(listed(before)?.tiers).toEqual([expect.objectContaining({ userType: 'residente', price: 800 })]);

    const res = await call(ctx, admin.token, 'PUT', `/api/admin/events/${event._id}`, {
      name: event.name,
      price: event.price,
      category: event.category,
      subCategory: event.subCategory,
      days: event.days.map((d: { _id: string; label: string; startsAt: number; endsAt: number }) => ({
        _id: d._id,
        label: d.label,
        startsAt: new Date(d.startsAt).toISOString(),
        endsAt: new Date(d.endsAt).toISOString(),
      })),
      tiers: [
        { userType: 'residente', until: null, price: 700, scholarshipPrice: 500 },
        { userType: 'especialista', until: '2031-02-01T06:00:00.000Z', price: 900, scholarshipPrice: null },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await get('/api/product/list', { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(listed(after)?.tiers).toEqual(
      expect.arrayContaining([
        { userType: 'residente', until: null, price: 700, scholarshipPrice: 500 },
        {
          userType: 'especialista',
          until: Date.parse('2031-02-01T06:00:00.000Z'),
          price: 900,
          scholarshipPrice: null,
        },
      ]),
    );
  });

  it('follows changes written straight to the database (seats sold, a new event)', async () => {
    const { product } = await createProduct(ctx.database.db, {
      name: 'Cupo limitado',
      days: [{ label: 'Día 1', seatCapacity: 10 }],
    });
    await get('/api/product/list');
    await ctx.database.db
      .update(productDays)
      .set({ seatsTaken: sql`${productDays.seatsTaken} + 3` })
      .where(eq(productDays.productId, product.id));
    const res = await get('/api/product/list');
    const listed = productListResponse.parse(res.json()).products.find((p) => p._id === product.id);
    expect(listed?.dayOptions[0]).toMatchObject({ seatCapacity: 10, seatsSold: 3 });

    await createProduct(ctx.database.db, { name: 'Recién creado' });
    expect(await listNames()).toContain('Recién creado');
  });
});

describe('what the snapshot never holds', () => {
  it('no stream link and nothing of a buyer, before or after the buyer reads the event', async () => {
    const buyer = await createUser(ctx);
    const stranger = await createUser(ctx);
    const { product } = await createProduct(ctx.database.db, {
      name: 'Transmisión privada',
      price: 0,
      days: [{ label: 'Jueves', streamUrl: STREAM }],
    });
    await claim(ctx, buyer, product.id, ['Jueves']);

    const own = await get(`/api/product/single/${product.id}`, { token: buyer.token });
    expect(own.json().product.dayLinks).toEqual({ Jueves: STREAM });
    // The buyer's answer did not leak into the shared bytes or into another user's answer.
    const other = await get(`/api/product/single/${product.id}`, { token: stranger.token });
    expect(other.json().product.dayLinks).toEqual({});
    expect(other.body).not.toContain('vimeo.com/event');
    for (const url of [
      '/api/product/list',
      '/api/product/list?estado=todos',
      '/api/product/list?estado=finalizados',
      '/sitemap.xml',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain('vimeo.com/event');
      expect(res.body, url).not.toContain('dayLinks');
      expect(res.body, url).not.toContain('streamUrl');
      expect(res.body, url).not.toContain(buyer.email);
      expect(res.body, url).not.toContain(buyer.id);
    }
    // The cached public part is the same for both users.
    const { dayLinks: _own, ...ownPublic } = own.json().product;
    const { dayLinks: _other, ...otherPublic } = other.json().product;
    expect(ownPublic).toEqual(otherPublic);
  });
});

describe('the snapshot without its notification channel', () => {
  it('is kept while the channel is live, and not trusted while it is down', async () => {
    const subscription = { live: true, flush: async () => undefined };
    const snapshot = new CatalogueSnapshot(ctx.database.db);
    snapshot.follow(subscription);
    const { product } = await createProduct(ctx.database.db, { name: 'Canal vivo' });
    const names = async () =>
      productListResponse
        .parse(JSON.parse((await snapshot.list('todos')).body.toString()))
        .products.map((p) => p.name);
    expect(await names()).toContain('Canal vivo');
    await ctx.database.db.update(products).set({ name: 'Canal caído' }).where(eq(products.id, product.id));
    // Nobody told this snapshot: it still serves what it holds.
    expect(await names()).toContain('Canal vivo');
    // The connection is lost: every read goes to the database until it is back.
    subscription.live = false;
    expect(await names()).toContain('Canal caído');
    await ctx.database.db
      .update(products)
      .set({ name: 'Canal sin aviso' })
      .where(eq(products.id, product.id));
    expect(await names()).toContain('Canal sin aviso');
    // Back (the reconnection announces a change), and cached again.
    subscription.live = true;
    snapshot.invalidate();
    expect(await names()).toContain('Canal sin aviso');
  });

  it('a change announced during a rebuild is not hidden by that rebuild', async () => {
    const snapshot = new CatalogueSnapshot(ctx.database.db);
    const { product } = await createProduct(ctx.database.db, { name: 'Durante la carga' });
    const loading = snapshot.list('todos');
    await ctx.database.db
      .update(products)
      .set({ name: 'Después de la carga' })
      .where(eq(products.id, product.id));
    snapshot.invalidate();
    await loading;
    const body = (await snapshot.list('todos')).body.toString();
    expect(body).toContain('Después de la carga');
    expect(body).not.toContain('Durante la carga');
  });
});

describe('sitemap.xml from the snapshot', () => {
  it('has an ETag, answers 304, and follows archiving', async () => {
    const { product } = await createProduct(ctx.database.db, { name: 'En el mapa' });
    const first = await get('/sitemap.xml');
    expect(first.body).toContain(`/product/${product.id}</loc>`);
    const etag = String(first.headers.etag);
    expect((await get('/sitemap.xml', { 'if-none-match': etag })).statusCode).toBe(304);

    await ctx.database.db.update(products).set({ active: false }).where(eq(products.id, product.id));
    const after = await get('/sitemap.xml', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.body).not.toContain(`/product/${product.id}</loc>`);
  });
});

// Two processes on one PostgreSQL: the second one (the real server, spawned) serves an edit
// made through the first one (this test's app) within a second, thanks to LISTEN/NOTIFY.
describe.runIf(process.env.TEST_DB === 'postgres')('two API processes on one PostgreSQL', () => {
  const apiRoot = fileURLToPath(new URL('..', import.meta.url));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'store-replica-'));
  let child: ChildProcess | undefined;
  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child!.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('an admin edit on one is served by the other within a second', async () => {
    const port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiRoot,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: ctx.config.DATABASE_URL!,
        JWT_SECRET: ctx.config.JWT_SECRET,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        WEB_DIST: path.join(dataDir, 'no-web'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
    const replica = `http://127.0.0.1:${port}`;
    let up = false;
    for (let i = 0; i < 300 && !up; i += 1) {
      up = await fetch(`${replica}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (!up) await new Promise((r) => setTimeout(r, 100));
    }
    expect(up, output).toBe(true);

    const admin = await createUser(ctx, { role: 'admin' });
    const { product } = await createProduct(ctx.database.db, { name: 'Réplica antes' });
    const names = async () =>
      productListResponse
        .parse(await (await fetch(`${replica}/api/product/list?estado=todos`)).json())
        .products.map((p) => p.name);
    // The replica has built its snapshot with the event in it.
    await expect.poll(names, { timeout: 5000 }).toContain('Réplica antes');

    /** Polls the replica for at most a second after the edit; returns what it last served. */
    const servedWithinASecond = async (done: (names: string[]) => boolean) => {
      const start = Date.now();
      let seen = await names();
      while (!done(seen) && Date.now() - start < 1000) {
        await new Promise((r) => setTimeout(r, 20));
        seen = await names();
      }
      return seen;
    };

    const archived = await call(ctx, admin.token, 'POST', `/api/admin/events/${product.id}/archive`);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(await servedWithinASecond((n) => !n.includes('Réplica antes'))).not.toContain('Réplica antes');

    const back = await call(ctx, admin.token, 'POST', `/api/admin/events/${product.id}/unarchive`);
    expect(back.statusCode, back.body).toBe(200);
    expect(await servedWithinASecond((n) => n.includes('Réplica antes'))).toContain('Réplica antes');
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}
