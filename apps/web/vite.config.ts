// Vite: React, Tailwind 4, the brand facts in index.html and the web manifest, and a proxy
// to the API on :3000 during `npm run dev`.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, runnerImport, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import type { Site } from '@store/shared/site';

const api = process.env.API_URL ?? 'http://localhost:3000';

// Through Vite's module runner: Node itself cannot import a workspace package's .ts sources.
const { module: facts } = await runnerImport<{ site: Site }>('@store/shared/site');
const { site } = facts;

/** The installable app's manifest, named from the brand facts like every page. */
function webManifest(): string {
  return JSON.stringify(
    {
      name: site.name,
      short_name: site.shortName,
      description: site.description,
      lang: 'es-MX',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#9f1d2b',
      icons: [
        { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    null,
    2,
  );
}

/**
 * index.html's %SITE_*% placeholders (the title before the app starts, the noscript text)
 * and manifest.webmanifest come from the shared brand facts (packages/shared/src/site.ts), so one edit there renames the
 * association everywhere, including what is not rendered by React.
 */
function siteFacts(): Plugin {
  const values: Record<string, string> = {
    SITE_NAME: site.name,
    SITE_SHORT_NAME: site.shortName,
    SITE_DESCRIPTOR: site.descriptor,
  };
  return {
    name: 'site-facts',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) =>
        html.replace(/%(SITE_[A-Z_]+)%/g, (match, key: string) => {
          const value = values[key];
          if (value === undefined) throw new Error(`index.html: unknown placeholder ${match}`);
          return value;
        }),
    },
    configureServer(server) {
      server.middlewares.use('/manifest.webmanifest', (_req, res) => {
        res.setHeader('Content-Type', 'application/manifest+json; charset=utf-8');
        res.end(webManifest());
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: webManifest() });
    },
  };
}

const ENTRY_CSS = /^assets\/(index|app)-[\w-]+\.css$/;

/**
 * The entry's stylesheet inlined in <head>, just after the viewport <meta> (Vite links it after
 * the entry's script and its modulepreloads). Nothing is painted before the stylesheet has
 * arrived: as a file it was one more request, on a new connection, after the page itself; inline
 * it arrives with the page (about 9 KB brotli, and every page of the store needs it). The
 * Content-Security-Policy allows inline styles (`style-src 'unsafe-inline'`), not inline scripts.
 */
function inlineStylesheet(): Plugin {
  return {
    name: 'inline-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) => {
        const links = html.match(/^\s*<link rel="stylesheet"[^>]*>\n?/gm) ?? [];
        if (links.length === 0) return html;
        const styles = links.map((link) => {
          const href = /href="\/([^"]+)"/.exec(link)?.[1];
          if (!href || !ENTRY_CSS.test(href))
            throw new Error(`index.html: ${link.trim()} is not the entry's stylesheet`);
          const asset = ctx.bundle?.[href];
          if (asset?.type !== 'asset') throw new Error(`index.html: ${link.trim()} is not in the build`);
          const css = String(asset.source);
          if (/<\/style/i.test(css)) throw new Error(`${href}: "</style" cannot be inlined`);
          // The disabled link is never fetched; it tells Vite's loader of lazy pages, which
          // looks for a <link rel="stylesheet"> of each CSS file a page depends on, that this
          // one is already on the page (else it would link and download it again).
          return `<style>${css}</style><link rel="stylesheet" href="/${href}" disabled>`;
        });
        const rest = links.reduce((h, link) => h.replace(link, ''), html);
        const viewport = /<meta name="viewport"[^>]*>\n/;
        if (!viewport.test(rest)) throw new Error('index.html: no viewport <meta> to put the styles after');
        return rest.replace(viewport, (m) => m + styles.map((t) => `    ${t}\n`).join(''));
      },
    },
  };
}

/**
 * Writes .br and .gz siblings of every text asset after the build; the API serves them
 * (@fastify/static preCompressed) to browsers that accept them, so no CPU is spent
 * compressing on each request and a first visit downloads about a third of the bytes.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const compressible = /\.(js|css|html|svg|json|webmanifest|txt|xml)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? walk(full) : [full];
    });
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!compressible.test(file)) continue;
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/** The app the entry (src/main.tsx) imports after the first paint. */
const APP_MODULE = '/src/app/start.tsx';

/**
 * The app as one chunk of its own. The entry (src/main.tsx) is only what must run before the
 * first paint; the app (src/app/start.tsx and everything it imports statically) is fetched and
 * evaluated once the page's first screen is shown (docs/speed.md → Paint first, then hydrate).
 * The app is a second entry of the build, so Rolldown's `$initial` tag marks its static imports;
 * `outsideEntry` keeps the tiny entry's own modules out of the app's chunk (computed once the
 * module graph is complete, before chunks are made).
 */
function appChunk(): { plugin: Plugin; outsideEntry: (id: string) => boolean } {
  const entryIds = new Set<string>();
  const plugin: Plugin = {
    name: 'app-chunk',
    apply: 'build',
    buildEnd() {
      entryIds.clear();
      const visit = (id: string) => {
        if (entryIds.has(id)) return;
        entryIds.add(id);
        this.getModuleInfo(id)?.importedIds.forEach(visit);
      };
      // index.html, which loads src/main.tsx.
      for (const id of this.getModuleIds())
        if (this.getModuleInfo(id)?.isEntry && !id.endsWith(APP_MODULE)) visit(id);
    },
    // A page the server does not render (sign-in, cart, admin…) shows nothing until the app
    // runs: index.html preloads the app's chunk and its imports so they download beside the
    // entry. The server takes these links out of the pages it renders, where the first screen
    // comes first (apps/api/src/modules/seo/server-pages.ts).
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) => {
        if (!ctx.bundle) return html;
        const chunks = Object.values(ctx.bundle).filter((c) => c.type === 'chunk');
        const app = chunks.find((c) => c.facadeModuleId?.endsWith(APP_MODULE));
        if (!app) throw new Error(`index.html: no chunk starts ${APP_MODULE}`);
        const files = [app.fileName, ...app.imports].filter((f) => !html.includes(`/${f}"`));
        const links = files.map((f) => `    <link rel="modulepreload" crossorigin href="/${f}">\n`);
        return html.replace(/^ *<\/head>/m, (head) => links.join('') + head);
      },
    },
  };
  return { plugin, outsideEntry: (id) => !entryIds.has(id) };
}

const app = appChunk();

export default defineConfig(({ isSsrBuild }) => ({
  // The server render's bundle (`vite build --ssr`, dist-ssr/) is read by the API only:
  // no compressed copies, no public files, no manifest.
  plugins: [
    react(),
    tailwindcss(),
    siteFacts(),
    ...(isSsrBuild ? [] : [app.plugin, inlineStylesheet(), precompress()]),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/uploads': api,
      '/robots.txt': api,
      '/sitemap.xml': api,
      // The PayPal simulator's approval calls (PAYPAL_SIMULATOR=true on the API).
      '/__paypal-simulator': api,
    },
  },
  // The manifest lets scripts/initial-js.mjs add up what `/` loads before any interaction.
  // The entry (`$initial`) is one chunk and the app it starts after the first paint another
  // (appChunk above): left to itself Rolldown splits out the modules the lazy pages share with
  // the app (React, the JSX runtime, the query client…) as chunks of a few hundred bytes, and
  // every one of them is another request the first page waits for (six at a time over HTTP/1.1).
  build: isSsrBuild
    ? { sourcemap: false, outDir: 'dist-ssr', copyPublicDir: false }
    : {
        sourcemap: false,
        chunkSizeWarningLimit: 600,
        manifest: true,
        rolldownOptions: {
          input: { index: 'index.html', app: `.${APP_MODULE}` },
          output: {
            codeSplitting: {
              groups: [
                // Vite's preloading helper, which the entry calls to import the app, joins the
                // entry (left alone Rolldown puts it in the app's chunk, and the entry would then
                // import all of the app statically, evaluated before the first paint).
                { name: 'index', test: /^\0vite\/preload-helper/, priority: 1 },
                { name: 'app', tags: ['$initial' as const], test: app.outsideEntry },
                // The order schema embeds a payment's instructions (OXXO voucher, SPEI transfer):
                // they travel in its chunk. Left alone Rolldown splits them out, as the back office
                // and the payment page read them without the order schema, and every page with
                // an order would list and load one chunk more (their dependencies, zod above all,
                // stay where they are).
                {
                  name: 'order',
                  test: /packages\/shared\/src\/(schemas\/(order|mx-payments)|domain\/mx-payments|payment-messages)\.ts$/,
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
}));
