// /robots.txt and /sitemap.xml: absolute URLs from PUBLIC_URL, every active event, no archived
// one, served ahead of the SPA fallback.

import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestContext, type TestContext } from '../../../test/context';
import { createProduct } from '../../../test/factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://tienda.example.org/' });
});
afterAll(() => ctx.close());

describe('robots.txt', () => {
  it('allows the public pages, keeps private ones out and points at the sitemap', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const p of [
      '/api/',
      '/cart',
      '/place-order',
      '/equipo/',
      '/pago/',
      '/orders',
      '/admin',
      '/live-stream',
      '/registro/',
    ]) {
      expect(lines).toContain(`Disallow: ${p}`);
    }
    expect(lines).not.toContain('Disallow: /');
    expect(lines).toContain('Sitemap: https://tienda.example.org/sitemap.xml');
  });
});

describe('sitemap.xml', () => {
  it('lists the content pages and every active event with absolute URLs', async () => {
    const active = await createProduct(ctx.database.db, { name: 'Evento visible' });
    const archived = await createProduct(ctx.database.db, { name: 'Evento archivado', active: false });
    const res = await ctx.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const p of [
      '/',
      '/collection',
      '/about',
      '/contact',
      '/curso-anestesia',
      '/talleres',
      '/cuotas',
      '/terms',
      '/privacy-policy',
    ]) {
      expect(locs).toContain(`https://tienda.example.org${p}`);
    }
    expect(locs).toContain(`https://tienda.example.org/product/${active.product.id}`);
    expect(locs).not.toContain(`https://tienda.example.org/product/${archived.product.id}`);
    expect(locs.every((l) => l?.startsWith('https://tienda.example.org/'))).toBe(true);
    expect(res.body).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    // Private pages are not advertised.
    expect(locs.some((l) => /\/(cart|orders|place-order|login)$/.test(l ?? ''))).toBe(false);
  });
});

describe('with the built SPA present', () => {
  it('answers robots.txt and sitemap.xml itself instead of the index.html fallback', async () => {
    const webDist = path.join(os.tmpdir(), `seo-web-${process.pid}`);
    mkdirSync(webDist, { recursive: true });
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>SPA</title>');
    const app = await buildApp({ config: ctx.config, database: ctx.database, webDist });
    try {
      const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
      expect(robots.body).toContain('User-agent: *');
      const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml' });
      expect(sitemap.body).toContain('<urlset');
      const page = await app.inject({ method: 'GET', url: '/about' });
      expect(page.body).toContain('<title>SPA</title>');
    } finally {
      await app.close();
      rmSync(webDist, { recursive: true, force: true });
    }
  });
});
