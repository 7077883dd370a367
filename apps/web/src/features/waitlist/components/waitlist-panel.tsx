// The waiting list on the product page (docs/after-sale.md → Waiting list): for each sold-out
// day, "Avísame si se libera un lugar" (visitors are asked to sign in), the member's place in
// line with "Salir de la lista", or the seat offered to them and until when.
import { BellRing } from 'lucide-react';
import { hasEnded } from '@store/shared/domain/event-days';
import { formatDateTime, MX_TIME_ZONE_LABEL } from '@store/shared/domain/time';
import { MSG, waitlistPosition } from '@store/shared/messages';
import type { DayOption } from '@store/shared/schemas/product';
import type { WaitlistDayState } from '@store/shared/schemas/waitlist';
import { Button, ButtonLink } from '../../../components/ui/button';
import { errorMessage, notify } from '../../../lib/notify';
import { useWaitlistChange } from '../api/join-waitlist';
import { AFTER_SALE_MSG } from '@store/shared/after-sale-messages';

export interface WaitlistPanelProps {
  productId: string;
  options: readonly DayOption[];
  /** The member's state per limited day (undefined for visitors and while loading). */
  states: readonly WaitlistDayState[] | undefined;
  signedIn: boolean;
  owned?: ReadonlySet<string>;
  now: number;
}

/** Days the panel speaks about: upcoming, not owned, and sold out or already on the list. */
export function waitlistDays(props: Omit<WaitlistPanelProps, 'productId'>) {
  return props.options.filter((o) => {
    if (hasEnded(o, props.now) || props.owned?.has(o.label)) return false;
    const state = props.states?.find((s) => s.day === o.label);
    if (state) return state.soldOut || state.entry !== null;
    return o.seatCapacity !== null && o.seatsSold >= o.seatCapacity;
  });
}

export function WaitlistPanel(props: WaitlistPanelProps) {
  const { join, leave } = useWaitlistChange();
  const days = waitlistDays(props);
  if (days.length === 0) return null;
  const busy = join.isPending || leave.isPending;

  const run = async (action: 'join' | 'leave', day: string) => {
    try {
      const res = await (action === 'join' ? join : leave).mutateAsync({ productId: props.productId, day });
      notify.success(
        res.message ?? (action === 'join' ? AFTER_SALE_MSG.waitlistJoined : AFTER_SALE_MSG.waitlistLeft),
      );
    } catch (err) {
      notify.error(errorMessage(err, MSG.genericProcessError));
    }
  };

  return (
    <section
      aria-labelledby="lista-espera"
      className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4"
    >
      <h2 id="lista-espera" className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <BellRing aria-hidden="true" className="h-4 w-4 text-amber-700" />
        Lista de espera
      </h2>
      <ul className="mt-2 space-y-4">
        {days.map((o) => {
          const entry = props.states?.find((s) => s.day === o.label)?.entry ?? null;
          return (
            <li key={o.label} className="text-sm text-slate-700">
              {entry?.status === 'ofrecido' && entry.offerExpiresAt !== null ? (
                <p className="font-medium text-slate-900">
                  Se liberó un lugar para ti en «{o.label}»: te lo guardamos hasta el{' '}
                  {formatDateTime(entry.offerExpiresAt)} ({MX_TIME_ZONE_LABEL}). Agrégalo a tu carrito y paga
                  antes de esa hora.
                </p>
              ) : entry?.status === 'esperando' && entry.position !== null ? (
                <p className="font-medium text-slate-900">
                  «{o.label}»: {waitlistPosition(entry.position)}
                </p>
              ) : (
                <p>
                  «{o.label}» está agotado. Si alguien cancela, el lugar se ofrece por correo a la lista de
                  espera, en orden de llegada, durante 24 horas.
                </p>
              )}
              <div className="mt-2">
                {!props.signedIn ? (
                  // Its long label wraps on a phone instead of widening the page.
                  <ButtonLink
                    to="/login"
                    variant="secondary"
                    size="sm"
                    className="h-auto! min-h-9 py-1.5 text-center whitespace-normal!"
                  >
                    {AFTER_SALE_MSG.waitlistSignIn}
                  </ButtonLink>
                ) : entry ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={busy}
                    onClick={() => void run('leave', o.label)}
                  >
                    {AFTER_SALE_MSG.waitlistLeave}
                  </Button>
                ) : (
                  <Button
                    size="sm"
                    className="h-auto! min-h-9 py-1.5 text-center whitespace-normal!"
                    disabled={busy || !props.states}
                    onClick={() => void run('join', o.label)}
                  >
                    {AFTER_SALE_MSG.waitlistJoin}
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
