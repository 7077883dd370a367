// The report an endorsing council asks after the event (docs/attendance.md → The council's
// report): one row per attendee with the name as on the constancia, cédula, specialty,
// institution, hours attended, points, evaluation result, folio and issue date, plus the
// event's endorsement; as CSV (one flat table) or XLSX (an «Asistentes» sheet and an «Evento»
// sheet). Personal data in bulk: every download is in the audit log with who, the format and
// the number of rows, in the transaction that read them.

import { formatDuration } from '@store/shared/domain/attendance';
import { formatCsvDateTime, formatDateFull } from '@store/shared/domain/time';
import type { Db, Queryable } from '../../../db/client';
import { writeXlsx, XLSX_TYPE, type Cell } from '../../../lib/xlsx';
import { findEndorsement } from '../../attendance/repo';
import { findEvaluation, findEventAttempts } from '../../attendance/evaluation-repo';
import { writeAudit } from '../audit/repo';
import { slug, toCsv } from '../attendees/csv';
import { findValidEventConstancias } from './repo';
import { getAttendance } from './service';

const HEADERS = [
  'Nombre (como en la constancia)',
  'Cédula profesional',
  'Especialidad',
  'Institución',
  'Correo',
  'Horas asistidas',
  'Puntos',
  'Evaluación',
  'Folio',
  'Fecha de emisión',
  'Constancia',
] as const;

const EVENT_HEADERS = [
  'Evento',
  'Organismo que avala',
  'Número de aval',
  'Horas avaladas',
  'Puntos del aval',
];

/** Rounded down to one decimal: never more points than earned. */
const floor1 = (n: number) => Math.floor(n * 10 + 1e-9) / 10;

interface ReportRow {
  cells: Cell[];
}

async function reportRows(db: Queryable, productId: string) {
  const attendance = await getAttendance(db, productId);
  const endorsement = await findEndorsement(db, productId);
  const evaluation = await findEvaluation(db, productId);
  const asksEvaluation = evaluation !== null && evaluation.questions.length > 0;
  const attempts = asksEvaluation ? await findEventAttempts(db, productId) : [];
  const eventMinutes = attendance.days.reduce((s, d) => s + Math.round(d.lengthSeconds / 60), 0);
  const valid = new Map((await findValidEventConstancias(db, productId)).map((r) => [r.userId, r]));

  const rows: ReportRow[] = attendance.people.map((p) => {
    const c = valid.get(p.userId) ?? null;
    const minutes = c?.minutes ?? p.minutes;
    const points =
      endorsement && eventMinutes > 0
        ? floor1(endorsement.points * Math.min(1, minutes / eventMinutes))
        : null;
    const mine = attempts.filter((a) => a.userId === p.userId);
    const best = mine.reduce<number | null>(
      (m, a) => (a.scorePercent === null ? m : Math.max(m ?? 0, a.scorePercent)),
      null,
    );
    const evaluationText = !asksEvaluation
      ? 'No aplica'
      : mine.some((a) => a.passed)
        ? best === null
          ? 'Respondida'
          : `Aprobada (${best} %)`
        : mine.length > 0
          ? `No aprobada${best === null ? '' : ` (${best} %)`}`
          : 'Sin responder';
    return {
      cells: [
        c?.certificateName ?? p.certificateName ?? p.name,
        c?.cedula ?? p.cedula ?? '',
        c?.specialty ?? p.specialty ?? '',
        c?.institution ?? p.institution ?? '',
        p.email,
        Math.round((minutes / 60) * 10) / 10,
        points,
        evaluationText,
        c?.folio ?? '',
        c ? formatCsvDateTime(c.issuedAt) : '',
        c ? 'Emitida' : p.constancia?.revoked ? 'Revocada' : 'Sin constancia',
      ],
    };
  });
  return { attendance, endorsement, rows, eventMinutes };
}

export interface CouncilReport {
  filename: string;
  contentType: string;
  body: string | Buffer;
}

/** Builds the report and records the download in the audit log, together. */
export async function councilReport(
  db: Db,
  actorId: string,
  q: { productId: string; format: 'csv' | 'xlsx' },
  now: Date,
): Promise<CouncilReport> {
  return db.transaction(async (tx) => {
    // An unknown event is answered by getAttendance (404, eventNotFound).
    const { attendance, endorsement, rows, eventMinutes } = await reportRows(tx, q.productId);
    const eventCells: Cell[] = [
      attendance.event.name,
      endorsement?.body ?? '',
      endorsement?.number ?? '',
      endorsement?.hours ?? null,
      endorsement?.points ?? null,
    ];
    const base = `informe-consejo-${slug(attendance.event.name)}`;
    let file: CouncilReport;
    if (q.format === 'csv') {
      const text = (c: Cell) => (c === null ? '' : String(c));
      file = {
        filename: `${base}.csv`,
        contentType: 'text/csv; charset=utf-8',
        body: toCsv([
          [...HEADERS, ...EVENT_HEADERS],
          ...rows.map((r) => [...r.cells, ...eventCells].map(text)),
        ]),
      };
    } else {
      const first = attendance.days[0];
      const last = attendance.days.at(-1);
      file = {
        filename: `${base}.xlsx`,
        contentType: XLSX_TYPE,
        body: writeXlsx([
          { name: 'Asistentes', rows: [[...HEADERS], ...rows.map((r) => r.cells)] },
          {
            name: 'Evento',
            rows: [
              ['Dato', 'Valor'],
              ['Evento', attendance.event.name],
              [
                'Fechas',
                first && last
                  ? first === last
                    ? formatDateFull(first.startsAt)
                    : `${formatDateFull(first.startsAt)} al ${formatDateFull(last.startsAt)}`
                  : '',
              ],
              ['Duración total', formatDuration(eventMinutes)],
              ['Organismo que avala', endorsement?.body ?? 'Sin aval'],
              ['Número de aval', endorsement?.number ?? ''],
              ['Horas avaladas', endorsement?.hours ?? null],
              ['Puntos de recertificación', endorsement?.points ?? null],
              ['Asistentes en el informe', rows.length],
              ['Constancias vigentes', rows.filter((r) => r.cells[8] !== '').length],
              ['Generado', formatCsvDateTime(now)],
            ],
          },
        ]),
      };
    }
    await writeAudit(tx, {
      actorId,
      action: 'event.council_report',
      entity: 'event',
      entityId: q.productId,
      details: { filters: { productId: q.productId, format: q.format }, rows: rows.length },
    });
    return file;
  });
}
