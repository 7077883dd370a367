// Mis Productos: how an order is (being) paid, when it says more than the method's name. An
// order waiting for cash at OXXO or a SPEI transfer says until when, with the way back to its
// voucher or transfer data; a card payment in meses sin intereses says in how many months.
import { Link } from 'react-router';
import { CreditCard, Receipt } from 'lucide-react';
import { formatPrice, toPesos } from '@store/shared/domain/money';
import { formatDateTime } from '@store/shared/domain/time';
import type { Order } from '@store/shared/schemas/order';

const centavosText = (centavos: number) => formatPrice(toPesos(centavos));

export function PaymentNote({ order }: { order: Order }) {
  const pending = order.status === 'pendiente' ? order.pendingPayment : null;
  if (pending) {
    const received = pending.kind === 'spei' ? pending.amountCentavos - pending.amountRemainingCentavos : 0;
    return (
      <div className="mt-2 text-sm text-amber-900">
        <p className="flex items-start gap-1.5 font-semibold">
          <Receipt aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          {pending.kind === 'oxxo'
            ? `Pago pendiente en OXXO · vence el ${formatDateTime(pending.expiresAt)}`
            : `Transferencia SPEI pendiente · fecha límite ${formatDateTime(pending.expiresAt)}`}
        </p>
        {pending.kind === 'spei' && received > 0 && pending.amountRemainingCentavos > 0 && (
          <p className="mt-0.5 pl-5.5">
            Recibimos {centavosText(received)}; faltan {centavosText(pending.amountRemainingCentavos)}.
          </p>
        )}
        <Link
          to={`/pago/${order._id}`}
          className="mt-1 inline-flex min-h-9 items-center pl-5.5 font-semibold text-brand-700 underline underline-offset-2"
        >
          Ver ficha de pago
        </Link>
      </div>
    );
  }
  if (order.payment && order.paymentMethod === 'stripe' && order.installments && order.installments > 1) {
    return (
      <p className="mt-2 flex items-start gap-1.5 text-sm text-slate-700">
        <CreditCard aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
        Pagado con tarjeta a {order.installments} meses sin intereses
      </p>
    );
  }
  return null;
}
