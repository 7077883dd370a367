// Reminders before each bought day (docs/after-sale.md): 24 hours and 1 hour before it
// starts, through the outbox. Each reminder's dedupe key (`recordatorio:24h|1h:<order day>`)
// makes it go out once, whichever process or restart queues it; a day found late (the
// server was down) gets only the reminder whose window it is in.

import { startPeriodic, type PeriodicJob } from '../../lib/periodic';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { enqueueDayReminder } from '../mail/after-sale';
import { findDaysToRemind } from './repo';

const HOUR = 3_600_000;
export const REMINDERS = [
  /** From 24 h before until 1 h before. */
  { kind: '24h', fromMs: HOUR, toMs: 24 * HOUR, when: 'mañana' },
  /** The last hour before the day starts. */
  { kind: '1h', fromMs: 0, toMs: HOUR, when: 'en una hora' },
] as const;

/** Queues every reminder due at `now`; answers how many were queued. */
export async function queueDayReminders(db: Db, now = new Date()): Promise<number> {
  let queued = 0;
  for (const r of REMINDERS) {
    const days = await findDaysToRemind(
      db,
      r.kind,
      new Date(now.getTime() + r.fromMs),
      new Date(now.getTime() + r.toMs),
    );
    for (const d of days) {
      const sent = await enqueueDayReminder(db, {
        to: d.email,
        name: d.name,
        productName: d.productName,
        label: d.label,
        startsAt: d.startsAt,
        endsAt: d.endsAt,
        isPresential: d.isPresential,
        when: r.when,
        dedupeKey: `recordatorio:${r.kind}:${d.orderDayId}`,
      });
      if (sent) queued += 1;
    }
  }
  return queued;
}

/** Runs queueDayReminders now and then every `intervalMs` (a minute); stop() waits for a run. */
export function startDayReminders(opts: {
  db: Db;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  intervalMs?: number;
}): PeriodicJob {
  return startPeriodic(
    () =>
      queueDayReminders(opts.db)
        .then((n) => {
          if (n > 0) opts.log.info({ queued: n }, 'recordatorios de eventos en cola');
        })
        .catch((err: unknown) => opts.log.error({ err }, 'error al preparar recordatorios')),
    opts.intervalMs ?? 60_000,
  );
}
