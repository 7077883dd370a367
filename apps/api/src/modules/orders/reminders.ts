// Reminders before each bought day (docs/after-sale.md): 24 hours and 1 hour before it
// starts, through the outbox; and, two days before a person's first day of an event, the
// reminder to complete its registration questions (docs/questions.md). Each reminder's dedupe key (`recordatorio:24h|1h:<order day>`)
// makes it go out once, whichever process or restart queues it; a day found late (the
// server was down) gets only the reminder whose window it is in.

import type { Db } from '../../db/client';
import { enqueueDayReminder, enqueueRegistrationReminder } from '../mail/after-sale';
import { registrationReminderKey } from '../questions/repo';
import { registrationsToRemind } from '../questions/service';
import type { MailSettings } from '../mail/settings';
import { enqueuePaymentPending } from '../mail/payments';
import { findDaysToRemind, findPaymentsToRemind } from './repo';
import { pendingPaymentMail } from './subscriber';

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

/** A voucher or transfer is reminded once, within its last day, if it was issued earlier than this. */
const PAYMENT_REMINDER_AFTER_MS = 6 * HOUR;

/**
 * Queues the reminder of each OXXO voucher or SPEI transfer still unpaid in its last 24 hours
 * (one per order: `pago-recordatorio:<order>`); one issued less than 6 hours ago is not
 * reminded. Answers how many were queued.
 */
export async function queuePaymentReminders(db: Db, mail: MailSettings, now = new Date()): Promise<number> {
  let queued = 0;
  const due = await findPaymentsToRemind(
    db,
    new Date(now.getTime() + 24 * HOUR),
    new Date(now.getTime() - PAYMENT_REMINDER_AFTER_MS),
    now,
  );
  for (const orderId of due) {
    const pending = await pendingPaymentMail(db, orderId);
    if (pending && (await enqueuePaymentPending(db, mail, pending, 'reminder'))) queued += 1;
  }
  return queued;
}

/** How long before a person's first day of an event the registration reminder goes out. */
export const REGISTRATION_REMINDER_MS = 48 * HOUR;

/**
 * Queues the reminder to complete an event's registration for each holder whose first paid day
 * starts within two days and who still misses a required answer; once per person and event
 * (`registro:<user>:<event>`). Answers how many were queued.
 */
export async function queueRegistrationReminders(
  db: Db,
  mail: MailSettings,
  now = new Date(),
): Promise<number> {
  let queued = 0;
  for (const r of await registrationsToRemind(db, now, REGISTRATION_REMINDER_MS)) {
    const sent = await enqueueRegistrationReminder(db, mail, {
      to: r.email,
      name: r.name,
      productId: r.productId,
      productName: r.productName,
      startsAt: r.firstStart,
      dedupeKey: registrationReminderKey(r.userId, r.productId),
    });
    if (sent) queued += 1;
  }
  return queued;
}
