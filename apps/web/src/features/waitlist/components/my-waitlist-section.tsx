// "Listas de espera" on Mis Productos (docs/after-sale.md → Waiting list): each sold-out day the
// member is waiting for, with their place in line or the seat offered to them and until when,
// a way to buy an offered seat and a way to leave the list. Hidden when there are none.
import { BellRing } from 'lucide-react';
import { formatDateTime, MX_TIME_ZONE_LABEL } from '@store/shared/domain/time';
import { MSG, waitlistPosition } from '@store/shared/messages';
import type { MyWaitlistEntry } from '@store/shared/schemas/waitlist';
import { Badge } from '../../../components/ui/badge';
import { Button, ButtonLink } from '../../../components/ui/button';
import { errorMessage, notify } from '../../../lib/notify';
import { useMyWaitlist } from '../api/get-my-waitlist';
import { useWaitlistChange } from '../api/join-waitlist';
import { AFTER_SALE_MSG } from '@store/shared/after-sale-messages';

export function MyWaitlistSection() {
  const list = useMyWaitlist();
  const { leave } = useWaitlistChange();
  if (!list.data || list.data.length === 0) return null;

  const onLeave = async (e: MyWaitlistEntry) => {
    try {
      const res = await leave.mutateAsync({ productId: e.productId, day: e.day });
      notify.success(res.message ?? AFTER_SALE_MSG.waitlistLeft);
    } catch (err) {
      notify.error(errorMessage(err, MSG.genericProcessError));
    }
  };

  return (
    <section aria-labelledby="waitlist-title" className="mt-10">
      <h2 id="waitlist-title" className="flex items-center gap-2 text-xl font-bold tracking-tight">
        <BellRing aria-hidden="true" className="h-5 w-5 text-brand-700" /> Listas de espera
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Si alguien cancela, el lugar se ofrece por correo en orden de llegada y se guarda 24 horas.
      </p>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {list.data.map((e) => (
          <li
            key={`${e.productId}|${e.day}`}
            className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <p className="font-semibold">{e.productName}</p>
            <p className="text-sm text-slate-600">
              {e.day} · {formatDateTime(e.startsAt)}
            </p>
            {e.status === 'ofrecido' && e.offerExpiresAt !== null ? (
              <>
                <Badge tone="success" className="mt-2 self-start">
                  Lugar ofrecido para ti
                </Badge>
                <p className="mt-2 text-sm text-slate-700">
                  Te lo guardamos hasta el {formatDateTime(e.offerExpiresAt)} ({MX_TIME_ZONE_LABEL}). Agrégalo
                  a tu carrito y paga antes de esa hora.
                </p>
              </>
            ) : (
              <p className="mt-2 text-sm font-medium text-slate-900">
                {e.position === null ? 'En la lista de espera.' : waitlistPosition(e.position)}
              </p>
            )}
            <div className="mt-3 flex flex-wrap gap-2">
              {e.status === 'ofrecido' && (
                <ButtonLink to={`/product/${e.productId}`} size="sm">
                  Comprar mi lugar
                </ButtonLink>
              )}
              <Button
                variant="secondary"
                size="sm"
                disabled={leave.isPending}
                onClick={() => void onLeave(e)}
              >
                {AFTER_SALE_MSG.waitlistLeave}
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
