// How the back office names an event where staff pick one (orders, attendees, waiting list,
// check-in, attendance, coupons, scholarships): its name with its dates, marked when it is a
// draft or archived; events still to come or running first (soonest first), then past ones
// (most recent first), so two editions of a course are never two identical lines.
import { formatDateRange } from '@store/shared/domain/time';

interface PickableEvent {
  name: string;
  startsAt: number;
  endsAt: number;
  active: boolean;
  draft?: boolean;
}

export function eventOptionLabel(e: PickableEvent): string {
  const marks = [e.draft ? 'borrador' : '', e.active ? '' : 'archivado'].filter(Boolean);
  return `${e.name} · ${formatDateRange(e.startsAt, e.endsAt)}${marks.length ? ` (${marks.join(', ')})` : ''}`;
}

export function eventsForPicker<T extends PickableEvent>(
  events: readonly T[],
  now: number = Date.now(),
): T[] {
  const upcoming = events.filter((e) => e.endsAt > now).sort((a, b) => a.startsAt - b.startsAt);
  const past = events.filter((e) => e.endsAt <= now).sort((a, b) => b.startsAt - a.startsAt);
  return [...upcoming, ...past];
}
