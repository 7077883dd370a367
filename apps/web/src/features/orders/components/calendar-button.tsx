// «Agregar a mi calendario» on a paid order in Mis Productos: the same .ics as the confirmation
// e-mail's, through the authorised route (the token header), for the days the member holds.
import { useState } from 'react';
import { CalendarPlus } from 'lucide-react';
import type { Order } from '@store/shared/schemas/order';
import { Button } from '../../../components/ui/button';
import { errorMessage, notify } from '../../../lib/notify';
import { downloadCalendar } from '../api/download-calendar';

export function CalendarButton({ order }: { order: Order }) {
  const [busy, setBusy] = useState(false);
  // A partly refunded order still holds paid days; the server lists only those.
  if (order.status !== 'pagado' && order.status !== 'reembolso_parcial') return null;
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        downloadCalendar(order._id)
          .catch((err: unknown) => notify.error(errorMessage(err, 'No pudimos descargar el calendario.')))
          .finally(() => setBusy(false));
      }}
    >
      <CalendarPlus aria-hidden="true" className="h-4 w-4" />{' '}
      {busy ? 'Descargando…' : 'Agregar a mi calendario'}
    </Button>
  );
}
