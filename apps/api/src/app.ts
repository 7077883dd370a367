// buildApp(): plugins, then modules under /api. Never listens (server.ts does; tests inject).

import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Registry } from 'prom-client';
import type { Config } from './config';
import type { Database } from './db/client';
import { registerErrorHandling } from './plugins/errors';
import { recheckWaiting, registerCheckoutLine } from './plugins/checkout-line';
import { SeatBoard } from './modules/seats/board';
import { registerSecurity } from './plugins/security';
import { RequestLog } from './plugins/request-log';
import { findWebDist, registerSpa } from './plugins/spa';
import { registerUploads } from './plugins/uploads';
import { sessionUserLoader } from './plugins/auth';
import { SessionCache, USER_CHANNEL } from './plugins/session-cache';
import { createStorage } from './lib/storage/create-storage';
import type { FileStorage } from './lib/storage/storage';
import { paypalSimulatorRoutes } from './dev/paypal-simulator/routes';
import { stripeSimulatorRoutes } from './dev/stripe-simulator/routes';
import { siteConfigRoutes } from './modules/site-config/routes';
import { siteConfigOf, withSiteConfig } from './modules/site-config/service';
import { productRoutes } from './modules/products/routes';
import { CATALOGUE_CHANNEL, CatalogueSnapshot } from './modules/products/snapshot';
import { ORDERS_CHANNEL, UserViews, ordersAnswer } from './modules/orders/user-views';
import { registerRateLimit } from './plugins/rate-limit';
import { frameworkErrors } from './lib/framework-errors';
import { serializeRequest } from './lib/log-redaction';
import { mailSettingsFrom, type MailSettings } from './modules/mail/settings';
import { userRoutes } from './modules/users/routes';
import { cartRoutes } from './modules/cart/routes';
import { couponRoutes } from './modules/cart/coupon-routes';
import { orderRoutes } from './modules/orders/routes';
import { invoiceRoutes } from './modules/invoices/routes';
import { installLifecycleSubscribers } from './subscribers';
import { afterSaleRoutes } from './modules/after-sale/routes';
import { createPaymentRouteContext, paymentRoutes } from './modules/payments/routes';
import { paypalSdkOrigin } from './modules/payments/clients';
import { healthRoutes } from './modules/health/routes';
import { createMetrics } from './modules/metrics/metrics';
import { metricsRoutes } from './modules/metrics/routes';
import { contactRoutes } from './modules/contact/routes';
import { seoRoutes } from './modules/seo/routes';
import { adminRoutes } from './modules/admin/routes';
import { attendanceRoutes, constanciaVerifyRoutes } from './modules/attendance/routes';
import { participantTypeRoutes } from './modules/participant-types/routes';
import { waitlistRoutes } from './modules/waitlist/routes';
import { questionRoutes } from './modules/questions/routes';
import { pageMetaFor, withHeroPreload, withPageMeta } from './modules/seo/page-meta';
import { ServerPages } from './modules/seo/server-pages';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    /** Files (event images, private documents): local folder or S3 (lib/storage). */
    storage: FileStorage;
    /** What this process knows of limited days' seats: sold out answered at once (modules/seats/board). */
    seatBoard: SeatBoard;
    /** The public catalogue in memory, dropped on every change (modules/products/snapshot). */
    catalogue: CatalogueSnapshot;
    /** Prometheus registry when METRICS_TOKEN or METRICS_PORT is set (modules/metrics). */
    metrics: Registry | null;
    /** What e-mails need from the config (links, reply-to, tickets' key): modules/mail/settings. */
    mailSettings: MailSettings;
  }
}

/** Checkout calls at once per process when CHECKOUT_CONCURRENCY is unset (docs/on-sale.md). */
const PGLITE_CHECKOUTS = 4;
const POSTGRES_CHECKOUTS = 32;

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Built SPA folder; defaults to apps/web/dist. */
  webDist?: string;
  logger?: boolean;
  /** Defaults to the storage the configuration names. */
  storage?: FileStorage;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

/**
 * Fastify's trustProxy from TRUST_PROXY. A hop count becomes "trust the first n addresses
 * from our side" (the socket peer, then the entries our proxies appended): Fastify itself
 * now ignores a plain number, since it cannot tell a proxy from a client that reaches the
 * server directly, so a hop count is only for a server reachable through its proxies alone.
 */
function trustProxyOption(
  value: Config['TRUST_PROXY'],
): boolean | string[] | ((addr: string, i: number) => boolean) {
  if (typeof value === 'number') return (_addr, i) => i < value;
  return value;
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const mailSettings = mailSettingsFrom(config);
  installLifecycleSubscribers(mailSettings);
  const app = Fastify({
    logger:
      opts.logger === false || config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.token', 'req.headers.authorization'],
            // Reset and welcome links carry their token in the query string.
            serializers: { req: serializeRequest },
            // Asynchronous: a line does not block the request (plugins/request-log.ts).
            stream: opts.logStream ?? pino.destination({ dest: 1, sync: false }),
          },
    // One line per request, by outcome (plugins/request-log.ts).
    logController: new RequestLog(),
    bodyLimit: config.BODY_LIMIT,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // A request that reaches a closing replica (keep-alive) is served, with Connection: close,
    // rather than refused with a 503 the proxy might not retry (docs/operations.md).
    return503OnClosing: false,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', opts.database);
  app.decorate('mailSettings', mailSettings);
  const storage = opts.storage ?? (await createStorage(config));
  app.decorate('storage', storage);
  const catalogue = new CatalogueSnapshot(opts.database.db);
  const catalogueChanges = await opts.database.listen(CATALOGUE_CHANNEL, () => catalogue.invalidate());
  catalogue.follow(catalogueChanges);
  app.decorate('catalogue', catalogue);
  app.addHook('onClose', () => catalogueChanges.close());
  const sessions = new SessionCache(sessionUserLoader(opts.database.db));
  const userChanges = await opts.database.listen(USER_CHANNEL, (id) => sessions.drop(id || undefined));
  sessions.follow(userChanges);
  app.decorate('sessions', sessions);
  app.addHook('onClose', () => userChanges.close());
  const userViews = new UserViews((id, now) => ordersAnswer(opts.database.db, id, now));
  const orderChanges = await opts.database.listen(ORDERS_CHANNEL, (id) => userViews.drop(id || undefined));
  userViews.follow(orderChanges);
  app.decorate('userViews', userViews);
  app.addHook('onClose', () => orderChanges.close());

  // Before every route, so its hook times them all.
  app.decorate('metrics', createMetrics(app));

  registerErrorHandling(app);
  const seatBoard = new SeatBoard(opts.database.db, () => recheckWaiting(app));
  app.decorate('seatBoard', seatBoard);
  app.addHook('onClose', async () => seatBoard.close());
  registerCheckoutLine(
    app,
    config.CHECKOUT_CONCURRENCY ?? (opts.database.kind === 'pglite' ? PGLITE_CHECKOUTS : POSTGRES_CHECKOUTS),
  );
  registerSecurity(app, {
    production: config.NODE_ENV === 'production',
    // The PayPal SDK host when it is not PayPal's own (the fake SDK server in tests).
    extraOrigins: [paypalSdkOrigin(config)].filter((o) => !/\.paypal\.com$/.test(o)),
    // Event images come from the CDN when S3_PUBLIC_URL is set.
    imageOrigins: storage.publicBaseUrl ? [new URL(storage.publicBaseUrl).origin] : [],
  });

  // Must come before the routes: it reads each route's config.rateLimit as it is added.
  await registerRateLimit(app, config);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'API de la tienda',
        version: '1.0.0',
        description: 'Eventos, carrito, cupones, órdenes y transmisiones.',
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { prefix: '/health' });
      if (app.metrics && config.METRICS_TOKEN) {
        await api.register(metricsRoutes, {
          prefix: '/metrics',
          registry: app.metrics,
          token: config.METRICS_TOKEN,
        });
      }
      await api.register(productRoutes, { prefix: '/product' });
      await api.register(userRoutes, { prefix: '/user' });
      await api.register(cartRoutes, { prefix: '/cart' });
      await api.register(couponRoutes, { prefix: '/coupon' });
      await api.register(orderRoutes, { prefix: '/order' });
      await api.register(invoiceRoutes, { prefix: '/invoice' });
      // Full paths (/paypal/*, /order/paypal, /order/stripe, /stripe/webhook…) beside /order/*;
      // after-sale's (/order/cancel, /group/places…) share the providers and the limits.
      const payments = createPaymentRouteContext(api);
      await api.register(paymentRoutes, payments);
      await api.register(afterSaleRoutes, payments);
      await api.register(waitlistRoutes, { prefix: '/waitlist' });
      await api.register(questionRoutes, { prefix: '/questions' });
      await api.register(attendanceRoutes, { prefix: '/attendance' });
      await api.register(constanciaVerifyRoutes, { prefix: '/constancias' });
      await api.register(participantTypeRoutes, { prefix: '/participant-type' });
      await api.register(adminRoutes, { prefix: '/admin' });
      await api.register(contactRoutes, { prefix: '/contact' });
      await api.register(siteConfigRoutes, { prefix: '/site-config' });
    },
    { prefix: '/api' },
  );

  // Site-root files for search engines, before the SPA's index.html fallback.
  await app.register(seoRoutes);

  await registerUploads(app);
  // Demo mode only: the PayPal simulator's SDK and approval step, under the store's origin.
  if (config.PAYPAL_SIMULATOR) await app.register(paypalSimulatorRoutes);
  // Demo mode only: the Stripe simulator's checkout, voucher and transfer pages, under the store's origin.
  if (config.STRIPE_SIMULATOR) await app.register(stripeSimulatorRoutes);

  const webDist = opts.webDist ?? config.WEB_DIST ?? findWebDist();
  const serverPages = await ServerPages.load({
    webDist,
    catalogue,
    origin: config.PUBLIC_URL,
    paymentsMode: siteConfigOf(config).paymentsMode,
    onError: (err, url) =>
      app.log.warn({ err, url }, 'server render failed; the page is sent without content'),
  });
  await registerSpa(app, {
    webDist,
    serverPage: serverPages ? (url, indexHtml) => serverPages.page(url, indexHtml) : undefined,
    prepareIndexHtml: (html) => withSiteConfig(html, siteConfigOf(config)),
    renderPage: async (pathname, indexHtml) => {
      if (pathname === '/') return withHeroPreload(indexHtml);
      const meta = await pageMetaFor(catalogue, pathname, config.PUBLIC_URL);
      return meta ? withPageMeta(indexHtml, meta) : null;
    },
  });

  return app;
}
