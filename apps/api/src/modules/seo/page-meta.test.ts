import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestContext, seeChangesFirst, type TestContext } from '../../../test/context';
import { createProduct } from '../../../test/factories';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { products } from '../../db/schema';

const INDEX = `<!doctype html><html lang="es"><head><title>AMACC · Anestesia cardiovascular</title></head><body><div id="root"></div></body></html>`;
/** As built, with the payments mode the server stamps on every page (modules/site-config). */
const SERVED = INDEX.replace('<html ', '<html data-payments-mode="real" ');

describe('link previews of event pages', () => {
  let ctx: TestContext;
  let app: FastifyInstance;
  beforeAll(async () => {
    ctx = await createTestContext();
    const webDist = path.join(ctx.config.dataDir, 'web');
    mkdirSync(webDist, { recursive: true });
    writeFileSync(path.join(webDist, 'index.html'), INDEX);
    app = await buildApp({ config: ctx.config, database: ctx.database, webDist });
    seeChangesFirst(app);
  });
  afterAll(async () => {
    await app.close();
    await ctx.close();
  });

  it('writes the event title, clipped description, cover and canonical URL into index.html', async () => {
    const { product } = await createProduct(ctx.database.db, { name: 'Taller de "aminas" <vasoactivas>' });
    const res = await app.inject({ method: 'GET', url: `/product/${product.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<title>Taller de &#34;aminas&#34; &#60;vasoactivas&#62; · AMACC</title>');
    expect(res.body).not.toContain('<vasoactivas>');
    expect(res.body).toContain(`<link rel="canonical" href="http://tienda.test/product/${product.id}" />`);
    // SVG covers are not shown by social networks: the raster default stands in.
    expect(res.body).toContain('<meta property="og:image" content="http://tienda.test/og-image.jpg" />');
    expect(res.body).toContain('<meta property="og:type" content="product" />');
    expect(res.body).toContain('<meta name="description" content="Descripción de prueba" />');
  });

  it('uses an uploaded raster cover as the preview image', async () => {
    const { product } = await createProduct(ctx.database.db);
    await ctx.database.db
      .update(products)
      .set({ images: ['/uploads/foto.jpg'] })
      .where(eq(products.id, product.id));
    const res = await app.inject({ method: 'GET', url: `/product/${product.id}` });
    expect(res.body).toContain('<meta property="og:image" content="http://tienda.test/uploads/foto.jpg" />');
  });

  it('sends index.html as built for other routes, unknown and archived events', async () => {
    const { product } = await createProduct(ctx.database.db, { active: false });
    for (const url of [
      '/collection',
      `/product/${product.id}`,
      '/product/00000000-0000-4000-8000-000000000000',
      '/product/no-es-un-id',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(SERVED);
    }
  });

  it('preloads the hero image on the home page only', async () => {
    const preload =
      '<link rel="preload" as="image" href="/images/hero.svg" type="image/svg+xml" fetchpriority="high" />';
    const home = await app.inject({ method: 'GET', url: '/' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toBe(SERVED.replace('</head>', `    ${preload}\n  </head>`));
    const collection = await app.inject({ method: 'GET', url: '/collection' });
    expect(collection.body).not.toContain('rel="preload"');
  });

  it("writes names with $-patterns literally ($&, $', $` and $1 are not expanded)", async () => {
    const name = "Curso $' y $& con $` y $1 $$";
    const { product } = await createProduct(ctx.database.db, { name });
    await ctx.database.db
      .update(products)
      .set({ description: "Precio $' final $&" })
      .where(eq(products.id, product.id));
    const res = await app.inject({ method: 'GET', url: `/product/${product.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Curso $&#39; y $&#38; con $` y $1 $$ · AMACC</title>');
    expect(res.body).toContain('<meta name="description" content="Precio $&#39; final $&#38;" />');
    // Exactly one <title> and one closing </head>: nothing of the page was duplicated.
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(res.body.match(/<\/head>/g)).toHaveLength(1);
    expect(res.body).toContain('<div id="root"></div></body></html>');
  });
});
