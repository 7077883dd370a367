// The public pages as HTML with their content (docs/speed.md → Pages that paint before their
// JavaScript): the web build's server entry (apps/web/dist-ssr/entry-server.js) renders
// /, /collection, /product/{id} and the content pages from the catalogue snapshot, and the
// result is written into index.html with the data it was rendered from, for the browser to
// hydrate. Each rendered page is kept, compressed, until the catalogue changes (the snapshot's
// derived values are dropped with it) or for PAGE_TTL_MS, whichever comes first: pages
// depend on the clock too (an event day that has ended).
//
// Nothing of a visitor reaches this code: the render has no token and no cookie, so a page
// is the same for everyone and can be shared between them.

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Product, ProductListState } from '@store/shared/schemas/product';
import type { PaymentsMode } from '@store/shared/constants';
import { compressedBody, type CachedBody, type CompressedBody } from '../../lib/http-cache';
import type { CatalogueSnapshot } from '../products/snapshot';

/** How long a rendered page is served without rendering it again. */
export const PAGE_TTL_MS = 30_000;
/** Rendered pages kept at once (query strings make URLs unbounded); the oldest goes first. */
export const MAX_PAGES = 300;
const RENDER_TIMEOUT_MS = 5_000;

type ListState = Extract<ProductListState, 'proximos' | 'finalizados'>;

/** What apps/web/src/entry-server.tsx exports. */
interface ServerEntry {
  isServerPage(url: string): boolean;
  render(input: {
    url: string;
    origin: string;
    paymentsMode: PaymentsMode;
    products: (state: ListState) => Promise<Product[]>;
    signal?: AbortSignal;
  }): Promise<{ head: string; body: string; state: string; modules: string[] } | null>;
}

/** A rendered page: the HTML and its compressed copies, with a strong ETag. */
export type ServerPage = CompressedBody;

interface Entry {
  at: number;
  /** The list answers it was rendered from: another answer (time moved an event) = stale. */
  lists: Array<[ListState, CachedBody]>;
  page: Promise<ServerPage | null>;
}

interface Manifest {
  [key: string]: { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean };
}

export interface ServerPagesOptions {
  webDist: string;
  catalogue: CatalogueSnapshot;
  origin: string;
  paymentsMode: PaymentsMode;
  onError: (err: unknown, url: string) => void;
}

export class ServerPages {
  private readonly parsed = new WeakMap<CachedBody, Product[]>();
  /**
   * Files a page never preloads for its route: the entry and its imports (index.html loads
   * them), and the app the entry imports once the first screen is shown, with its imports.
   */
  private readonly entryFiles = new Set<string>();
  /**
   * The app's files (not the entry's). index.html preloads them for the pages only the browser
   * renders; a page rendered here shows its first screen before the app is fetched, so they are
   * taken out of it (docs/speed.md → Paint first, then hydrate).
   */
  private readonly appFiles: string[];

  private constructor(
    private readonly entry: ServerEntry,
    private readonly manifest: Manifest,
    private readonly opts: ServerPagesOptions,
  ) {
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || this.entryFiles.has(chunk.file)) return;
      this.entryFiles.add(chunk.file);
      chunk.imports?.forEach(visit);
    };
    visit('index.html');
    const loaded = new Set(this.entryFiles);
    manifest['index.html']?.dynamicImports?.forEach(visit);
    this.appFiles = [...this.entryFiles].filter((f) => !loaded.has(f));
  }

  /** The renderer, or null when the web build has no server entry (API tests, dev server). */
  static async load(opts: ServerPagesOptions): Promise<ServerPages | null> {
    const entryFile = path.join(opts.webDist, '..', 'dist-ssr', 'entry-server.js');
    const manifestFile = path.join(opts.webDist, '.vite', 'manifest.json');
    if (!existsSync(entryFile) || !existsSync(manifestFile)) return null;
    const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
    return new ServerPages(entry, manifest, opts);
  }

  /** The page at `url` (path and query string) with its content, or null (not a server page). */
  async page(url: string, indexHtml: string): Promise<ServerPage | null> {
    // Other paths (sign-in, checkout, unknown ones) take no place among the kept pages.
    if (!this.entry.isServerPage(url)) return null;
    const pages = await this.opts.catalogue.derived('server-pages', () => new Map<string, Entry>());
    const now = Date.now();
    const cached = pages.get(url);
    if (cached && now - cached.at < PAGE_TTL_MS && (await this.sameLists(cached.lists))) return cached.page;

    const lists: Entry['lists'] = [];
    const page = this.render(url, indexHtml, lists);
    if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value as string);
    const entry: Entry = { at: now, lists, page };
    pages.set(url, entry);
    // A failure is not kept: the next request tries again.
    page.catch(() => null).then((p) => p === null && pages.get(url) === entry && pages.delete(url));
    return page;
  }

  private async sameLists(lists: Entry['lists']): Promise<boolean> {
    for (const [state, body] of lists) {
      if ((await this.opts.catalogue.list(state)) !== body) return false;
    }
    return true;
  }

  private async render(url: string, indexHtml: string, used: Entry['lists']): Promise<ServerPage | null> {
    const products = async (state: ListState) => {
      const body = await this.opts.catalogue.list(state);
      if (!used.some(([, b]) => b === body)) used.push([state, body]);
      let list = this.parsed.get(body);
      if (!list) {
        list = (JSON.parse(body.body.toString('utf8')) as { products: Product[] }).products;
        this.parsed.set(body, list);
      }
      return list;
    };
    try {
      const rendered = await this.entry.render({
        url,
        origin: this.opts.origin,
        paymentsMode: this.opts.paymentsMode,
        products,
        signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
      });
      if (!rendered) return null;
      const html = assemble(
        withoutPreloads(indexHtml, this.appFiles),
        rendered,
        this.preloads(rendered.modules),
      );
      if (!html) return null;
      return compressedBody(html);
    } catch (err) {
      this.opts.onError(err, url);
      return null;
    }
  }

  /** <link rel="modulepreload"> for the page's route module and what it imports. */
  private preloads(modules: string[]): string {
    const files: string[] = [];
    const visit = (key: string) => {
      const chunk = this.manifest[key];
      if (!chunk || this.entryFiles.has(chunk.file) || files.includes(chunk.file)) return;
      files.push(chunk.file);
      chunk.imports?.forEach(visit);
    };
    modules.forEach(visit);
    return files.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('');
  }
}

/** index.html without the lines that preload `files` (`<link rel="modulepreload" … href="/file">`). */
export function withoutPreloads(indexHtml: string, files: string[]): string {
  const links = new Set(files.map((f) => `href="/${f}">`));
  return indexHtml
    .split('\n')
    .filter((line) => !(line.includes('rel="modulepreload"') && [...links].some((l) => line.includes(l))))
    .join('\n');
}

/**
 * index.html with the rendered page: the render's <title> and tags in <head> (the built title
 * removed), the content inside #root and the data script after it. Null when the page is not
 * the expected index.html. Replacer functions, never strings: `$&` in an event's text must
 * stay text.
 */
export function assemble(
  indexHtml: string,
  rendered: { head: string; body: string; state: string },
  preloads: string,
): string | null {
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root) || !indexHtml.includes('</head>')) return null;
  return indexHtml
    .replace(/<title>[^<]*<\/title>\s*/, () => '')
    .replace('</head>', () => `${rendered.head}${preloads}</head>`)
    .replace(root, () => `<div id="root">${rendered.body}</div>${rendered.state}`);
}
