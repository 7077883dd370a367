// An event's days in time. Each day option has a real start and end instant; the label is
// only its text. A day has ended from its end instant on (the end itself included), and an
// event is finished ("Finalizado") when its last day has ended. "Now" is always the caller's
// clock, passed in: nothing here reads the time, so cached data never carries a stale flag.

import { dayPhase } from './time';

type Instant = Date | number;

export interface Timed {
  /** Epoch milliseconds. */
  startsAt: number;
  endsAt: number;
}

/** Longest an event day may last. */
export const MAX_DAY_LENGTH_MS = 24 * 3_600_000;

/** How the store names an ended day or a finished event. */
export const ENDED_LABEL = 'Finalizado';

/** True from the day's (or, given a product, the event's last day's) end instant on. */
export function hasEnded(t: Pick<Timed, 'startsAt' | 'endsAt'>, now: Instant): boolean {
  return dayPhase(now, t.startsAt, t.endsAt) === 'ended';
}

/** The first start and last end of a set of days (null for none). */
export function eventSpan(days: readonly Timed[]): Timed | null {
  if (days.length === 0) return null;
  return {
    startsAt: Math.min(...days.map((d) => d.startsAt)),
    endsAt: Math.max(...days.map((d) => d.endsAt)),
  };
}
