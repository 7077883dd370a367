// The dashboard's "Esperando a un proveedor" (docs/providers.md → What the admin sees): PayPal
// refunds pending or failed and CFDI stamps or cancellations pending at the SAT, each with its
// age; a pending refund can be asked again now (same key), the rest link to where it is handled.
import { RotateCcw } from 'lucide-react';
import { CFDI_CANCELLATION_LABELS } from '@store/shared/constants';
import type { ProviderWaitCfdi, ProviderWaitRefund } from '@store/shared/schemas/admin/provider-waits';
import { Badge } from '../../../../components/ui/badge';
import { Button, ButtonLink } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { errorMessage, notify } from '../../../../lib/notify';
import { useProviderWaits, useRetryRefund } from '../api/provider-waits';
import { orderAmount } from '../../../../lib/admin/format';
import { OrderRef } from '../../../../components/admin/order-ref';

/** "hace 5 min", "hace 3 h", "hace 2 días". */
export function ageLabel(since: number, now: number): string {
  const minutes = Math.max(0, Math.floor((now - since) / 60_000));
  if (minutes < 60) return `hace ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `hace ${hours} h`;
  return `hace ${Math.floor(hours / 24)} días`;
}

function refundNote(r: ProviderWaitRefund): string {
  if (r.status === 'fallido') return `PayPal no lo hizo${r.failure ? `: ${r.failure}` : ''}`;
  if (r.providerRefundId) return `En proceso en PayPal (${r.providerRefundId})`;
  return `Sin confirmar por PayPal; se pide de nuevo solo (${r.attempts} ${r.attempts === 1 ? 'intento' : 'intentos'})`;
}

function cfdiNote(c: ProviderWaitCfdi): string {
  const what =
    c.kind === 'factura'
      ? 'Factura'
      : c.kind === 'complemento_de_pago'
        ? 'Complemento de pago'
        : 'Nota de crédito';
  if (c.waiting === 'timbrado') return `${what}: timbrado en proceso ante el SAT`;
  return `${what}: ${c.cancellationStatus ? CFDI_CANCELLATION_LABELS[c.cancellationStatus].toLowerCase() : 'cancelación'}`;
}

export function ProviderWaitsCard({ now = Date.now() }: { now?: number }) {
  const waits = useProviderWaits();
  const retry = useRetryRefund();
  const refunds = waits.data?.refunds ?? [];
  const cfdi = waits.data?.cfdi ?? [];
  if (!waits.data || (refunds.length === 0 && cfdi.length === 0)) return null;
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>Esperando a un proveedor</CardTitle>
        {cfdi.length > 0 && (
          <ButtonLink to="/admin/invoices" variant="ghost" size="sm">
            Ver facturas
          </ButtonLink>
        )}
      </CardHeader>
      <CardContent>
        <ul aria-label="Esperando a un proveedor" className="divide-y divide-slate-200">
          {refunds.map((r) => (
            <li key={r._id} className="flex flex-wrap items-start justify-between gap-3 py-2.5">
              <div className="min-w-0 flex-1">
                <OrderRef id={r.orderId} className="text-sm" />
                <p className="text-sm text-ink">
                  Reembolso {r.kind === 'cancelacion' ? 'por cancelación' : 'del admin'} de{' '}
                  <span className="tabular-nums">{orderAmount(r.amount)}</span>
                </p>
                <p className="text-xs break-words text-slate-600">{refundNote(r)}</p>
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1">
                <Badge tone={r.status === 'fallido' ? 'warning' : 'info'}>
                  {r.status === 'fallido' ? 'Reembolso fallido' : 'Reembolso pendiente'}
                </Badge>
                <span className="text-xs text-slate-500">{ageLabel(r.requestedAt, now)}</span>
                {r.status === 'pendiente' && (
                  <Button
                    variant="secondary"
                    size="sm"
                    loading={retry.isPending && retry.variables === r._id}
                    onClick={() =>
                      retry.mutate(r._id, {
                        onSuccess: (res) => notify.success(res.message ?? 'Listo'),
                        onError: (err) => notify.error(errorMessage(err, 'No se pudo pedir de nuevo')),
                      })
                    }
                  >
                    <RotateCcw aria-hidden="true" className="h-4 w-4" />
                    Pedir de nuevo
                  </Button>
                )}
              </div>
            </li>
          ))}
          {cfdi.map((c) => (
            <li key={c._id} className="flex flex-wrap items-start justify-between gap-3 py-2.5">
              <div className="min-w-0 flex-1">
                <OrderRef id={c.orderId} className="text-sm" />
                <p className="text-sm text-ink">{cfdiNote(c)}</p>
                <p className="text-xs break-words text-slate-600">
                  RFC {c.rfc}
                  {c.lastError ? ` · ${c.lastError}` : ''}
                </p>
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1">
                <Badge tone={c.cancellationStatus === 'rechazada' ? 'warning' : 'info'}>
                  {c.waiting === 'timbrado' ? 'Timbrado pendiente' : 'Cancelación ante el SAT'}
                </Badge>
                <span className="text-xs text-slate-500">{ageLabel(c.since, now)}</span>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
