// The CFDI queue of /admin/invoices: the receiver's fiscal data, the order, the status (with
// what is still to do) and the actions: download, attach the XML/PDF by hand, retry.
import { useRef } from 'react';
import { Download, FileUp, RotateCcw } from 'lucide-react';
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '@store/shared/constants';
import { regimenLabel, usoLabel } from '@store/shared/domain/cfdi-catalogs';
import { formatPrice } from '@store/shared/domain/money';
import { formatDateTime } from '@store/shared/domain/time';
import type { AdminInvoice } from '@store/shared/schemas/admin/invoices';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DataTable, type Column } from './data-table';
import { OrderRef } from './order-ref';

const TONES: Record<InvoiceStatus, BadgeTone> = {
  solicitada: 'info',
  timbrada: 'success',
  cancelada: 'neutral',
  error: 'danger',
};

/** What is still to do with it, in a few words. */
function pendingNote(i: AdminInvoice, providerConfigured: boolean): string | null {
  if (i.pendingAction === 'stamp')
    return providerConfigured ? 'En cola para timbrar' : 'Timbrar por fuera y adjuntar';
  if (i.pendingAction === 'cancel') return `En cola para cancelar (motivo ${i.cancelMotive ?? ''})`;
  if (i.status === 'timbrada' && i.cancelMotive) return `Cancelar ante el SAT (motivo ${i.cancelMotive})`;
  if (i.status === 'solicitada') return 'Esperando el pago';
  return null;
}

export interface InvoiceActions {
  onRetry: (i: AdminInvoice) => void;
  onAttach: (i: AdminInvoice, format: 'xml' | 'pdf', file: File) => void;
  onDownload: (i: AdminInvoice, format: 'xml' | 'pdf') => void;
  busyId: string | null;
}

function AttachButton({
  invoice,
  format,
  onAttach,
}: {
  invoice: AdminInvoice;
  format: 'xml' | 'pdf';
  onAttach: InvoiceActions['onAttach'];
}) {
  const input = useRef<HTMLInputElement>(null);
  const label = format.toUpperCase();
  // `relative`: the hidden input is positioned inside the table's scroll area, not the page.
  return (
    <span className="relative flex flex-col">
      <input
        ref={input}
        type="file"
        accept={format === 'xml' ? '.xml,application/xml,text/xml' : '.pdf,application/pdf'}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (file) onAttach(invoice, format, file);
        }}
      />
      <Button
        variant="ghost"
        size="sm"
        onClick={() => input.current?.click()}
        aria-label={`Adjuntar ${label} de la factura de ${invoice.rfc}`}
      >
        <FileUp aria-hidden="true" className="h-4 w-4" />
        Adjuntar {label}
      </Button>
    </span>
  );
}

export function InvoicesTable({
  invoices,
  providerConfigured,
  actions,
}: {
  invoices: AdminInvoice[];
  providerConfigured: boolean;
  actions: InvoiceActions;
}) {
  const columns: Column<AdminInvoice>[] = [
    {
      header: 'Receptor',
      className: 'min-w-48 max-w-60',
      cell: (i) => (
        <>
          <span className="block font-mono text-sm font-semibold text-ink">{i.rfc}</span>
          <span className="block text-sm text-ink">{i.razonSocial}</span>
          <span className="block truncate text-xs text-slate-500">{i.email}</span>
        </>
      ),
    },
    {
      header: 'Datos fiscales',
      className: 'min-w-52 max-w-64',
      cell: (i) => (
        <span className="block text-xs text-slate-600">
          <span className="block">
            Régimen {i.regimenFiscal} · {regimenLabel(i.regimenFiscal)}
          </span>
          <span className="block">
            Uso {i.usoCfdi} · {usoLabel(i.usoCfdi)}
          </span>
          <span className="block">C.P. {i.codigoPostal}</span>
        </span>
      ),
    },
    {
      header: 'Orden',
      className: 'min-w-36 max-w-44',
      cell: (i) => (
        <OrderRef
          id={i.orderId}
          detail={`${formatPrice(i.amount)} · ${i.paidAt ? `pagada ${formatDateTime(i.paidAt)}` : 'sin pagar'}`}
        />
      ),
    },
    {
      header: 'Estado',
      className: 'min-w-40 max-w-56',
      cell: (i) => {
        const note = pendingNote(i, providerConfigured);
        return (
          <>
            <Badge tone={TONES[i.status]}>{INVOICE_STATUS_LABELS[i.status]}</Badge>
            {note && <span className="mt-1 block text-xs text-slate-600">{note}</span>}
            {i.folioFiscal && (
              <span className="mt-1 block font-mono text-[11px] break-all text-slate-500">
                {i.folioFiscal}
              </span>
            )}
            {i.lastError && <span className="mt-1 block text-xs text-red-700">{i.lastError}</span>}
          </>
        );
      },
    },
    {
      header: 'Acciones',
      hiddenHeader: true,
      cell: (i) => (
        <div className="flex min-w-24 flex-col items-stretch gap-1">
          {i.hasXml && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => actions.onDownload(i, 'xml')}
              aria-label={`Descargar XML de la factura de ${i.rfc}`}
            >
              <Download aria-hidden="true" className="h-4 w-4" />
              XML
            </Button>
          )}
          {i.hasPdf && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => actions.onDownload(i, 'pdf')}
              aria-label={`Descargar PDF de la factura de ${i.rfc}`}
            >
              <Download aria-hidden="true" className="h-4 w-4" />
              PDF
            </Button>
          )}
          {i.status !== 'cancelada' && !i.viaProvider && (
            <>
              <AttachButton invoice={i} format="xml" onAttach={actions.onAttach} />
              <AttachButton invoice={i} format="pdf" onAttach={actions.onAttach} />
            </>
          )}
          {i.status === 'error' && (
            <Button
              variant="secondary"
              size="sm"
              loading={actions.busyId === i._id}
              onClick={() => actions.onRetry(i)}
            >
              <RotateCcw aria-hidden="true" className="h-4 w-4" />
              Reintentar
            </Button>
          )}
        </div>
      ),
    },
  ];
  return <DataTable label="Facturas" rows={invoices} rowKey={(i) => i._id} columns={columns} />;
}
