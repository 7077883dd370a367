// E-mails after the sale (docs/after-sale.md), enqueued in the caller's transaction: the
// confirmation of a cancellation (it goes out if and only if the cancellation commits; its
// dedupe key, the refund or the cancellation, keeps a replay from sending it twice) and the
// reminders before each bought day (dedupe key per day and reminder), the notice of an admin's
// refund or cancellation, and the reminder to complete an event's registration (once per person
// and event).

import type { Queryable } from '../../db/client';
import { dayReminderEmail, type DayReminderData } from './catalogue/day-reminder';
import { orderCancellationEmail, type OrderCancellationData } from './catalogue/order-cancellation';
import { orderChangedByAdminEmail, type OrderChangedByAdminData } from './catalogue/order-changed-by-admin';
import { registrationReminderEmail, type RegistrationReminderData } from './catalogue/registration-reminder';
import { enqueueEmail } from './outbox';
import type { MailSettings } from './settings';

export async function enqueueCancellationEmail(
  db: Queryable,
  settings: MailSettings,
  data: OrderCancellationData & { dedupeKey: string },
): Promise<void> {
  await enqueueEmail(db, { ...orderCancellationEmail(settings, data), dedupeKey: data.dedupeKey });
}

/** The notice of an admin's refund or cancellation, once per refund or cancellation (its dedupe key). */
export async function enqueueAdminChangeEmail(
  db: Queryable,
  settings: MailSettings,
  data: OrderChangedByAdminData & { dedupeKey: string },
): Promise<void> {
  await enqueueEmail(db, { ...orderChangedByAdminEmail(settings, data), dedupeKey: data.dedupeKey });
}

/** False when this reminder was already queued (its dedupe key). */
export async function enqueueDayReminder(
  db: Queryable,
  settings: MailSettings,
  data: DayReminderData & { dedupeKey: string },
): Promise<boolean> {
  return enqueueEmail(db, { ...dayReminderEmail(settings, data), dedupeKey: data.dedupeKey });
}

/** False when this person was already reminded of this event's registration (its dedupe key). */
export async function enqueueRegistrationReminder(
  db: Queryable,
  settings: MailSettings,
  data: RegistrationReminderData & { dedupeKey: string },
): Promise<boolean> {
  return enqueueEmail(db, { ...registrationReminderEmail(settings, data), dedupeKey: data.dedupeKey });
}
