// Request and response shapes of /api/admin/attendance: minutes watched and check-ins per
// person and day, the event's attendance percentage, door check-in and constancias.

import { z } from 'zod';
import { ADMIN_MSG } from '../../admin-messages';
import { idParam, optionalParam } from './common';
import { DAY_VERDICTS } from '../../domain/attendance';

export const adminAttendanceQuery = z.object({
  productId: z.uuid({ error: ADMIN_MSG.attendeesNeedEvent }),
});

export const adminAttendanceDay = z.object({
  _id: z.string(),
  label: z.string(),
  startsAt: z.number(),
  endsAt: z.number(),
  lengthSeconds: z.number().int(),
  requiredSeconds: z.number().int(),
});

/** Whether a day counts and why (`dayVerdict`); the text is `dayVerdictText`. */
export const dayVerdictSchema = z.object({
  counts: z.boolean(),
  reason: z.enum(DAY_VERDICTS),
  watchedMinutes: z.number().int(),
  lengthMinutes: z.number().int(),
  requiredMinutes: z.number().int(),
});

export const adminAttendancePersonDay = z.object({
  productDayId: z.string(),
  watchedSeconds: z.number().int(),
  checkedInAt: z.number().nullable(),
  attended: z.boolean(),
  verdict: dayVerdictSchema,
  /** A staff correction of the day, with its reason. */
  correction: z.object({ counts: z.boolean(), reason: z.string(), at: z.number() }).nullable(),
});

/** Why someone does not qualify for a constancia. */
export const NOT_QUALIFIED_REASONS = ['sin_datos', 'sin_asistencia', 'sin_evaluacion'] as const;
export const NOT_QUALIFIED_LABELS: Record<(typeof NOT_QUALIFIED_REASONS)[number], string> = {
  sin_datos: 'No ha completado sus datos profesionales',
  sin_asistencia: 'No alcanzó la asistencia mínima en ningún día',
  sin_evaluacion: 'No ha aprobado (o respondido) la evaluación',
};

export const adminAttendancePerson = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  certificateName: z.string().nullable(),
  cedula: z.string().nullable(),
  specialty: z.string().nullable(),
  institution: z.string().nullable(),
  days: z.array(adminAttendancePersonDay),
  /** Minutes the constancia would certify: the lengths of the days attended. */
  minutes: z.number().int(),
  qualifies: z.boolean(),
  reason: z.enum(NOT_QUALIFIED_REASONS).nullable(),
  constancia: z.object({ folio: z.string(), issuedAt: z.number(), revoked: z.boolean() }).nullable(),
});
export type AdminAttendancePerson = z.infer<typeof adminAttendancePerson>;

export const adminAttendanceResponse = z.object({
  success: z.literal(true),
  event: z.object({
    _id: z.string(),
    name: z.string(),
    attendancePercent: z.number().int(),
    isPresential: z.boolean(),
    /** The constancias job issues this event's constancias by itself. */
    autoConstancias: z.boolean(),
    /** When the job starts issuing: the end of the last day's attendance window. */
    autoFrom: z.number().nullable(),
  }),
  days: z.array(adminAttendanceDay),
  people: z.array(adminAttendancePerson),
});
export type AdminAttendanceResponse = z.infer<typeof adminAttendanceResponse>;

export const adminAttendancePercentBody = z.object({
  productId: idParam,
  percent: z
    .number({ error: ADMIN_MSG.attendancePercentInvalid })
    .int({ error: ADMIN_MSG.attendancePercentInvalid })
    .min(1, { error: ADMIN_MSG.attendancePercentInvalid })
    .max(100, { error: ADMIN_MSG.attendancePercentInvalid }),
});

/** A scanned ticket, or a person found by search for a day. */
export const adminCheckinBody = z.union([
  /** With the day the door is checking, a ticket of another day is refused. */
  z.object({ code: z.string().min(1).max(300), productDayId: idParam.optional() }),
  z.object({ userId: idParam, productDayId: idParam }),
]);
export type AdminCheckinBody = z.infer<typeof adminCheckinBody>;

export const adminCheckinResponse = z.object({
  success: z.literal(true),
  /** false: the person had already been checked in for that day (nothing changed). */
  created: z.boolean(),
  name: z.string(),
  eventName: z.string(),
  day: z.string(),
  checkedInAt: z.number(),
  message: z.string(),
});
export type AdminCheckinResponse = z.infer<typeof adminCheckinResponse>;

export const adminCheckinSearchQuery = z.object({
  productDayId: idParam,
  q: optionalParam(z.string().trim().max(120)),
});
export const adminCheckinSearchResponse = z.object({
  success: z.literal(true),
  people: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      email: z.string(),
      certificateName: z.string().nullable(),
      cedula: z.string().nullable(),
      checkedInAt: z.number().nullable(),
    }),
  ),
});
export type AdminCheckinSearchResponse = z.infer<typeof adminCheckinSearchResponse>;

export const adminIssueConstanciaBody = z.object({ productId: idParam, userId: idParam });
export const adminConstanciaResponse = z.object({
  success: z.literal(true),
  folio: z.string(),
  message: z.string(),
});
export type AdminConstanciaResponse = z.infer<typeof adminConstanciaResponse>;
export const adminFolioParams = z.object({ folio: z.string().min(1).max(20) });

const reasonText = (msg: string) =>
  z
    .string({ error: msg })
    .transform((s) => s.normalize('NFC').trim().replace(/\s+/g, ' '))
    .pipe(z.string().min(3, { error: msg }).max(300, { error: msg }));

export const adminRevokeConstanciaBody = z.object({
  note: reasonText(ADMIN_MSG.constanciaRevokeNoteInvalid),
});

export const adminAutoConstanciasBody = z.object({ productId: idParam, auto: z.boolean() });

/** A staff correction of one person's day: counts true/false, or null to remove it. */
export const adminAttendanceCorrectionBody = z.object({
  productId: idParam,
  userId: idParam,
  productDayId: idParam,
  counts: z.boolean().nullable(),
  reason: reasonText(ADMIN_MSG.attendanceCorrectionReasonInvalid),
});
export type AdminAttendanceCorrectionBody = z.infer<typeof adminAttendanceCorrectionBody>;

export const COUNCIL_REPORT_FORMATS = ['csv', 'xlsx'] as const;
export const adminCouncilReportQuery = z.object({
  productId: z.uuid({ error: ADMIN_MSG.attendeesNeedEvent }),
  format: z.enum(COUNCIL_REPORT_FORMATS).default('csv'),
});
