// The CFDI documents of /admin/invoices, one row each: the receiver's fiscal data, the order,
// the status (with what is still to do) and the actions: download, attach the XML/PDF by
// hand, retry. A PPD invoice's payment complement (kind `pago`) and the credit note of a partial
// refund follow their invoice, with the same actions.
import { useRef } from 'react';
import { Download, FileUp, RotateCcw } from 'lucide-react';
import {
  CFDI_CANCELLATION_LABELS,
  CFDI_DOCUMENT_KIND_LABELS,
  INVOICE_STATUS_LABELS,
  type InvoiceStatus,
} from '@store/shared/constants';
import { regimenLabel, usoLabel } from '@store/shared/domain/cfdi-catalogs';
import { formatPrice } from '@store/shared/domain/money';
import { formatDateTime } from '@store/shared/domain/time';
import type { AdminCfdiDocument } from '@store/shared/schemas/admin/invoices';
import { Badge, type BadgeTone } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import type { CfdiTarget } from '../api/invoice-actions';
import { DataTable, type Column } from '../../../../components/admin/data-table';
import { OrderRef } from '../../../../components/admin/order-ref';

const FORMATS = ['xml', 'pdf'] as const;

const TONES: Record<InvoiceStatus, BadgeTone> = {
  solicitada: 'info',
  timbrada: 'success',
  cancelada: 'neutral',
  error: 'danger',
};

/** What is still to do with it, in a few words. */
function pendingNote(i: AdminCfdiDocument, providerConfigured: boolean): string | null {
  if (i.pendingAction === 'stamp' && i.viaProvider) return 'Timbrado en proceso ante el SAT';
  if (i.pendingAction === 'stamp')
    return providerConfigured ? 'En cola para timbrar' : 'Timbrar por fuera y adjuntar';
  if (i.cancellationStatus === 'pendiente') {
    const since = i.cancellationRequestedAt ? `, pedida el ${formatDateTime(i.cancellationRequestedAt)}` : '';
    return `En espera de que el receptor acepte (motivo ${i.cancelMotive ?? ''}${since})`;
  }
  if (i.pendingAction === 'cancel') return `En cola para cancelar (motivo ${i.cancelMotive ?? ''})`;
  if (i.status === 'timbrada' && i.cancelMotive) return `Cancelar ante el SAT (motivo ${i.cancelMotive})`;
  if (i.status === 'solicitada') return 'Esperando el pago';
  return null;
}

/**
 * A credit note's or payment complement's state in a few words ("Nota de crédito pendiente",
 * "Complemento de pago pendiente" for the accountant).
 */
function relatedNote(n: AdminCfdiDocument, providerConfigured: boolean): string {
  const complement = n.kind === 'pago';
  if (n.pendingAction === 'stamp' && n.viaProvider) return 'Timbrado en proceso ante el SAT';
  if (n.pendingAction === 'stamp') {
    if (providerConfigured) return 'En cola para timbrar';
    return complement ? 'Complemento de pago pendiente' : 'Nota de crédito pendiente';
  }
  if (n.status === 'error') return 'Con error';
  if (n.status === 'cancelada') return complement ? 'Cancelado' : 'Cancelada';
  return complement ? 'Timbrado' : 'Timbrada';
}

export interface InvoiceActions {
  onRetry: (t: CfdiTarget) => void;
  onAttach: (t: CfdiTarget, format: 'xml' | 'pdf', file: File) => void;
  onDownload: (t: CfdiTarget, format: 'xml' | 'pdf') => void;
  busyId: string | null;
}

function AttachButton({
  target,
  what,
  format,
  onAttach,
}: {
  target: CfdiTarget;
  /** "la factura de GODE561231GR8", for the button's accessible name. */
  what: string;
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
          if (file) onAttach(target, format, file);
        }}
      />
      <Button
        variant="ghost"
        size="sm"
        onClick={() => input.current?.click()}
        aria-label={`Adjuntar ${label} de ${what}`}
      >
        <FileUp aria-hidden="true" className="h-4 w-4" />
        Adjuntar {label}
      </Button>
    </span>
  );
}

/**
 * "la factura de GODE561231GR8", "la nota de crédito de GODE561231GR8 por $100.00", "el
 * complemento de pago de GODE561231GR8 por $1,510.00".
 */
function describe(d: AdminCfdiDocument): string {
  if (d.kind === 'I') return `la factura de ${d.rfc}`;
  const what = d.kind === 'pago' ? 'el complemento de pago' : 'la nota de crédito';
  return `${what} de ${d.rfc} por ${formatPrice(d.amount)}`;
}

function canRetry(d: AdminCfdiDocument): boolean {
  if (d.status === 'error') return true;
  return (
    d.kind === 'I' &&
    d.status === 'timbrada' &&
    (d.cancellationStatus === 'rechazada' || d.cancellationStatus === 'vencida')
  );
}

function InvoiceStatusCell({
  doc: i,
  providerConfigured,
}: {
  doc: AdminCfdiDocument;
  providerConfigured: boolean;
}) {
  const note = pendingNote(i, providerConfigured);
  return (
    <>
      <span className="block text-xs font-semibold text-ink">{CFDI_DOCUMENT_KIND_LABELS.I}</span>
      <Badge tone={TONES[i.status]}>{INVOICE_STATUS_LABELS[i.status]}</Badge>
      {i.cancellationStatus && i.cancellationStatus !== 'aceptada' && (
        <Badge tone={i.cancellationStatus === 'pendiente' ? 'warning' : 'neutral'} className="mt-1">
          {CFDI_CANCELLATION_LABELS[i.cancellationStatus]}
        </Badge>
      )}
      {note && <span className="mt-1 block text-xs text-slate-600">{note}</span>}
    </>
  );
}

/** A credit note (E) or a payment complement (pago): its type, state and the invoice it relates to. */
function RelatedStatusCell({
  doc: n,
  providerConfigured,
}: {
  doc: AdminCfdiDocument;
  providerConfigured: boolean;
}) {
  const related = n.kind === 'pago' ? 'Relacionado con' : 'Relacionada con';
  return (
    <>
      <span className="block text-xs font-semibold text-ink">{CFDI_DOCUMENT_KIND_LABELS[n.kind]}</span>
      <Badge tone={TONES[n.status]}>{relatedNote(n, providerConfigured)}</Badge>
      <span className="mt-1 block text-xs text-slate-600">
        {related} {n.relatedFolio ?? 'la factura de la orden'}
      </span>
    </>
  );
}

export function InvoicesTable({
  documents,
  providerConfigured,
  actions,
}: {
  documents: AdminCfdiDocument[];
  providerConfigured: boolean;
  actions: InvoiceActions;
}) {
  const columns: Column<AdminCfdiDocument>[] = [
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
          detail={
            i.kind === 'I'
              ? `${formatPrice(i.amount)} · ${i.paidAt ? `pagada ${formatDateTime(i.paidAt)}` : 'sin pagar'}`
              : i.kind === 'pago'
                ? `Pago de ${formatPrice(i.amount)}`
                : `Reembolso de ${formatPrice(i.amount)}`
          }
        />
      ),
    },
    {
      header: 'Estado',
      className: 'min-w-40 max-w-56',
      cell: (i) => (
        <>
          {i.kind === 'I' ? (
            <InvoiceStatusCell doc={i} providerConfigured={providerConfigured} />
          ) : (
            <RelatedStatusCell doc={i} providerConfigured={providerConfigured} />
          )}
          {i.folioFiscal && (
            <span className="mt-1 block font-mono text-[11px] break-all text-slate-500">{i.folioFiscal}</span>
          )}
          {i.lastError && <span className="mt-1 block text-xs text-red-700">{i.lastError}</span>}
        </>
      ),
    },
    {
      header: 'Acciones',
      hiddenHeader: true,
      cell: (i) => {
        const target: CfdiTarget = { kind: i.kind, id: i._id };
        const what = describe(i);
        return (
          <div className="flex min-w-24 flex-col items-stretch gap-1">
            {FORMATS.filter((f) => (f === 'xml' ? i.hasXml : i.hasPdf)).map((f) => (
              <Button
                key={f}
                variant="ghost"
                size="sm"
                onClick={() => actions.onDownload(target, f)}
                aria-label={`Descargar ${f.toUpperCase()} de ${what}`}
              >
                <Download aria-hidden="true" className="h-4 w-4" />
                {f.toUpperCase()}
              </Button>
            ))}
            {i.status !== 'cancelada' &&
              !i.viaProvider &&
              FORMATS.map((f) => (
                <AttachButton key={f} target={target} what={what} format={f} onAttach={actions.onAttach} />
              ))}
            {canRetry(i) && (
              <Button
                variant="secondary"
                size="sm"
                loading={actions.busyId === i._id}
                onClick={() => actions.onRetry(target)}
                aria-label={`Reintentar ${what}`}
              >
                <RotateCcw aria-hidden="true" className="h-4 w-4" />
                Reintentar
              </Button>
            )}
          </div>
        );
      },
    },
  ];
  return <DataTable label="Facturas" rows={documents} rowKey={(i) => i._id} columns={columns} />;
}
