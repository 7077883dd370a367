// "Descargar recibo" on a paid order in Mis Productos (docs/after-sale.md): the PDF receipt
// through the authorised route (the token header), saved by the browser.
import { useState } from 'react';
import { FileText } from 'lucide-react';
import type { Order } from '@store/shared/schemas/order';
import { Button } from '../../../components/ui/button';
import { errorMessage, notify } from '../../../lib/notify';
import { downloadReceipt } from '../api/download-receipt';

export function ReceiptButton({ order }: { order: Order }) {
  const [busy, setBusy] = useState(false);
  if (!order.payment || order.status === 'pendiente' || order.amount === 0) return null;
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        downloadReceipt(order._id)
          .catch((err: unknown) => notify.error(errorMessage(err, 'No pudimos descargar el recibo.')))
          .finally(() => setBusy(false));
      }}
    >
      <FileText aria-hidden="true" className="h-4 w-4" /> {busy ? 'Descargando…' : 'Descargar recibo'}
    </Button>
  );
}
