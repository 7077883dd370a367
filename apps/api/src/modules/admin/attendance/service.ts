// The back office's attendance: minutes watched and check-ins per person and day, the event's
// attendance percentage, door check-in, and issuing and revoking constancias.

import { ADMIN_MSG } from '@store/shared/admin-messages';
import { dayLengthSeconds, requiredSeconds } from '@store/shared/domain/attendance';
import { MSG } from '@store/shared/messages';
import type {
  AdminAttendancePerson,
  AdminAttendanceResponse,
  AdminCheckinBody,
  AdminCheckinResponse,
} from '@store/shared/schemas/admin/attendance';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import type { FileStorage } from '../../../lib/storage/storage';
import { checkIn, issueConstancia } from '../../attendance/service';
import type { MailSettings } from '../../mail/settings';
import { revokeConstancia } from '../../attendance/repo';
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
  setAttendancePercent,
} from './repo';

export async function getAttendance(
  db: Db,
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
  const people = (await findEventPeople(db, productId)).map((p) => {
    const mine = attendance
      .filter((a) => a.userId === p.userId)
      .sort(
        (a, b) => (dayById.get(a.productDayId)?.startsAt ?? 0) - (dayById.get(b.productDayId)?.startsAt ?? 0),
      )
      .map((a) => {
        const day = dayById.get(a.productDayId);
        const attended = a.checkedInAt !== null || (day ? a.seconds >= day.requiredSeconds : false);
        return {
          productDayId: a.productDayId,
          watchedSeconds: a.seconds,
          checkedInAt: a.checkedInAt?.getTime() ?? null,
          attended,
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
    },
    days,
    people,
  };
}

export async function updateAttendancePercent(db: Db, actorId: string, productId: string, percent: number) {
  await db.transaction(async (tx) => {
    const before = await setAttendancePercent(tx, productId, percent);
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
  v: { productId: string; userId: string },
  now: Date,
) {
  const event = await findEvent(db, v.productId);
  if (!event) throw new AppError('not_found', ADMIN_MSG.eventNotFound);
  const { folio } = await issueConstancia(db, storage, mail, {
    ...v,
    eventName: event.name,
    now,
    // Written in the constancia's own transaction: issued and audited, or neither.
    audit: (tx, issued) =>
      writeAudit(tx, {
        actorId,
        action: 'event.constancia_issue',
        entity: 'event',
        entityId: v.productId,
        details: { folio: issued, userId: v.userId },
      }),
  });
  return folio;
}

export async function adminRevokeConstancia(db: Db, actorId: string, folio: string, now: Date) {
  const row = await findConstanciaRow(db, folio);
  if (!row) throw new AppError('not_found', MSG.constanciaNotFound);
  await db.transaction(async (tx) => {
    if (!(await revokeConstancia(tx, folio, now)))
      throw new AppError('conflict', ADMIN_MSG.constanciaAlreadyRevoked);
    await writeAudit(tx, {
      actorId,
      action: 'event.constancia_revoke',
      entity: 'event',
      entityId: row.productId,
      details: { folio, userId: row.userId },
    });
  });
  return row;
}

/** Revokes a constancia and issues a new one (new folio) from today's profile and attendance. */
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
  if (row.revokedAt === null) await adminRevokeConstancia(db, actorId, folio, now);
  return adminIssueConstancia(
    db,
    storage,
    mail,
    actorId,
    { productId: row.productId, userId: row.userId },
    now,
  );
}
