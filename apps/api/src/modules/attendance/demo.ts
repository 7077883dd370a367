// The demo's finished event as it looks after it happened (docs/dates-and-time.md → Demo data):
// its attendees (db/seed-data.ts → DEMO_ATTENDEES) bought it three weeks before it, filled in
// their data for constancias, watched it online, answered its evaluation, and the demo
// customer got her constancia. Run once at start, right after the seed wrote the demo data
// (server.ts), through the store's own rules at the instants they happened: the cart and the
// free claim (the demo coupon), the watched seconds capped to each day, the evaluation's
// scoring, and the constancia's PDF, folio and e-mail. A second run changes nothing.

import { MSG } from '@store/shared/messages';
import { professionalProfileInput } from '@store/shared/schemas/attendance';
import { addCalendarDays, fromMexicoCityLocal, mexicoCityDate } from '@store/shared/domain/time';
import { dayLengthSeconds } from '@store/shared/domain/attendance';
import type { Db } from '../../db/client';
import {
  DEMO_ATTENDEES,
  DEMO_COUPON,
  DEMO_PURCHASE_DAYS_BEFORE,
  demoCatalogue,
  FINISHED_EVENT_SLUG,
} from '../../db/seed-data';
import { AppError } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage/storage';
import { addToCart } from '../cart/service';
import { claimFree } from '../lifecycle';
import type { MailSettings } from '../mail/settings';
import { submitEvaluation } from './evaluation';
import { addWatchedSeconds, findDemoEvent, findDemoUser, holdsAnyDay } from './repo';
import { issueConstancia, saveProfessionalProfile } from './service';

const HOUR = 3_600_000;

/** What the demo attendance wrote: the attendees whose story was written, and the constancias issued. */
export interface DemoAttendanceResult {
  attendees: number;
  constancias: string[];
}

export async function seedDemoAttendance(
  db: Db,
  storage: FileStorage,
  mail: MailSettings,
  now = new Date(),
): Promise<DemoAttendanceResult> {
  const result: DemoAttendanceResult = { attendees: 0, constancias: [] };
  const name = demoCatalogue(now).products.find((p) => p.slug === FINISHED_EVENT_SLUG)!.name;
  const event = await findDemoEvent(db, name);
  if (!event || event.days.length === 0) return result;
  const first = event.days[0]!;
  const last = event.days.at(-1)!;
  // Three weeks before its first day, at 10:00; the evaluation the day after it ended, the
  // constancia the day after that (never later than now).
  const boughtAt = fromMexicoCityLocal(
    `${addCalendarDays(mexicoCityDate(first.startsAt), -DEMO_PURCHASE_DAYS_BEFORE)}T10:00`,
  )!;
  const answeredAt = new Date(Math.min(last.endsAt.getTime() + 18 * HOUR, now.getTime()));
  const issuedAt = new Date(Math.min(last.endsAt.getTime() + 42 * HOUR, now.getTime()));

  for (const attendee of DEMO_ATTENDEES) {
    const user = await findDemoUser(db, attendee.email);
    if (!user || (await holdsAnyDay(db, user.id, event.id))) continue;
    for (const day of event.days) await addToCart(db, user.id, event.id, day.label, boughtAt);
    await db.transaction((tx) =>
      claimFree(tx, {
        userId: user.id,
        address: demoAddress(attendee.email),
        couponCode: DEMO_COUPON.code,
        paymentMethod: 'free',
        check: (quote) => {
          if (!quote.isFree) throw new AppError('conflict', MSG.notFreeOrder);
        },
        now: boughtAt,
      }),
    );
    await saveProfessionalProfile(db, user.id, professionalProfileInput.parse(attendee.profile), boughtAt);
    for (const [i, day] of event.days.entries()) {
      const length = dayLengthSeconds(day.startsAt.getTime(), day.endsAt.getTime());
      const share = attendee.watched[i] ?? 0;
      if (share <= 0) continue;
      await addWatchedSeconds(db, {
        userId: user.id,
        productDayId: day.id,
        seconds: Math.round(length * share),
        capSeconds: length,
        now: day.endsAt,
      });
    }
    for (const [i, answers] of attendee.attempts.entries()) {
      await submitEvaluation(db, user.id, event.id, answers, new Date(answeredAt.getTime() + i * HOUR));
    }
    if (attendee.constancia) {
      const { folio } = await issueConstancia(db, storage, mail, {
        userId: user.id,
        productId: event.id,
        eventName: event.name,
        now: issuedAt,
        issuedBy: null,
      });
      result.constancias.push(folio);
    }
    result.attendees += 1;
  }
  return result;
}

/** The checkout address a demo attendee gave (any valid one: the order keeps it). */
function demoAddress(email: string) {
  return {
    firstName: 'Demostración',
    lastName: 'AMACC',
    email,
    street: 'Av. Insurgentes Sur 1000',
    city: 'Ciudad de México',
    state: 'CDMX',
    zipcode: '03100',
    country: 'México',
    phone: '5550001234',
  };
}
