// Attendee lists: paid (event, day) rows with the customer and the order.

import { ADMIN_MSG } from '@store/shared/admin-messages';
import type { AdminAttendeesResponse } from '@store/shared/schemas/admin/attendees';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/errors';
import { listAttendees } from '../../orders/repo';
import { answerColumns } from '../../questions/staff';
import { getAttendance } from '../attendance/service';
import { writeAudit } from '../audit/repo';
import { attendeesCsv, slug } from './csv';
import { findDayOfEvent, findEventName } from './repo';

export async function getAttendees(
  db: Db,
  productId: string,
  productDayId?: string,
): Promise<Omit<AdminAttendeesResponse, 'success'>> {
  const event = await findEventName(db, productId);
  if (!event) throw new AppError('not_found', ADMIN_MSG.eventNotFound);
  const day = productDayId ? await findDayOfEvent(db, productId, productDayId) : null;
  if (productDayId && !day) throw new AppError('bad_request', ADMIN_MSG.dayNotInEvent);
  const rows = await listAttendees(db, productId, productDayId);
  const attendance = await getAttendance(db, productId);
  const people = new Map(attendance.people.map((p) => [p.userId, p]));
  return {
    event: { _id: event.id, name: event.name },
    day: day ? { _id: day.id, label: day.label } : null,
    attendees: rows.map((r) => {
      const person = people.get(r.userId);
      const day = person?.days.find((d) => d.productDayId === r.productDayId);
      return {
        orderId: r.orderId,
        userId: r.userId,
        name: r.name,
        email: r.email,
        userType: r.userType,
        productDayId: r.productDayId,
        day: r.day,
        dayStartsAt: r.dayStartsAt.getTime(),
        paymentMethod: r.paymentMethod,
        couponCode: r.couponCode,
        paidBy: r.paidBy,
        date: (r.paidAt ?? r.createdAt).getTime(),
        certificateName: person?.certificateName ?? null,
        cedula: person?.cedula ?? null,
        specialty: person?.specialty ?? null,
        institution: person?.institution ?? null,
        watchedMinutes: Math.floor((day?.watchedSeconds ?? 0) / 60),
        checkedInAt: day?.checkedInAt ?? null,
        attended: day?.attended ?? false,
      };
    }),
  };
}

/**
 * The attendee list as CSV (names, e-mails, cédula, institution, answers), audited as a bulk
 * export of personal data (who, the event and day, how many rows) in the same transaction.
 */
export async function exportAttendees(
  db: Db,
  actorId: string,
  filter: { productId: string; productDayId?: string },
): Promise<{ name: string; csv: string; rows: number }> {
  return db.transaction(async (tx) => {
    const list = await getAttendees(tx, filter.productId, filter.productDayId);
    const answers = await answerColumns(
      tx,
      list.event._id,
      list.attendees.map((a) => a.userId),
    );
    const csv = attendeesCsv(list.attendees, answers);
    await writeAudit(tx, {
      actorId,
      action: 'event.attendees_export',
      entity: 'event',
      entityId: filter.productId,
      details: {
        filters: Object.fromEntries(Object.entries(filter).filter(([, v]) => v)),
        rows: list.attendees.length,
      },
    });
    const name = `asistentes-${slug(list.event.name)}${list.day ? `-${slug(list.day.label)}` : ''}.csv`;
    return { name, csv, rows: list.attendees.length };
  });
}
