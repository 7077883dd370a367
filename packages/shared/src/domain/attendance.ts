// Attendance arithmetic (docs/attendance.md): how much a heartbeat credits, and when a day counts.

/** The player reports every this many seconds while it plays. */
export const HEARTBEAT_INTERVAL_SECONDS = 30;
/**
 * The most one heartbeat can credit: the time since the previous one, never more than this
 * (a paused, closed or sleeping player credits nothing for the gap).
 */
export const HEARTBEAT_MAX_CREDIT_SECONDS = 2 * HEARTBEAT_INTERVAL_SECONDS;
/** Another device's player is considered gone after this much silence. */
export const STREAM_SESSION_TIMEOUT_SECONDS = 90;
export const DEFAULT_ATTENDANCE_PERCENT = 80;
/**
 * Heartbeats count from this many minutes before a day's start until this many after its end
 * (a player opened a little early, a session running a little late), never outside.
 */
export const HEARTBEAT_TOLERANCE_MINUTES = 15;

/** When a day's heartbeats count: [start − tolerance, end + tolerance], both edges included. */
export function creditWindow(startsAtMs: number, endsAtMs: number): { from: number; until: number } {
  const tolerance = HEARTBEAT_TOLERANCE_MINUTES * 60_000;
  return { from: startsAtMs - tolerance, until: endsAtMs + tolerance };
}

/** Where an instant falls against a day's credit window. */
export function creditPhase(
  nowMs: number,
  startsAtMs: number,
  endsAtMs: number,
): 'antes' | 'durante' | 'despues' {
  const w = creditWindow(startsAtMs, endsAtMs);
  if (nowMs < w.from) return 'antes';
  return nowMs > w.until ? 'despues' : 'durante';
}

/**
 * Seconds one heartbeat adds: the real time elapsed since the session's previous heartbeat
 * (0 for the first one), capped to HEARTBEAT_MAX_CREDIT_SECONDS, and never beyond what is
 * left of the day's length.
 */
export function heartbeatCredit(input: {
  previousBeatMs: number | null;
  nowMs: number;
  alreadySeconds: number;
  dayLengthSeconds: number;
}): number {
  if (input.previousBeatMs === null) return 0;
  const elapsed = Math.floor((input.nowMs - input.previousBeatMs) / 1000);
  if (elapsed <= 0) return 0;
  const left = Math.max(0, input.dayLengthSeconds - input.alreadySeconds);
  return Math.min(elapsed, HEARTBEAT_MAX_CREDIT_SECONDS, left);
}

/** Seconds of a day that must be watched for it to count (rounded up). */
export function requiredSeconds(dayLengthSeconds: number, percent: number): number {
  return Math.ceil((dayLengthSeconds * percent) / 100);
}

export function dayLengthSeconds(startsAtMs: number, endsAtMs: number): number {
  return Math.max(0, Math.round((endsAtMs - startsAtMs) / 1000));
}

/** '6 h 30 min', '45 min', '2 h'. */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}

const oneDecimal = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 1 });

/** An endorsement's hours: '12 horas', '7.5 horas', '1 hora'. */
export function formatEndorsementHours(hours: number): string {
  return `${oneDecimal.format(hours)} ${hours === 1 ? 'hora' : 'horas'}`;
}

/** Recertification points: '10 puntos', '2.5 puntos', '1 punto'. */
export function formatPoints(points: number): string {
  return `${oneDecimal.format(points)} ${points === 1 ? 'punto' : 'puntos'}`;
}

/** Why a day counts or not (docs/attendance.md → Explainable attendance). */
export const DAY_VERDICTS = [
  'puerta',
  'en_linea',
  'correccion',
  'retirada',
  'insuficiente',
  'en_curso',
] as const;
export type DayVerdictReason = (typeof DAY_VERDICTS)[number];

export interface DayVerdictInput {
  watchedSeconds: number;
  lengthSeconds: number;
  requiredSeconds: number;
  checkedInAt: number | null;
  /** A staff correction: the day counts, or not, whatever was watched or scanned. */
  correction: { counts: boolean } | null;
  /** The end of the day's credit window: before it, time may still be added. */
  creditUntil: number;
  nowMs: number;
}

export interface DayVerdict {
  counts: boolean;
  reason: DayVerdictReason;
  /** Whole minutes watched (rounded down), the day's length and the minutes needed (rounded up). */
  watchedMinutes: number;
  lengthMinutes: number;
  requiredMinutes: number;
}

/**
 * Whether a paid day counts for the constancia and why: a staff correction first, then the door
 * check-in (the whole day), then the minutes watched against the event's percentage. A day whose
 * window is still open and does not count yet is `en_curso`, not a failure.
 */
export function dayVerdict(i: DayVerdictInput): DayVerdict {
  const minutes = {
    watchedMinutes: Math.floor(i.watchedSeconds / 60),
    lengthMinutes: Math.round(i.lengthSeconds / 60),
    requiredMinutes: Math.ceil(i.requiredSeconds / 60),
  };
  if (i.correction)
    return {
      counts: i.correction.counts,
      reason: i.correction.counts ? 'correccion' : 'retirada',
      ...minutes,
    };
  if (i.checkedInAt !== null) return { counts: true, reason: 'puerta', ...minutes };
  if (i.watchedSeconds >= i.requiredSeconds) return { counts: true, reason: 'en_linea', ...minutes };
  return { counts: false, reason: i.nowMs <= i.creditUntil ? 'en_curso' : 'insuficiente', ...minutes };
}
