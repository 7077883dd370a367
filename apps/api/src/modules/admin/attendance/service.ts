// The back office's attendance: minutes watched and check-ins per person and day, the event's
// attendance percentage, door check-in, and issuing and revoking constancias.

import { ADMIN_MSG } from '@store/shared/admin-messages';
import { creditWindow, dayLengthSeconds, dayVerdict, requiredSeconds } from '@store/shared/domain/attendance';
import { MSG } from '@store/shared/messages';
import type {
  AdminAttendanceCorrectionBody,
  AdminAttendancePerson,
  AdminAttendanceResponse,
  AdminCheckinBody,
  AdminCheckinResponse,
} from '@store/shared/schemas/admin/attendance';
import type { Db, Queryable } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import type { FileStorage } from '../../../lib/storage/storage';
import { checkIn, issueConstancia } from '../../attendance/service';
import type { MailSettings } from '../../mail/settings';
import { findPaidHolder, lockConstanciaPair, revokeConstancia } from '../../attendance/repo';
import { autoIssueFrom, reconcileConstancias, tellRevoked } from '../../attendance/autopilot';
import { findEvaluation, findPassedUserIds } from '../../attendance/evaluation-repo';
import { writeAudit } from '../audit/repo';
import {
  findConstanciaRow,
  findDayProductId,
  findEvent,
  findEventAttendance,
  findEventConstancias,
  findEventDays,
  findEventPeople,
  searchDayHolders,
  setEventSetting,
  findCorrection,
  saveCorrection,
  deleteCorrection,
} from './repo';

export async function getAttendance(
  db: Queryable,
  productId: string,
): Promise<Omit<AdminAttendanceResponse, 'success'>> {
  const event = await findEvent(db, productId);
  if (!event) throw new AppError('not_found', ADMIN_MSG.eventNotFound);
  const days = (await findEventDays(db, productId)).map((d) => {
    const length = dayLengthSeconds(d.startsAt.getTime(), d.endsAt.getTime());
    return {
      _id: d.id,
      label: d.label,
      startsAt: d.startsAt.getTime(),
      endsAt: d.endsAt.getTime(),
      lengthSeconds: length,
      requiredSeconds: requiredSeconds(length, event.attendancePercent),
    };
  });
  const dayById = new Map(days.map((d) => [d._id, d]));
  const attendance = await findEventAttendance(db, productId);
  const issued = new Map<string, { folio: string; issuedAt: number; revoked: boolean }>();
  for (const c of await findEventConstancias(db, productId)) {
    const current = issued.get(c.userId);
    // The valid one wins; among revoked ones, the latest.
    if (!current || current.revoked) {
      issued.set(c.userId, { folio: c.folio, issuedAt: c.issuedAt.getTime(), revoked: c.revokedAt !== null });
    }
  }

  const evaluation = await findEvaluation(db, productId);
  const passed =
    evaluation && evaluation.questions.length > 0 ? await findPassedUserIds(db, productId) : null;
  const now = Date.now();
  const people = (await findEventPeople(db, productId)).map((p) => {
    const mine = attendance
      .filter((a) => a.userId === p.userId)
      .sort(
        (a, b) => (dayById.get(a.productDayId)?.startsAt ?? 0) - (dayById.get(b.productDayId)?.startsAt ?? 0),
      )
      .map((a) => {
        const day = dayById.get(a.productDayId);
        const correction =
          a.correctionCounts === null
            ? null
            : {
                counts: a.correctionCounts,
                reason: a.correctionReason ?? '',
                at: a.correctedAt?.getTime() ?? 0,
              };
        const verdict = dayVerdict({
          watchedSeconds: a.seconds,
          lengthSeconds: day?.lengthSeconds ?? 0,
          requiredSeconds: day?.requiredSeconds ?? 0,
          checkedInAt: a.checkedInAt?.getTime() ?? null,
          correction,
          creditUntil: day ? creditWindow(day.startsAt, day.endsAt).until : 0,
          nowMs: now,
        });
        return {
          productDayId: a.productDayId,
          watchedSeconds: a.seconds,
          checkedInAt: a.checkedInAt?.getTime() ?? null,
          attended: verdict.counts,
          verdict,
          correction,
        };
      });
    const minutes = mine
      .filter((d) => d.attended)
      .reduce((s, d) => s + Math.round((dayById.get(d.productDayId)?.lengthSeconds ?? 0) / 60), 0);
    const reason: AdminAttendancePerson['reason'] =
      p.certificateName === null
        ? 'sin_datos'
        : !mine.some((d) => d.attended)
          ? 'sin_asistencia'
          : passed && !passed.has(p.userId)
            ? 'sin_evaluacion'
            : null;
    return {
      userId: p.userId,
      name: p.name,
      email: p.email,
      certificateName: p.certificateName,
      cedula: p.cedula,
      specialty: p.specialty,
      institution: p.institution,
      days: mine,
      minutes,
      qualifies: reason === null,
      reason,
      constancia: issued.get(p.userId) ?? null,
    };
  });

  return {
    event: {
      _id: event.id,
      name: event.name,
      attendancePercent: event.attendancePercent,
      isPresential: event.isPresential,
      autoConstancias: event.autoConstancias,
      autoFrom: autoIssueFrom(event.endsAt).getTime(),
    },
    days,
    people,
  };
}

export async function updateAttendancePercent(db: Db, actorId: string, productId: string, percent: number) {
  await db.transaction(async (tx) => {
    const before = await setEventSetting(tx, productId, 'attendancePercent', percent);
    if (before === null) throw new AppError('not_found', ADMIN_MSG.eventNotFound);
    if (before !== percent) {
      await writeAudit(tx, {
        actorId,
        action: 'event.attendance_percent',
        entity: 'event',
        entityId: productId,
        details: { before, after: percent },
      });
    }
  });
}

export async function updateAutoConstancias(db: Db, actorId: string, productId: string, auto: boolean) {
  await db.transaction(async (tx) => {
    const before = await setEventSetting(tx, productId, 'autoConstancias', auto);
    if (before === null) throw new AppError('not_found', ADMIN_MSG.eventNotFound);
    if (before !== auto) {
      await writeAudit(tx, {
        actorId,
        action: 'event.constancias_auto',
        entity: 'event',
        entityId: productId,
        details: { before, after: auto },
      });
    }
  });
}

/**
 * A staff correction of one person's day (docs/attendance.md → Corrections): the day counts or
 * not whatever was recorded (`counts` null removes the correction), with a reason; audited with
 * what it was before. A correction that takes away a day the person's constancia certifies
 * revokes it (`asistencia`) in the same transaction; the job issues the corrected one.
 */
export async function correctAttendance(
  db: Db,
  mail: MailSettings,
  actorId: string,
  body: AdminAttendanceCorrectionBody,
  now: Date,
) {
  return db.transaction(async (tx) => {
    // The attendance module's own check: the person holds that day paid (and it is this event's).
    const held = await findPaidHolder(tx, body.userId, body.productDayId);
    if (!held || (await findDayProductId(tx, body.productDayId)) !== body.productId) {
      throw new AppError('bad_request', ADMIN_MSG.attendanceCorrectionDayNotOwned);
    }
    const before = await findCorrection(tx, body.userId, body.productDayId);
    if (body.counts === null) {
      if (!(await deleteCorrection(tx, body.userId, body.productDayId))) {
        throw new AppError('conflict', ADMIN_MSG.attendanceCorrectionMissing);
      }
    } else {
      await saveCorrection(tx, {
        userId: body.userId,
        productDayId: body.productDayId,
        counts: body.counts,
        reason: body.reason,
        by: actorId,
        at: now,
      });
    }
    await writeAudit(tx, {
      actorId,
      action: 'event.attendance_correct',
      entity: 'event',
      entityId: body.productId,
      details: {
        userId: body.userId,
        productDayId: body.productDayId,
        before: before ? { counts: before.counts, reason: before.reason } : null,
        after: body.counts === null ? null : { counts: body.counts },
        reason: body.reason,
      },
    });
    const revoked = await reconcileConstancias(
      tx,
      mail,
      [{ userId: body.userId, productId: body.productId }],
      now,
      { id: actorId, note: body.reason },
    );
    return { removed: body.counts === null, revoked };
  });
}

export async function adminCheckIn(
  db: Db,
  secret: string,
  body: AdminCheckinBody,
  actorId: string,
  now: Date,
): Promise<Omit<AdminCheckinResponse, 'success'>> {
  // The check-in and its audit entry commit together (a repeated scan changes nothing and
  // writes no entry).
  const r = await db.transaction(async (tx) => {
    const done = await checkIn(tx, secret, body, actorId, now);
    if (done.created) {
      await writeAudit(tx, {
        actorId,
        action: 'event.checkin',
        entity: 'event',
        entityId: await findDayProductId(tx, done.productDayId),
        details: {
          userId: done.userId,
          productDayId: done.productDayId,
          name: done.name,
          day: done.day,
          method: 'code' in body ? 'qr' : 'busqueda',
        },
      });
    }
    return done;
  });
  return {
    created: r.created,
    name: r.name,
    eventName: r.eventName,
    day: r.day,
    checkedInAt: r.checkedInAt.getTime(),
    message: r.created ? ADMIN_MSG.checkinDone : MSG.alreadyCheckedIn,
  };
}

export async function searchForCheckin(db: Db, productDayId: string, q: string | undefined) {
  return (await searchDayHolders(db, productDayId, q)).map((p) => ({
    userId: p.userId,
    name: p.name,
    email: p.email,
    certificateName: p.certificateName,
    cedula: p.cedula,
    checkedInAt: p.checkedInAt?.getTime() ?? null,
  }));
}

export async function adminIssueConstancia(
  db: Db,
  storage: FileStorage,
  mail: MailSettings,
  actorId: string,
  v: { productId: string; userId: string; replacesFolio?: string | null },
  now: Date,
) {
  const event = await findEvent(db, v.productId);
  if (!event) throw new AppError('not_found', ADMIN_MSG.eventNotFound);
  const { folio } = await issueConstancia(db, storage, mail, {
    ...v,
    eventName: event.name,
    now,
    issuedBy: actorId,
    replacesFolio: v.replacesFolio ?? null,
    // Written in the constancia's own transaction: issued and audited, or neither.
    audit: (tx, issued) =>
      writeAudit(tx, {
        actorId,
        action: 'event.constancia_issue',
        entity: 'event',
        entityId: v.productId,
        details: { folio: issued, userId: v.userId, replaces: v.replacesFolio ?? null },
      }),
  });
  return folio;
}

export async function adminRevokeConstancia(
  db: Db,
  mail: MailSettings,
  actorId: string,
  folio: string,
  note: string,
  now: Date,
) {
  const row = await findConstanciaRow(db, folio);
  if (!row) throw new AppError('not_found', MSG.constanciaNotFound);
  await db.transaction(async (tx) => {
    await lockConstanciaPair(tx, row.userId, row.productId);
    if (!(await revokeConstancia(tx, folio, now, 'manual', note)))
      throw new AppError('conflict', ADMIN_MSG.constanciaAlreadyRevoked);
    await tellRevoked(tx, mail, { ...row, revokeReason: 'manual', revokeNote: note });
    await writeAudit(tx, {
      actorId,
      action: 'event.constancia_revoke',
      entity: 'event',
      entityId: row.productId,
      details: { folio, userId: row.userId, reason: 'manual', note },
    });
  });
  return row;
}

/**
 * Issues a new constancia (new folio) from today's profile and attendance in place of this
 * one, which is revoked as `reemision` in the same transaction and named as the new one's
 * predecessor (the folio history).
 */
export async function adminReissueConstancia(
  db: Db,
  storage: FileStorage,
  mail: MailSettings,
  actorId: string,
  folio: string,
  now: Date,
) {
  const row = await findConstanciaRow(db, folio);
  if (!row) throw new AppError('not_found', MSG.constanciaNotFound);
  return adminIssueConstancia(
    db,
    storage,
    mail,
    actorId,
    { productId: row.productId, userId: row.userId, replacesFolio: row.folio },
    now,
  );
}
