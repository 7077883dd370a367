// robots.txt and sitemap.xml for search engines, with absolute URLs from PUBLIC_URL (never
// the request's Host header).

import type { CatalogueView } from '../products/snapshot';

/** Public pages (docs/product.md → Routes) worth indexing, with how often they change and their weight. */
export const SITEMAP_PAGES: {
  path: string;
  changefreq: 'daily' | 'weekly' | 'monthly' | 'yearly';
  priority: string;
}[] = [
  { path: '/', changefreq: 'daily', priority: '1.0' },
  { path: '/collection', changefreq: 'daily', priority: '0.9' },
  { path: '/curso-anestesia', changefreq: 'weekly', priority: '0.9' },
  { path: '/talleres', changefreq: 'weekly', priority: '0.8' },
  { path: '/cuotas', changefreq: 'monthly', priority: '0.7' },
  { path: '/about', changefreq: 'monthly', priority: '0.6' },
  { path: '/contact', changefreq: 'yearly', priority: '0.5' },
  { path: '/terms', changefreq: 'yearly', priority: '0.3' },
  { path: '/privacy-policy', changefreq: 'yearly', priority: '0.3' },
];

/** Private or transactional pages: nothing there for a search engine. */
export const DISALLOWED_PATHS = [
  '/api/',
  '/admin',
  '/cart',
  '/place-order',
  '/equipo/',
  '/pago/',
  '/orders',
  '/verify',
  '/live-stream',
  '/login',
  '/reset-password',
  '/lista-de-espera',
  '/registro/',
];

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function urlEntry(loc: string, changefreq: string, priority: string, lastmod?: Date): string {
  return [
    '  <url>',
    `    <loc>${escapeXml(loc)}</loc>`,
    ...(lastmod ? [`    <lastmod>${lastmod.toISOString().slice(0, 10)}</lastmod>`] : []),
    `    <changefreq>${changefreq}</changefreq>`,
    `    <priority>${priority}</priority>`,
    '  </url>',
  ].join('\n');
}

/** Every content page and every active event of the catalogue snapshot (archived ones are left out). */
export function sitemapXml(catalogue: CatalogueView, publicUrl: string): string {
  const entries = [
    ...SITEMAP_PAGES.map((p) => urlEntry(`${publicUrl}${p.path}`, p.changefreq, p.priority)),
    ...catalogue.products.map((e) =>
      urlEntry(`${publicUrl}/product/${e._id}`, 'weekly', '0.8', catalogue.updatedAt.get(e._id)),
    ),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}
