// Link previews for shared event links. Crawlers (WhatsApp, Facebook, search engines without
// JavaScript) read only the HTML the server sends, so for /product/{id} we write the event's
// title, description, cover and canonical URL into index.html's <head>; the SPA renders the
// same tags again for browsers.

import { HERO_IMAGE, previewImageUrl, site } from '@store/shared/site';
import { clipText } from '@store/shared/domain/text';
import type { CatalogueSnapshot } from '../products/snapshot';

export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URLs. */
  url: string;
  image: string;
  type: 'website' | 'product';
}

const PRODUCT_PATH = /^\/product\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

/** Meta of the page at `pathname`, when the server knows more than the static index.html. */
export async function pageMetaFor(
  catalogue: Pick<CatalogueSnapshot, 'publicProduct'>,
  pathname: string,
  publicUrl: string,
): Promise<PageMeta | null> {
  const id = PRODUCT_PATH.exec(pathname)?.[1];
  if (!id) return null;
  // Active events only (the snapshot holds no archived one).
  const row = await catalogue.publicProduct(id);
  if (!row) return null;
  return {
    title: `${row.name} · ${site.shortName}`,
    description: clipText(row.description || site.description),
    url: `${publicUrl}/product/${id.toLowerCase()}`,
    image: previewImageUrl(row.image[0], publicUrl),
    type: 'product',
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** index.html with its <title> replaced and the description, canonical and Open Graph tags added. */
export function withPageMeta(indexHtml: string, meta: PageMeta): string {
  const e = {
    title: escapeHtml(meta.title),
    description: escapeHtml(meta.description),
    url: escapeHtml(meta.url),
    image: escapeHtml(meta.image),
  };
  const tags = [
    `<meta name="description" content="${e.description}" />`,
    `<link rel="canonical" href="${e.url}" />`,
    `<meta property="og:site_name" content="${escapeHtml(site.shortName)}" />`,
    `<meta property="og:locale" content="${site.locale}" />`,
    `<meta property="og:type" content="${meta.type}" />`,
    `<meta property="og:title" content="${e.title}" />`,
    `<meta property="og:description" content="${e.description}" />`,
    `<meta property="og:url" content="${e.url}" />`,
    `<meta property="og:image" content="${e.image}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
  ].join('\n    ');
  // Replacer functions, not strings: a replacement string expands $&, $' and $` found in an
  // event's name or description into pieces of the page.
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, () => `<title>${e.title}</title>`)
    .replace('</head>', () => `    ${tags}\n  </head>`);
}

/**
 * index.html of the home page with its hero image preloaded: the browser fetches it while it
 * parses <head>, not after the script has rendered the <img> (docs/speed.md → Hero image).
 */
export function withHeroPreload(indexHtml: string): string {
  const tag = `<link rel="preload" as="image" href="${HERO_IMAGE}" type="image/svg+xml" fetchpriority="high" />`;
  return indexHtml.replace('</head>', () => `    ${tag}\n  </head>`);
}
