// Attendance and constancias, storefront side (docs/attendance.md): the professional profile,
// stream heartbeats, tickets, one's constancias and the public verification of a folio.

import { z } from 'zod';
import { MSG } from '../messages';
import { venue } from './product';
import { DAY_VERDICTS } from '../domain/attendance';

/** Letters of any language (accents, ñ, ü), spaces, dots, hyphens and apostrophes. */
export const CERTIFICATE_NAME_PATTERN = /^[\p{L}][\p{L}\p{M} .'’-]*$/u;

const collapse = (s: string) => s.normalize('NFC').trim().replace(/\s+/g, ' ');

export const professionalProfileInput = z.object({
  certificateName: z
    .string({ error: MSG.profileNameInvalid })
    .transform(collapse)
    .pipe(
      z
        .string()
        .min(2, { error: MSG.profileNameInvalid })
        .max(120, { error: MSG.profileNameInvalid })
        .regex(CERTIFICATE_NAME_PATTERN, { error: MSG.profileNameInvalid }),
    ),
  cedula: z
    .string({ error: MSG.profileCedulaInvalid })
    .transform((s) => s.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{5,10}$/, { error: MSG.profileCedulaInvalid })),
  specialty: z
    .string({ error: MSG.profileSpecialtyInvalid })
    .transform(collapse)
    .pipe(
      z
        .string()
        .min(2, { error: MSG.profileSpecialtyInvalid })
        .max(120, { error: MSG.profileSpecialtyInvalid }),
    ),
  institution: z
    .string({ error: MSG.profileInstitutionInvalid })
    .transform(collapse)
    .pipe(
      z
        .string()
        .min(2, { error: MSG.profileInstitutionInvalid })
        .max(160, { error: MSG.profileInstitutionInvalid }),
    ),
});
export type ProfessionalProfileInput = z.input<typeof professionalProfileInput>;
export type ProfessionalProfile = z.output<typeof professionalProfileInput>;

export const professionalProfileResponse = z.object({
  success: z.literal(true),
  profile: z
    .object({
      certificateName: z.string(),
      cedula: z.string(),
      specialty: z.string(),
      institution: z.string(),
    })
    .nullable(),
  message: z.string().optional(),
});
export type ProfessionalProfileResponse = z.infer<typeof professionalProfileResponse>;

export const heartbeatBody = z.object({
  productId: z.uuid({ error: MSG.invalidInput }),
  /** The day option's label, as the order and the stream page name it. */
  day: z.string().min(1).max(200),
  /** Random per player page load: tells this device from another. */
  sessionId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, { error: MSG.invalidInput }),
});
export type HeartbeatBody = z.infer<typeof heartbeatBody>;

export const dayAttendance = z.object({
  day: z.string(),
  /** Seconds watched so far (capped to the day's length). */
  watchedSeconds: z.number().int(),
  dayLengthSeconds: z.number().int(),
  requiredSeconds: z.number().int(),
  attended: z.boolean(),
  /** When heartbeats start and stop counting: the day's start and end with the tolerance. */
  creditFrom: z.number(),
  creditUntil: z.number(),
});
export type DayAttendance = z.infer<typeof dayAttendance>;

export const heartbeatResponse = z.object({ success: z.literal(true), attendance: dayAttendance });
export type HeartbeatResponse = z.infer<typeof heartbeatResponse>;

export const myAttendanceQuery = z.object({ productId: z.uuid({ error: MSG.invalidInput }) });
export const myAttendanceResponse = z.object({ success: z.literal(true), days: z.array(dayAttendance) });
export type MyAttendanceResponse = z.infer<typeof myAttendanceResponse>;

export const ticket = z.object({
  productId: z.string(),
  productName: z.string(),
  day: z.string(),
  dayStartsAt: z.number(),
  /** The signed text the QR holds. */
  code: z.string(),
  /** The QR as a PNG data URL. */
  qr: z.string(),
  checkedInAt: z.number().nullable(),
  /** Where to show it (docs/product.md → Venue); null = the event names no venue. */
  venue: venue.nullable(),
});
export type Ticket = z.infer<typeof ticket>;
export const ticketsResponse = z.object({ success: z.literal(true), tickets: z.array(ticket) });
export type TicketsResponse = z.infer<typeof ticketsResponse>;

/** The recertification endorsement printed on a constancia (docs/attendance.md → Endorsement). */
export const constanciaEndorsement = z.object({
  /** The endorsing body, e.g. 'Consejo Mexicano de Anestesiología, A.C.'. */
  body: z.string(),
  /** Its endorsement (aval) number. */
  number: z.string(),
  /** Hours the endorsement grants, as printed (one decimal at most). */
  hours: z.number(),
  /** Recertification points (one decimal at most). */
  points: z.number(),
});
export type ConstanciaEndorsement = z.infer<typeof constanciaEndorsement>;

export const myConstancia = z.object({
  folio: z.string(),
  productId: z.string(),
  eventName: z.string(),
  minutes: z.number().int(),
  issuedAt: z.number(),
  revoked: z.boolean(),
});
export type MyConstancia = z.infer<typeof myConstancia>;
/** Carta (letter, the default) or A4: the same constancia laid out for each paper. */
export const constanciaPdfQuery = z.object({ papel: z.enum(['carta', 'a4']).default('carta') });

export const myConstanciasResponse = z.object({
  success: z.literal(true),
  constancias: z.array(myConstancia),
});

/** Folios are 12 characters of an unambiguous alphabet, grouped 4-4-4 with hyphens. */
export const FOLIO_PATTERN = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;
export const folioParam = z.object({
  folio: z
    .string()
    .transform((s) => s.trim().toUpperCase())
    .pipe(z.string().regex(FOLIO_PATTERN, { error: MSG.constanciaNotFound })),
});

/**
 * What the public verification page shows: nothing beyond name, event, hours, the
 * endorsement and date.
 */
export const constanciaVerification = z.object({
  success: z.literal(true),
  folio: z.string(),
  name: z.string(),
  eventName: z.string(),
  minutes: z.number().int(),
  endorsement: constanciaEndorsement.nullable(),
  issuedAt: z.number(),
  revoked: z.boolean(),
  revokedAt: z.number().nullable(),
  /** The folio of the constancia issued in its place (a correction's reissue), if any. */
  replacedBy: z.string().nullable(),
});
export type ConstanciaVerification = z.infer<typeof constanciaVerification>;

/**
 * Where a member's constancia of an event stands (`constanciaStatusText`): issued; the event
 * still under way; missing the profile, the attendance or the evaluation; about to be issued by
 * the job; or waiting for the association (automatic issue off, or revoked by hand).
 */
export const CONSTANCIA_STATUSES = [
  'emitida',
  'en_curso',
  'sin_datos',
  'sin_asistencia',
  'sin_evaluacion',
  'por_emitir',
  'a_mano',
] as const;
export type ConstanciaStatus = (typeof CONSTANCIA_STATUSES)[number];

/** One paid day of a member's event: whether it counts and why (`dayVerdictText`). */
export const myAttendanceDay = z.object({
  label: z.string(),
  startsAt: z.number(),
  checkedInAt: z.number().nullable(),
  correctionReason: z.string().nullable(),
  verdict: z.object({
    counts: z.boolean(),
    reason: z.enum(DAY_VERDICTS),
    watchedMinutes: z.number().int(),
    lengthMinutes: z.number().int(),
    requiredMinutes: z.number().int(),
  }),
});
export type MyAttendanceDay = z.infer<typeof myAttendanceDay>;

export const myAttendanceEvent = z.object({
  productId: z.string(),
  eventName: z.string(),
  attendancePercent: z.number().int(),
  days: z.array(myAttendanceDay),
  status: z.enum(CONSTANCIA_STATUSES),
  /** The valid constancia's folio when issued. */
  folio: z.string().nullable(),
});
export type MyAttendanceEvent = z.infer<typeof myAttendanceEvent>;
export const myAttendanceSummaryResponse = z.object({
  success: z.literal(true),
  events: z.array(myAttendanceEvent),
});
export type MyAttendanceSummaryResponse = z.infer<typeof myAttendanceSummaryResponse>;
