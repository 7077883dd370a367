// Attendance and constancias (docs/attendance.md): the professional profile, online
// attendance from player heartbeats, in-person tickets and check-ins, and constancias.

import QRCode from 'qrcode';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import {
  HEARTBEAT_TOLERANCE_MINUTES,
  STREAM_SESSION_TIMEOUT_SECONDS,
  creditPhase,
  creditWindow,
  dayLengthSeconds,
  dayVerdict,
  type DayVerdict,
  heartbeatCredit,
  requiredSeconds,
} from '@store/shared/domain/attendance';
import {
  formatDateFull,
  formatDateTime,
  mexicoCityDate,
  MX_TIME_ZONE_LABEL,
} from '@store/shared/domain/time';
import { MSG } from '@store/shared/messages';
import { FOLIO_PATTERN } from '@store/shared/schemas/attendance';
import type {
  ConstanciaVerification,
  DayAttendance,
  ConstanciaStatus,
  HeartbeatBody,
  MyAttendanceEvent,
  MyConstancia,
  ProfessionalProfile,
  Ticket,
} from '@store/shared/schemas/attendance';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { newStorageKey } from '../../lib/storage/keys';
import type { FileStorage } from '../../lib/storage/storage';
import { enqueueEmail } from '../mail/outbox';
import { constanciaIssuedEmail } from '../mail/catalogue/constancia-issued';
import type { MailSettings } from '../mail/settings';
import { renderConstanciaPdf } from './constancia-pdf';
import {
  addWatchedSeconds,
  findConstanciaByFolio,
  findReplacement,
  findStartedEvents,
  findLatestConstancia,
  findEndorsement,
  findPaidDayByLabel,
  findPaidDaysWithAttendance,
  findPaidHolder,
  findProfile,
  findTicketDays,
  findUserContact,
  findValidConstancia,
  lockConstanciaPair,
  revokeConstancia,
  findWatchedSeconds,
  insertCheckin,
  insertConstancia,
  listUserConstancias,
  lockStreamSession,
  saveStreamSession,
  upsertProfile,
} from './repo';
import { signTicket, verifyTicket } from '../../lib/tickets';
import { venueOf } from '../products/mappers';
import { findAttempts, findEvaluation } from './evaluation-repo';
import { newFolio } from './folio';
import { signaturesForConstancia } from './signatures';
import { ticketNotToday, watchBeforeDay } from '@store/shared/attendance-messages';

// ---- Professional profile ----

export async function getProfessionalProfile(db: Queryable, userId: string) {
  const row = await findProfile(db, userId);
  return row
    ? {
        certificateName: row.certificateName,
        cedula: row.cedula,
        specialty: row.specialty,
        institution: row.institution,
      }
    : null;
}

export async function saveProfessionalProfile(
  db: Queryable,
  userId: string,
  p: ProfessionalProfile,
  now: Date,
) {
  await upsertProfile(db, userId, p, now);
  return getProfessionalProfile(db, userId);
}

// ---- Online attendance ----

function toDayAttendance(
  d: { label: string; startsAt: Date; endsAt: Date; percent: number },
  seconds: number,
): DayAttendance {
  const length = dayLengthSeconds(d.startsAt.getTime(), d.endsAt.getTime());
  const required = requiredSeconds(length, d.percent);
  const window = creditWindow(d.startsAt.getTime(), d.endsAt.getTime());
  return {
    day: d.label,
    watchedSeconds: seconds,
    dayLengthSeconds: length,
    requiredSeconds: required,
    attended: seconds >= required,
    creditFrom: window.from,
    creditUntil: window.until,
  };
}

/**
 * One heartbeat of a playing player. Credits the real time since this player's previous
 * heartbeat (capped), never more than the day's length; refuses days the user does not hold
 * (paid) at this moment, heartbeats outside the day's credit window (its start and end with
 * HEARTBEAT_TOLERANCE_MINUTES either side) and a player while another device of the account
 * is playing. A refused heartbeat changes nothing, not even the session.
 */
export async function recordHeartbeat(
  db: Db,
  userId: string,
  body: HeartbeatBody,
  now: Date,
): Promise<DayAttendance> {
  return db.transaction(async (tx) => {
    const day = await findPaidDayByLabel(tx, userId, body.productId, body.day);
    if (!day) throw new AppError('forbidden', MSG.watchDayNotOwned);
    const phase = creditPhase(now.getTime(), day.startsAt.getTime(), day.endsAt.getTime());
    if (phase === 'antes') {
      const from = creditWindow(day.startsAt.getTime(), day.endsAt.getTime()).from;
      throw new AppError('conflict', watchBeforeDay(`${formatDateTime(from)} (${MX_TIME_ZONE_LABEL})`));
    }
    if (phase === 'despues') throw new AppError('conflict', MSG.watchAfterDay);
    const session = await lockStreamSession(tx, userId);
    const silentMs = session ? now.getTime() - session.lastBeatAt.getTime() : Infinity;
    if (session && session.sessionId !== body.sessionId && silentMs < STREAM_SESSION_TIMEOUT_SECONDS * 1000) {
      throw new AppError('conflict', MSG.watchOtherDevice);
    }
    const samePlayer = session && session.sessionId === body.sessionId && session.productDayId === day.id;
    const length = dayLengthSeconds(day.startsAt.getTime(), day.endsAt.getTime());
    const already = await findWatchedSeconds(tx, userId, day.id);
    const credit = heartbeatCredit({
      previousBeatMs: samePlayer ? session.lastBeatAt.getTime() : null,
      nowMs: now.getTime(),
      alreadySeconds: already,
      dayLengthSeconds: length,
    });
    // A heartbeat older than the last one (clock skew, a replay) does not move the session back.
    if (!samePlayer || now > session.lastBeatAt) {
      await saveStreamSession(tx, {
        userId,
        sessionId: body.sessionId,
        productDayId: day.id,
        lastBeatAt: now,
      });
    }
    const seconds = await addWatchedSeconds(tx, {
      userId,
      productDayId: day.id,
      seconds: credit,
      capSeconds: length,
      now,
    });
    return toDayAttendance(day, seconds);
  });
}

export async function myAttendance(
  db: Queryable,
  userId: string,
  productId: string,
): Promise<DayAttendance[]> {
  const days = await findPaidDaysWithAttendance(db, userId, productId);
  return days.map((d) => toDayAttendance(d, d.seconds));
}

export interface SummaryDay {
  productDayId: string;
  label: string;
  startsAt: Date;
  watchedSeconds: number;
  checkedInAt: Date | null;
  correction: { counts: boolean; reason: string } | null;
  attended: boolean;
  /** The day's length in minutes. */
  minutes: number;
  verdict: DayVerdict;
}

export interface AttendanceSummary {
  days: SummaryDay[];
  /** The lengths of the days attended, in minutes. */
  minutes: number;
}

/**
 * Per paid day: watched time, check-in, a staff correction, and whether it counts and why
 * (`dayVerdict`: the correction, then the check-in, then the percentage watched).
 */
export async function attendanceSummary(
  db: Queryable,
  userId: string,
  productId: string,
  now: Date = new Date(),
): Promise<AttendanceSummary> {
  const rows = await findPaidDaysWithAttendance(db, userId, productId);
  const days = rows.map((d) => {
    const length = dayLengthSeconds(d.startsAt.getTime(), d.endsAt.getTime());
    const correction =
      d.correctionCounts === null ? null : { counts: d.correctionCounts, reason: d.correctionReason ?? '' };
    const verdict = dayVerdict({
      watchedSeconds: d.seconds,
      lengthSeconds: length,
      requiredSeconds: requiredSeconds(length, d.percent),
      checkedInAt: d.checkedInAt?.getTime() ?? null,
      correction,
      creditUntil: creditWindow(d.startsAt.getTime(), d.endsAt.getTime()).until,
      nowMs: now.getTime(),
    });
    return {
      productDayId: d.id,
      label: d.label,
      startsAt: d.startsAt,
      watchedSeconds: d.seconds,
      checkedInAt: d.checkedInAt,
      correction,
      attended: verdict.counts,
      minutes: Math.round(length / 60),
      verdict,
    };
  });
  return { days, minutes: days.filter((d) => d.attended).reduce((s, d) => s + d.minutes, 0) };
}

// ---- Tickets and check-in ----

export async function listTickets(db: Queryable, secret: string, userId: string): Promise<Ticket[]> {
  const days = await findTicketDays(db, userId);
  return Promise.all(
    days.map(async (d) => {
      const code = signTicket(secret, userId, d.productDayId);
      return {
        productId: d.productId,
        productName: d.productName,
        day: d.day,
        dayStartsAt: d.startsAt.getTime(),
        code,
        qr: await ticketQrDataUrl(code),
        checkedInAt: d.checkedInAt?.getTime() ?? null,
        venue: venueOf(d),
      };
    }),
  );
}

export function ticketQrDataUrl(code: string): Promise<string> {
  return QRCode.toDataURL(code, { errorCorrectionLevel: 'M', margin: 2, width: 320 });
}

export type CheckinTarget =
  { code: string; productDayId?: string } | { userId: string; productDayId: string };

/**
 * Records a person's attendance at the door, once per day, and only on that day (its Mexico
 * City date; a day running past midnight, on any of its dates). A repeated scan or search
 * (two staff members, a retry after a lost connection) answers the first check-in's time.
 */
export async function checkIn(db: Db, secret: string, target: CheckinTarget, adminId: string, now: Date) {
  const who = 'code' in target ? verifyTicket(secret, target.code) : target;
  if (!who) throw new AppError('bad_request', MSG.ticketInvalid);
  if ('code' in target && target.productDayId && target.productDayId !== who.productDayId) {
    throw new AppError('conflict', MSG.ticketOtherDay);
  }
  const holder = await findPaidHolder(db, who.userId, who.productDayId);
  if (!holder) {
    throw new AppError('conflict', 'code' in target ? MSG.ticketNotPaid : ADMIN_MSG.checkinDayNotOwned);
  }
  const today = mexicoCityDate(now);
  if (today < mexicoCityDate(holder.startsAt) || today > mexicoCityDate(holder.endsAt)) {
    throw new AppError('conflict', ticketNotToday(formatDateFull(holder.startsAt)));
  }
  const result = await insertCheckin(db, {
    userId: who.userId,
    productDayId: who.productDayId,
    checkedInBy: adminId,
    method: 'code' in target ? 'qr' : 'busqueda',
    at: now,
  });
  return {
    ...result,
    name: holder.name,
    eventName: holder.eventName,
    day: holder.day,
    userId: who.userId,
    productDayId: who.productDayId,
  };
}

// ---- Constancias ----

/** Whether the event asks no evaluation, or the user passed it (or answered its survey). */
export async function evaluationCleared(db: Queryable, userId: string, productId: string): Promise<boolean> {
  const evaluation = await findEvaluation(db, productId);
  if (!evaluation || evaluation.questions.length === 0) return true;
  return (await findAttempts(db, productId, userId)).some((a) => a.passed);
}

/** The public page that verifies a folio (printed as a QR code on the constancia). */
export function verifyUrl(publicUrl: string, folio: string): string {
  return `${publicUrl}/constancias/${folio}`;
}

/** Public: a folio's constancia; an unknown or malformed folio is simply not found. */
export async function verifyConstancia(db: Queryable, given: string): Promise<ConstanciaVerification> {
  const folio = given.trim().toUpperCase();
  const c = FOLIO_PATTERN.test(folio) ? await findConstanciaByFolio(db, folio) : null;
  if (!c) throw new AppError('not_found', MSG.constanciaNotFound);
  return {
    success: true,
    folio: c.folio,
    name: c.certificateName,
    eventName: c.eventName,
    minutes: c.minutes,
    endorsement: c.endorsement ?? null,
    issuedAt: c.issuedAt.getTime(),
    revoked: c.revokedAt !== null,
    revokedAt: c.revokedAt?.getTime() ?? null,
    replacedBy: c.revokedAt ? await findReplacement(db, c.folio) : null,
  };
}

export async function myConstancias(db: Queryable, userId: string): Promise<MyConstancia[]> {
  return (await listUserConstancias(db, userId)).map((c) => ({
    folio: c.folio,
    productId: c.productId,
    eventName: c.eventName,
    minutes: c.minutes,
    issuedAt: c.issuedAt.getTime(),
    revoked: c.revokedAt !== null,
  }));
}

/** The stored PDF of one of the user's own constancias, on Carta or A4 (when it was made on both). */
export async function ownConstanciaFile(
  db: Queryable,
  userId: string,
  folio: string,
  paper: 'carta' | 'a4' = 'carta',
) {
  const c = await findConstanciaByFolio(db, folio);
  if (!c) throw new AppError('not_found', MSG.constanciaNotFound);
  if (c.userId !== userId) throw new AppError('forbidden', MSG.constanciaNotYours);
  const a4 = paper === 'a4' && c.fileKeyA4 !== null;
  return {
    fileKey: a4 ? c.fileKeyA4! : c.fileKey,
    filename: `Constancia ${c.eventName} ${c.folio}${a4 ? ' A4' : ''}.pdf`,
  };
}

/**
 * The member's events with a day already started: each paid day's verdict (what counted and
 * why) and where the constancia stands.
 */
export async function myAttendanceSummary(
  db: Queryable,
  userId: string,
  now: Date,
): Promise<MyAttendanceEvent[]> {
  const events = await findStartedEvents(db, userId, now);
  const profile = await findProfile(db, userId);
  return Promise.all(
    events.map(async (e) => {
      const summary = await attendanceSummary(db, userId, e.productId, now);
      const valid = await findValidConstancia(db, userId, e.productId);
      const closed = now.getTime() >= e.endsAt.getTime() + HEARTBEAT_TOLERANCE_MINUTES * 60_000;
      const status: ConstanciaStatus = valid
        ? 'emitida'
        : !closed
          ? 'en_curso'
          : !profile
            ? 'sin_datos'
            : !summary.days.some((d) => d.attended)
              ? 'sin_asistencia'
              : !(await evaluationCleared(db, userId, e.productId))
                ? 'sin_evaluacion'
                : e.autoConstancias &&
                    (await findLatestConstancia(db, userId, e.productId))?.revokeReason !== 'manual'
                  ? 'por_emitir'
                  : 'a_mano';
      return {
        productId: e.productId,
        eventName: e.eventName,
        attendancePercent: e.attendancePercent,
        days: summary.days.map((d) => ({
          label: d.label,
          startsAt: d.startsAt.getTime(),
          checkedInAt: d.checkedInAt?.getTime() ?? null,
          correctionReason: d.correction?.reason ?? null,
          verdict: d.verdict,
        })),
        status,
        folio: valid?.folio ?? null,
      };
    }),
  );
}

/** What the constancia of a person would certify today, or why it cannot be issued. */
async function constanciaBasis(db: Queryable, userId: string, productId: string, now: Date) {
  const profile = await findProfile(db, userId);
  if (!profile) throw new AppError('bad_request', ADMIN_MSG.constanciaNoProfile);
  const summary = await attendanceSummary(db, userId, productId, now);
  const attended = summary.days.filter((d) => d.attended);
  if (attended.length === 0) throw new AppError('bad_request', ADMIN_MSG.constanciaNotQualified);
  if (!(await evaluationCleared(db, userId, productId))) {
    throw new AppError('bad_request', ADMIN_MSG.constanciaEvaluationPending);
  }
  return { profile, summary, attended };
}

const sameDays = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * Issues a person's constancia for an event: checks the profile, the attendance and the
 * evaluation, renders the PDF on Carta and A4 with the event's signatures, stores both
 * privately, then saves the row and e-mails it in one transaction. That transaction holds the
 * person's constancia lock (`lockConstanciaPair`) and checks again: a constancia issued
 * meanwhile (another replica's job, staff) answers `constanciaAlreadyIssued`, and attendance
 * changed meanwhile (a refund, a correction) answers `constanciaAttendanceChanged`; nothing
 * is saved and the files are deleted. `issuedBy` null: the constancias job.
 */
export async function issueConstancia(
  db: Db,
  storage: FileStorage,
  mail: MailSettings,
  v: {
    userId: string;
    productId: string;
    eventName: string;
    now: Date;
    issuedBy: string | null;
    /** The folio this one replaces (a reissue): kept as its history. */
    replacesFolio?: string | null;
    /** Runs inside the issuing transaction (the audit entry). */
    audit?: (tx: Queryable, folio: string) => Promise<void>;
  },
): Promise<{ folio: string }> {
  const standing = await findValidConstancia(db, v.userId, v.productId);
  if (standing && standing.folio !== v.replacesFolio) {
    throw new AppError('conflict', ADMIN_MSG.constanciaAlreadyIssued);
  }
  const { profile, summary, attended } = await constanciaBasis(db, v.userId, v.productId, v.now);
  const dayIds = attended.map((d) => d.productDayId);
  const endorsement = await findEndorsement(db, v.productId);
  const contact = await findUserContact(db, v.userId);
  if (!contact) throw new AppError('not_found', MSG.notFound);
  const signatures = await signaturesForConstancia(db, storage, v.productId);

  const folio = newFolio();
  const content = {
    folio,
    certificateName: profile.certificateName,
    cedula: profile.cedula,
    specialty: profile.specialty,
    institution: profile.institution,
    eventName: v.eventName,
    days: attended.map((d) => d.label),
    minutes: summary.minutes,
    endorsement,
    issuedAt: v.now,
    verifyUrl: verifyUrl(mail.publicUrl, folio),
    signatures,
  };
  const [carta, a4] = await Promise.all([
    renderConstanciaPdf({ ...content, paper: 'carta' }),
    renderConstanciaPdf({ ...content, paper: 'a4' }),
  ]);
  const fileKey = newStorageKey({ visibility: 'private', kind: 'constancias', ext: 'pdf' });
  const fileKeyA4 = newStorageKey({ visibility: 'private', kind: 'constancias', ext: 'pdf' });
  await storage.put(fileKey, carta, { contentType: 'application/pdf', visibility: 'private' });
  await storage.put(fileKeyA4, a4, { contentType: 'application/pdf', visibility: 'private' });
  try {
    await db.transaction(async (tx) => {
      await lockConstanciaPair(tx, v.userId, v.productId);
      const valid = await findValidConstancia(tx, v.userId, v.productId);
      if (valid && valid.folio !== v.replacesFolio) {
        throw new AppError('conflict', ADMIN_MSG.constanciaAlreadyIssued);
      }
      // A reissue replaces the standing one in the same transaction: never none, never two.
      if (valid) await revokeConstancia(tx, valid.folio, v.now, 'reemision');
      const now = await constanciaBasis(tx, v.userId, v.productId, v.now);
      if (
        !sameDays(
          now.attended.map((d) => d.productDayId),
          dayIds,
        )
      ) {
        throw new AppError('conflict', ADMIN_MSG.constanciaAttendanceChanged);
      }
      await insertConstancia(tx, {
        folio,
        userId: v.userId,
        productId: v.productId,
        certificateName: profile.certificateName,
        cedula: profile.cedula,
        specialty: profile.specialty,
        institution: profile.institution,
        eventName: v.eventName,
        days: attended.map((d) => d.label),
        productDayIds: dayIds,
        minutes: summary.minutes,
        endorsement,
        fileKey,
        fileKeyA4,
        issuedAt: v.now,
        issuedBy: v.issuedBy,
        replacesFolio: v.replacesFolio ?? null,
      });
      await enqueueEmail(tx, {
        ...constanciaIssuedEmail(mail, {
          to: contact.email,
          name: profile.certificateName,
          eventName: v.eventName,
          folio,
          verifyUrl: verifyUrl(mail.publicUrl, folio),
        }),
        attachments: [
          { filename: `Constancia ${folio}.pdf`, contentType: 'application/pdf', content: carta },
        ],
        dedupeKey: `constancia:${folio}`,
      });
      await v.audit?.(tx, folio);
    });
  } catch (err) {
    await storage.delete(fileKey);
    await storage.delete(fileKeyA4);
    throw err;
  }
  return { folio };
}
