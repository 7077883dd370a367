// The background jobs: one registry (name, interval, what each does) that server.ts starts and
// stops through startJobs, and that docs/ARCHITECTURE.md lists from jobsMarkdown() (jobs.test.ts
// fails when the two differ). Every job runs on the one loop of lib/periodic.ts; each is safe
// with several instances running (leases, row locks, dedupe keys).

import type { PaymentMethod } from '@store/shared/constants';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import { startPeriodic, type PeriodicJob } from './lib/periodic';
import type { FileStorage } from './lib/storage/storage';
import { createOutboxSender } from './modules/mail/sender';
import { runConstanciaJob } from './modules/attendance/autopilot';
import type { MailSettings } from './modules/mail/settings';
import { createFacturapiClient } from './modules/invoices/pac-client';
import { runInvoiceJobs } from './modules/invoices/worker';
import {
  queueDayReminders,
  queuePaymentReminders,
  queueRegistrationReminders,
} from './modules/orders/reminders';
import type { UserViews } from './modules/orders/user-views';
import type { SessionCache } from './plugins/session-cache';
import { WARM_EVERY_MS, warmStreamBuyers } from './modules/products/warm-up';
import { sweepWaitlist } from './modules/waitlist/service';
import { sweepExpiredOrders } from './modules/payments/expiry';
import { createPaymentDeps, PAYMENT_PROVIDERS } from './modules/payments/registry';
import { sweepPendingRefunds } from './modules/payments/refunds';
import type { PaymentDeps } from './modules/payments/settle';

export interface JobContext {
  db: Db;
  config: Config;
  storage: FileStorage;
  mail: MailSettings;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** This process's buyers' answers held in memory (app.userViews). */
  userViews?: UserViews;
  /** This process's session cache (app.sessions). */
  sessions?: SessionCache;
  /**
   * True while buyers wait in this process's checkout line (docs/on-sale.md): the e-mail sender
   * lets that minute pass (its messages wait seconds; the buyers' checkouts come first).
   */
  selling?: () => boolean;
}

/** What a job does with this configuration. */
export interface JobRun {
  intervalMs: number;
  /** One run; the signal is aborted when the process is stopping. */
  run(signal: AbortSignal): Promise<void>;
  /** Called once the job has stopped (connections to close). */
  close?(): void;
}

export interface Job {
  /** `<module>.<job>`, as in the logs. */
  name: string;
  /** Spanish, for the log lines ("error en …", "… no terminó a tiempo"). */
  label: string;
  /** The file that holds what a run does, under apps/api/src/. */
  source: string;
  /** How often, 'every …' (docs, Markdown). */
  every: string;
  /** What a run does (docs, Markdown). */
  does: string;
  /** The run for this configuration; null when the job is off (docs say when in `does`). */
  create(ctx: JobContext): JobRun | null;
}

const MINUTE = 60_000;

function paymentDeps(ctx: JobContext): PaymentDeps {
  return createPaymentDeps({ db: ctx.db, config: ctx.config, log: ctx.log });
}

/** Logs a run's counts when any of them is not zero. */
function logCounts(ctx: JobContext, msg: string) {
  return (counts: Record<string, number>) => {
    if (Object.values(counts).some((n) => n > 0)) ctx.log.info(counts, msg);
  };
}

export const JOBS: readonly Job[] = [
  {
    name: 'mail.sender',
    label: 'el envío de correos',
    source: 'modules/mail/sender.ts',
    every: 'every `OUTBOX_INTERVAL_MS` (5 s)',
    does: "claims due messages of `email_outbox` (`FOR UPDATE SKIP LOCKED` with a lease) and sends them through SMTP (`SMTP_URL`) or writes `.eml` files under `DATA_DIR/outbox`; retries with backoff up to `OUTBOX_MAX_ATTEMPTS`; files named for later (an order confirmation's tickets and receipt) are made as it sends. While buyers wait in the checkout line it lets its turn pass. On shutdown the rest of a batch is left for the lease to run out.",
    create(ctx) {
      const sender = createOutboxSender({
        db: ctx.db,
        from: ctx.config.MAIL_FROM,
        smtpUrl: ctx.config.SMTP_URL,
        outboxDir: path.join(ctx.config.dataDir, 'outbox'),
        log: ctx.log,
        maxAttempts: ctx.config.OUTBOX_MAX_ATTEMPTS,
      });
      return {
        intervalMs: ctx.config.OUTBOX_INTERVAL_MS,
        run: async (signal) => {
          if (ctx.selling?.()) return;
          await sender.runOnce(undefined, signal);
        },
        close: () => sender.close(),
      };
    },
  },
  {
    name: 'payments.expiry',
    label: 'la revisión de órdenes vencidas',
    source: 'modules/payments/expiry.ts',
    every: 'every minute, or every half `PENDING_ORDER_TTL_MINUTES` when shorter',
    does: 'orders unpaid after `PENDING_ORDER_TTL_MINUTES` (cash: `CASH_ORDER_TTL_HOURS`) are checked with their provider first (money already taken pays the order), then cancelled, giving back seats and the coupon use.',
    create(ctx) {
      const deps = paymentDeps(ctx);
      return {
        intervalMs: Math.min(MINUTE, (ctx.config.PENDING_ORDER_TTL_MINUTES * MINUTE) / 2),
        run: () =>
          sweepExpiredOrders(deps).then(({ paid, cancelled }) =>
            logCounts(ctx, 'órdenes pendientes vencidas revisadas')({ paid, cancelled }),
          ),
      };
    },
  },
  {
    name: 'payments.refunds',
    label: 'la revisión de reembolsos pendientes',
    source: 'modules/payments/refunds.ts',
    every: 'every minute',
    does: 'PayPal refunds still pending (PENDING at PayPal, 409, 429, no answer) are read or asked again with their own key when due ([providers.md](providers.md)).',
    create(ctx) {
      const deps = paymentDeps(ctx);
      return {
        intervalMs: MINUTE,
        run: () =>
          sweepPendingRefunds(deps).then(({ completed, failed }) =>
            logCounts(ctx, 'reembolsos pendientes revisados')({ completed, failed }),
          ),
      };
    },
  },
  {
    name: 'attendance.constancias',
    label: 'la emisión automática de constancias',
    source: 'modules/attendance/autopilot.ts',
    every: 'every `CONSTANCIA_INTERVAL_MS` (2 minutes)',
    does: "issues and e-mails the constancia of every qualifying attendee of an event with automatic constancias once its last day's attendance window has closed (and of whoever passes the evaluation later), for events closed in the last 90 days; the person's constancia lock and a check inside the issuing transaction make it once per person and event across replicas ([attendance.md](attendance.md)).",
    create(ctx) {
      const deps = { db: ctx.db, storage: ctx.storage, mail: ctx.mail, log: ctx.log };
      return {
        intervalMs: ctx.config.CONSTANCIA_INTERVAL_MS,
        run: (signal) =>
          runConstanciaJob(deps, new Date(), signal).then(({ issued, failed }) =>
            logCounts(ctx, 'constancias emitidas automáticamente')({ issued, failed }),
          ),
      };
    },
  },
  {
    name: 'orders.reminders',
    label: 'los recordatorios',
    source: 'modules/orders/reminders.ts',
    every: 'every minute',
    does: "queues the 24 h and 1 h reminders of paid days, one reminder of an OXXO voucher or SPEI transfer in its last 24 h, and one reminder to complete an event's registration questions two days before a holder's first day while a required answer is missing; outbox dedupe keys make each go out once across instances and restarts ([after-sale.md](after-sale.md), [payments.md](payments.md), [questions.md](questions.md)).",
    create(ctx) {
      return {
        intervalMs: MINUTE,
        run: () =>
          queueDayReminders(ctx.db, ctx.mail).then(async (queued) =>
            logCounts(
              ctx,
              'recordatorios de eventos en cola',
            )({
              queued,
              payments: await queuePaymentReminders(ctx.db, ctx.mail),
              registrations: await queueRegistrationReminders(ctx.db, ctx.mail),
            }),
          ),
      };
    },
  },
  {
    name: 'products.warm-up',
    label: 'la preparación de las transmisiones',
    source: 'modules/products/warm-up.ts',
    every: 'every 30 s',
    does: "in each process: builds ahead, in memory, the «Mis Productos» answer and the stream page's part of every buyer holding a paid place on a day that starts within 30 minutes or is on now, and reads their session rows afresh into the session cache before they run out, so the 9:00 rush finds them held ([speed.md](speed.md#a-buyers-snapshot)).",
    create(ctx) {
      const views = ctx.userViews;
      if (!views) return null;
      return {
        intervalMs: WARM_EVERY_MS,
        run: (signal) =>
          warmStreamBuyers(ctx.db, views, ctx.sessions ?? null, new Date(), signal).then((counts) =>
            logCounts(ctx, 'compradores de transmisiones próximas preparados')({ ...counts }),
          ),
      };
    },
  },
  {
    name: 'waitlist.sweep',
    label: 'la lista de espera',
    source: 'modules/waitlist/service.ts',
    every: 'every minute',
    does: 'offers paid for become `reclamado`, offers past their 24 h become `expirado`, and the free seats of every day with someone waiting are offered to the next in line, whichever way they were freed ([after-sale.md](after-sale.md#waiting-list)).',
    create(ctx) {
      return {
        intervalMs: MINUTE,
        run: () =>
          sweepWaitlist(ctx.db, ctx.mail).then((r) => logCounts(ctx, 'lista de espera revisada')({ ...r })),
      };
    },
  },
  {
    name: 'invoices.stamping',
    label: 'la cola de facturas',
    source: 'modules/invoices/worker.ts',
    every: 'every `CFDI_INTERVAL_MS` (10 s)',
    does: 'only with `CFDI_API_KEY`: claims due rows of `cfdi_documents`, invoices, credit notes and payment complements alike (`FOR UPDATE SKIP LOCKED` with a lease), stamps or cancels them at the PAC with an idempotency key, stores the XML/PDF and queues the e-mail ([cfdi.md](cfdi.md)).',
    create(ctx) {
      const { config } = ctx;
      if (!config.CFDI_API_KEY) return null;
      const deps = {
        db: ctx.db,
        storage: ctx.storage,
        client: createFacturapiClient({
          baseUrl: config.CFDI_API_URL,
          apiKey: config.CFDI_API_KEY,
          timeoutMs: config.CFDI_TIMEOUT_MS,
        }),
        maxAttempts: config.CFDI_MAX_ATTEMPTS,
        issuerZip: config.CFDI_ISSUER_ZIP ?? null,
        paymentForm: (method: PaymentMethod, payment: { data: Record<string, string> } | null) =>
          PAYMENT_PROVIDERS[method].satPaymentForm(payment),
        log: ctx.log,
        mail: ctx.mail,
      };
      return { intervalMs: config.CFDI_INTERVAL_MS, run: async () => void (await runInvoiceJobs(deps)) };
    },
  },
];

export interface RunningJobs {
  /** The jobs started (those whose configuration turns them on). */
  names: readonly string[];
  /**
   * Stops every job: a run in progress is told through its signal and given `graceMs`, then
   * abandoned (what it claimed keeps its lease). Resolves once all are stopped or abandoned.
   */
  stop(graceMs: number): Promise<void>;
}

/** Starts every job of `jobs` that the configuration turns on. */
export function startJobs(ctx: JobContext, jobs: readonly Job[] = JOBS): RunningJobs {
  const started: { job: Job; run: JobRun; loop: PeriodicJob }[] = [];
  for (const job of jobs) {
    const run = job.create(ctx);
    if (!run) continue;
    const loop = startPeriodic(
      (signal) =>
        run
          .run(signal)
          .catch((err: unknown) => ctx.log.error({ err, job: job.name }, `error en ${job.label}`)),
      run.intervalMs,
    );
    started.push({ job, run, loop });
  }
  return {
    names: started.map((s) => s.job.name),
    async stop(graceMs) {
      await Promise.all(
        started.map(async ({ job, run, loop }) => {
          if (!(await loop.stop(graceMs))) {
            ctx.log.warn({ job: job.name }, `cierre: ${job.label} no terminó a tiempo; se abandona`);
          }
          run.close?.();
        }),
      );
    },
  };
}

/** The job list of docs/ARCHITECTURE.md (between its `jobs:start` and `jobs:end` markers). */
export function jobsMarkdown(jobs: readonly Job[] = JOBS): string {
  return jobs.map((j) => `- **\`${j.name}\`** (\`${j.source}\`, ${j.every}): ${j.does}`).join('\n');
}
