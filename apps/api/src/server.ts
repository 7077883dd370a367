// Entry point: config, database, migrations, seed, listen; clean shutdown on SIGINT/SIGTERM.

import path from 'node:path';
import { buildApp } from './app';
import { runAsClusterPrimary } from './cluster';
import { ConfigError, isLocalUrl, loadConfig, STRIPE_SIMULATOR_CREDENTIALS, type Config } from './config';
import { exposureLines, metricsExposureWarning } from './exposure';
import { openDatabase } from './db/client';
import { enableSimulatedWaysToPay } from './modules/payments/settings';
import { DEMO_COUPON_DAYS, DEMO_COUPON_MAX_USES, seed, SeedRefusedError } from './db/seed';
import { demoDataStatus } from './db/demo-data';
import { announceGeneratedAdmin } from './db/first-admin';
import { DEMO_COUPON, DEMO_CUSTOMER } from './db/seed-data';
import { startJobs } from './jobs';
import { withinGrace } from './lib/within-grace';
import { startDraining } from './modules/health/routes';
import { startMetricsListener } from './modules/metrics/metrics-listener';
import { seedDemoAttendance } from './modules/attendance/demo';
import { mailSettingsFrom } from './modules/mail/settings';
import { createStorage } from './lib/storage/create-storage';

async function main(): Promise<void> {
  // Everything the store writes under DATA_DIR (the database, generated secrets, uploads, the
  // outbox's messages with their one-time links) is the owner's only.
  process.umask(0o077);
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // With PostgreSQL, one server process per core: this one then only watches them.
  if (runAsClusterPrimary(config)) return;

  // Demo mode: the local PayPal simulator starts first, and the store talks to it as to PayPal.
  const simulator = config.PAYPAL_SIMULATOR
    ? await (await import('./dev/paypal-simulator/simulator')).startPaypalSimulator()
    : null;
  if (simulator) config = { ...config, PAYPAL_API_BASE: simulator.url };
  // And the local Stripe simulator: the store's Stripe client and webhook talk to it.
  const publicUrl = config.PUBLIC_URL;
  const stripeSimulator = config.STRIPE_SIMULATOR
    ? await import('./dev/stripe-simulator/simulator').then((m) => m.startStripeSimulator({ publicUrl }))
    : null;
  if (stripeSimulator) {
    config = {
      ...config,
      STRIPE_API_HOST: stripeSimulator.host,
      STRIPE_API_PORT: stripeSimulator.port,
      STRIPE_API_PROTOCOL: 'http',
    };
  }

  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : config.dataDir,
  });
  const storage = await createStorage(config);
  // Migrations and seeding one replica at a time (PostgreSQL advisory lock): replicas of a
  // new release may start together; the ones that wait say so and then find nothing to do.
  let seeded;
  try {
    seeded = await database.withStartupLock(
      async () => {
        await database.migrate();
        // The demo's Stripe simulator: its three ways to pay on (a fresh demo database only).
        if (config.STRIPE_SIMULATOR) await enableSimulatedWaysToPay(database.db);
        const result = await seed(database.db, {
          demo: config.SEED_DEMO,
          adminEmail: config.ADMIN_EMAIL,
          adminPassword: config.ADMIN_PASSWORD,
          adminPromoteExisting: config.ADMIN_PROMOTE_EXISTING,
          ...(config.demoDataAllowed
            ? {}
            : isLocalUrl(config.PUBLIC_URL)
              ? { refuseDemoOnHost: config.HOST }
              : { refuseDemoAt: config.PUBLIC_URL }),
        });
        // The demo's finished event as it looks afterwards: its attendees, their evaluation and
        // a constancia (docs/dates-and-time.md → Demo data). Before the app is built, so the
        // purchases of weeks ago send no confirmation now; a failure leaves the rest of the demo.
        if (result.seededDemo) {
          await seedDemoAttendance(database.db, storage, mailSettingsFrom(config)).catch((err: unknown) =>
            console.error('No se pudo preparar la asistencia del evento finalizado de demostración:', err),
          );
        }
        return result;
      },
      () => console.log('Otra instancia está migrando la base de datos; se espera a que termine…'),
    );
  } catch (err) {
    if (!(err instanceof SeedRefusedError)) throw err;
    console.error(err.message);
    await database.close();
    process.exit(1);
  }

  const app = await buildApp({ config, database, storage });
  // A long queue of connections not yet accepted (capped by the kernel's somaxconn): at 9:00 a
  // thousand buyers connect at once, and a connection the queue drops is retried by the
  // browser only a second or more later.
  await app.listen({ port: config.PORT, host: config.HOST, backlog: 4096 });
  const metricsListener =
    app.metrics && config.METRICS_PORT
      ? await startMetricsListener({
          registry: app.metrics,
          port: config.METRICS_PORT,
          host: config.METRICS_HOST,
          token: config.METRICS_TOKEN,
        })
      : null;

  // Every background job of jobs.ts that the configuration turns on (docs/ARCHITECTURE.md).
  const jobs = startJobs({
    db: database.db,
    config,
    storage: app.storage,
    mail: app.mailSettings,
    log: app.log,
    userViews: app.userViews,
    sessions: app.sessions,
    selling: () => app.checkoutLine.figures().waiting > 0,
  });

  const lines = [
    '',
    `  Tienda lista en ${config.PUBLIC_URL}`,
    `  Base de datos: ${database.kind === 'pglite' ? `PGlite en ${config.dataDir}` : 'PostgreSQL'}`,
  ];
  lines.push(
    config.SMTP_URL
      ? '  Correo: se envía por SMTP (SMTP_URL).'
      : `  Correo: sin SMTP_URL, los mensajes se guardan como .eml en ${path.join(config.dataDir, 'outbox')}`,
  );
  lines.push(
    config.S3_BUCKET
      ? `  Archivos: bucket S3 ${config.S3_BUCKET}${config.S3_ENDPOINT ? ` en ${config.S3_ENDPOINT}` : ''}`
      : `  Archivos: carpeta local ${path.join(config.dataDir, 'uploads')} (públicos) y ${path.join(config.dataDir, 'private')} (privados)`,
  );
  lines.push(
    config.CFDI_API_KEY
      ? `  Facturas: CFDI timbrados con ${config.CFDI_API_URL} (CFDI_API_KEY).`
      : '  Facturas: sin CFDI_API_KEY, las solicitudes esperan en /admin/invoices (CSV y XML/PDF a mano).',
  );
  if (simulator) {
    lines.push(
      '  Pagos: SIMULADOR LOCAL DE PAYPAL (PAYPAL_SIMULATOR=true): ningún cobro es real.',
      '  Para comprar: entra, agrega un evento, paga con PayPal y pulsa «Aprobar pago simulado».',
    );
  }
  if (stripeSimulator) {
    lines.push(
      '  Pagos: SIMULADOR LOCAL DE STRIPE (STRIPE_SIMULATOR=true): tarjeta, OXXO y SPEI simulados, ningún cobro es real.',
      '  Actívalos en /admin/pagos; la ficha OXXO y la transferencia SPEI traen botones para simular el pago.',
      `  API del simulador de Stripe: ${stripeSimulator.url} (clave ${STRIPE_SIMULATOR_CREDENTIALS.secretKey}).`,
    );
  }
  if (seeded.seededDemo) lines.push('  Datos de demostración cargados.');
  const demo = await demoDataStatus(database.db);
  if (demo.coupons > 0) {
    lines.push(
      `  Cupón de demostración: ${DEMO_COUPON.code} (100 % de descuento, ${DEMO_COUPON_MAX_USES} usos, vence ${DEMO_COUPON_DAYS} días después de cargarse)`,
    );
  }
  if (demo.users > 0) {
    lines.push(`  Cliente de demostración: ${DEMO_CUSTOMER.email} / ${DEMO_CUSTOMER.password}`);
  }
  if (demo.present) {
    lines.push('  Antes de abrir la tienda, elimina los datos de demostración desde /admin.');
  }
  lines.push(...exposureLines(config, demo.present));
  if (seeded.generatedAdmin) {
    lines.push(
      ...announceGeneratedAdmin(seeded.generatedAdmin, {
        databaseUrl: config.DATABASE_URL,
        dataDir: config.dataDir,
      }),
    );
  } else if (seeded.promotedAdminEmail) {
    lines.push(
      `  Administrador: ${seeded.promotedAdminEmail} (cuenta existente promovida por ADMIN_PROMOTE_EXISTING)`,
    );
  } else if (config.ADMIN_EMAIL) {
    lines.push(`  Administrador: ${config.ADMIN_EMAIL}`);
  }
  console.log(lines.join('\n') + '\n');

  if (metricsListener) {
    console.log(`  Métricas: http://${config.METRICS_HOST}:${config.METRICS_PORT}/metrics\n`);
    const warning = metricsExposureWarning(config);
    if (warning) console.warn(`${warning}\n`);
  }

  // Shutdown (docs/operations.md#graceful-shutdown): readiness fails at once and, for
  // SHUTDOWN_DRAIN_MS, the replica keeps serving while the balancer notices; then it stops
  // accepting, lets the requests in flight finish and stops the background jobs (neither
  // waits on a slow network call beyond SHUTDOWN_GRACE_MS, lib/within-grace.ts; a claimed
  // e-mail or invoice keeps its lease and is retried), then always closes the database
  // (PGlite: CHECKPOINT + close, lock released). Exit 0 when every step succeeded, 1 otherwise.
  const SHUTDOWN_GRACE_MS = config.SHUTDOWN_GRACE_MS;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    startDraining(app);
    app.log.info({ signal, drainMs: config.SHUTDOWN_DRAIN_MS }, 'cerrando');
    if (config.SHUTDOWN_DRAIN_MS > 0) await new Promise((r) => setTimeout(r, config.SHUTDOWN_DRAIN_MS));
    // Last resort if closing the database itself hangs.
    setTimeout(
      () => {
        console.error('El cierre tardó demasiado; se fuerza la salida.');
        process.exit(1);
      },
      3 * SHUTDOWN_GRACE_MS + 5_000,
    ).unref();
    let failed = false;
    const step = async (what: string, work: () => Promise<unknown>, graceMs?: number) => {
      const done = work().catch((err: unknown) => {
        failed = true;
        app.log.error({ err }, `cierre: error en ${what}`);
      });
      const inTime = graceMs === undefined ? await done.then(() => true) : await withinGrace(done, graceMs);
      if (!inTime) app.log.warn(`cierre: ${what} no terminó a tiempo; se abandona`);
    };
    await Promise.all([
      step('el servidor HTTP', () => app.close(), SHUTDOWN_GRACE_MS),
      // Each job gets SHUTDOWN_GRACE_MS and is then abandoned (jobs.ts logs which one); a sweep
      // waiting on PayPal or Stripe holds no transaction while it waits.
      step('los trabajos en segundo plano', () => jobs.stop(SHUTDOWN_GRACE_MS)),
      step('las métricas', async () => metricsListener?.close(), SHUTDOWN_GRACE_MS),
    ]);
    await step('la base de datos', () => database.close());
    if (simulator) await step('el simulador de PayPal', () => simulator.close(), SHUTDOWN_GRACE_MS);
    if (stripeSimulator) {
      await step('el simulador de Stripe', () => stripeSimulator.close(), SHUTDOWN_GRACE_MS);
    }
    process.exit(failed ? 1 : 0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
