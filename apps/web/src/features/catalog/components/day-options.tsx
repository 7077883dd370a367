// Day options of an event (docs/product.md → Routes): one or several days at once, each with its date and hours in
// Mexico City time. Ended, sold-out and already owned days are shown but cannot be chosen. An event
// sold as a whole shows its days as a schedule: one registration, no choice.
import { ENDED_LABEL, hasEnded } from '@store/shared/domain/event-days';
import { formatDate, formatTimeRange, MX_TIME_ZONE_LABEL } from '@store/shared/domain/time';
import type { DayOption } from '@store/shared/schemas/product';
import { cn } from '../../../components/ui/cn';

export interface DayOptionsProps {
  options: readonly DayOption[];
  /** The days chosen (a per-day event: one or several). */
  selected: readonly string[];
  /** A day pressed: chosen when it was not, left out when it was. */
  onToggle: (day: string) => void;
  owned?: ReadonlySet<string>;
  /** Days with no seat left for the signed-in member (seats held by waiting-list offers count). */
  soldOut?: ReadonlySet<string>;
  /** The caller's clock (epoch ms). */
  now: number;
  /**
   * An event sold as a whole: one registration for all its days, so the days are a schedule to
   * read, not choices (nothing that looks clickable and does nothing).
   */
  whole?: boolean;
}

export function seatsLeft(option: DayOption): number | null {
  return option.seatCapacity === null ? null : Math.max(0, option.seatCapacity - option.seatsSold);
}

/** Why a day cannot be chosen, or its seats when few are left; null when nothing to say. */
function dayNote(option: DayOption, owned: boolean, ended: boolean, full: boolean): string | null {
  const left = full ? 0 : seatsLeft(option);
  if (owned) return 'Ya lo tienes';
  if (ended) return ENDED_LABEL;
  if (left === 0) return 'Agotado';
  if (left !== null && left <= 10) return left === 1 ? 'Queda 1 lugar' : `Quedan ${left} lugares`;
  return null;
}

export function DayOptions({
  options,
  selected,
  onToggle,
  owned,
  soldOut: fullForMe,
  now,
  whole = false,
}: DayOptionsProps) {
  const allEnded = options.length > 0 && options.every((o) => hasEnded(o, now));
  if (whole) {
    return (
      <section aria-labelledby="whole-days">
        <h2 id="whole-days" className="text-sm font-semibold">
          Inscripción al evento completo: incluye{' '}
          {options.length === 1 ? 'su día' : `los ${options.length} días`}
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          Un solo registro y un solo precio; no se venden días sueltos.
        </p>
        <ul className="mt-3 grid gap-2 sm:grid-cols-2">
          {options.map((o) => {
            const note = dayNote(
              o,
              owned?.has(o.label) ?? false,
              hasEnded(o, now),
              seatsLeft(o) === 0 || (fullForMe?.has(o.label) ?? false),
            );
            return (
              <li key={o.label} className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-2 text-sm">
                <span className="block font-medium">{o.label}</span>
                <span className="block text-xs text-slate-600">
                  {formatDate(o.startsAt)} · {formatTimeRange(o.startsAt, o.endsAt)}
                </span>
                {note && <span className="block text-xs text-slate-600">{note}</span>}
              </li>
            );
          })}
        </ul>
        <p className="mt-2 text-xs text-slate-600">Horarios en {MX_TIME_ZONE_LABEL}.</p>
      </section>
    );
  }
  return (
    <fieldset>
      <legend className="text-sm font-semibold">
        {allEnded ? 'Días del evento' : 'Selecciona uno o varios días'}
      </legend>
      {/* Equal widths: a column on phones, two on wider screens, whatever the labels' length. */}
      <div className="mt-3 grid gap-2 sm:grid-cols-2">
        {options.map((o) => {
          const ended = hasEnded(o, now);
          const isOwned = owned?.has(o.label) ?? false;
          const soldOut = seatsLeft(o) === 0 || (fullForMe?.has(o.label) ?? false);
          const isSelected = selected.includes(o.label) && !ended;
          const note = dayNote(o, isOwned, ended, soldOut);
          return (
            <button
              key={o.label}
              type="button"
              aria-pressed={isSelected}
              disabled={soldOut || isOwned || ended}
              onClick={() => onToggle(o.label)}
              className={cn(
                'min-h-11 rounded-lg border px-4 py-2 text-left text-sm transition-colors disabled:cursor-not-allowed disabled:opacity-60',
                isSelected
                  ? 'border-brand-700 bg-brand-50 font-semibold text-brand-800'
                  : 'border-slate-300 bg-white hover:border-slate-500',
              )}
            >
              <span className="block">{o.label}</span>
              <span className="block text-xs font-normal text-slate-600">
                {formatDate(o.startsAt)} · {formatTimeRange(o.startsAt, o.endsAt)}
              </span>
              {note && (
                <span
                  className={cn(
                    'block text-xs',
                    ended && !isOwned ? 'font-semibold text-slate-700' : 'text-slate-600',
                  )}
                >
                  {note}
                </span>
              )}
            </button>
          );
        })}
      </div>
      <p className="mt-2 text-xs text-slate-600">Horarios en {MX_TIME_ZONE_LABEL}.</p>
    </fieldset>
  );
}
