// Reminders before each bought day (docs/after-sale.md): 24 hours and 1 hour before it
// starts, through the outbox. Each reminder's dedupe key (`recordatorio:24h|1h:<order day>`)
// makes it go out once, whichever process or restart queues it; a day found late (the
// server was down) gets only the reminder whose window it is in.

import type { Db } from '../../db/client';
import { enqueueDayReminder } from '../mail/after-sale';
import type { MailSettings } from '../mail/settings';
import { findDaysToRemind } from './repo';

const HOUR = 3_600_000;
export const REMINDERS = [
  /** From 24 h before until 1 h before. */
  { kind: '24h', fromMs: HOUR, toMs: 24 * HOUR, when: 'mañana' },
  /** The last hour before the day starts. */
  { kind: '1h', fromMs: 0, toMs: HOUR, when: 'en una hora' },
] as const;

/** Queues every reminder due at `now`; answers how many were queued. */
export async function queueDayReminders(db: Db, mail: MailSettings, now = new Date()): Promise<number> {
  let queued = 0;
  for (const r of REMINDERS) {
    const days = await findDaysToRemind(
      db,
      r.kind,
      new Date(now.getTime() + r.fromMs),
      new Date(now.getTime() + r.toMs),
    );
    for (const d of days) {
      const sent = await enqueueDayReminder(db, mail, {
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
