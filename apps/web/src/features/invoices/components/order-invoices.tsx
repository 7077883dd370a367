// "Facturas" on Mis productos: each paid order with its CFDI. A stamped invoice offers its XML
// and PDF; a request shows its status; an order without one can ask for it until the end of
// the calendar month of payment (Mexico City), with the account's fiscal data. A partial
// refund's credit note ("Nota de crédito") is listed under its invoice with its own files. An
// invoice issued before payment (PPD, asked for with a SPEI transfer) says so, and its payment
// complement ("Complemento de pago", stamped when the transfer arrives) follows it with its files.
import { useState } from 'react';
import { Download, FileText, Receipt } from 'lucide-react';
import { CFDI_CANCELLATION_LABELS, INVOICE_STATUS_LABELS, type InvoiceStatus } from '@store/shared/constants';
import { withinInvoiceMonth } from '@store/shared/domain/cfdi-rules';
import { formatPrice } from '@store/shared/domain/money';
import { orderReference } from '@store/shared/domain/order-reference';
import { formatDate } from '@store/shared/domain/time';
import { MSG } from '@store/shared/messages';
import type {
  CreditNoteSummary,
  OrderInvoice,
  PaymentComplementSummary,
} from '@store/shared/schemas/invoice';
import type { Order } from '@store/shared/schemas/order';
import { Alert } from '../../../components/ui/alert';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { errorMessage, notify } from '../../../lib/notify';
import { useDownloadInvoice } from '../api/download-invoice';
import { useMyInvoices } from '../api/get-my-invoices';
import { useRequestInvoice } from '../api/request-invoice';
import { useFiscalForm, type FiscalPrefill } from '../hooks/use-fiscal-form';
import { useTeamFiscalData } from '../api/team-fiscal-data';
import { FiscalFields } from './fiscal-fields';

const TONES: Record<InvoiceStatus, BadgeTone> = {
  solicitada: 'info',
  timbrada: 'success',
  cancelada: 'neutral',
  error: 'warning',
};

/** What the buyer reads beside the status. */
function statusNote(invoice: OrderInvoice): string {
  // The buyer is the CFDI's receiver: a cancellation the SAT asks them to accept says so.
  if (invoice.cancellationStatus === 'pendiente' && invoice.status === 'timbrada')
    return MSG.cfdiCancellationPending;
  if (invoice.cancellationStatus === 'rechazada' && invoice.status === 'timbrada')
    return MSG.cfdiCancellationRejected;
  if (invoice.cancellationStatus === 'vencida' && invoice.status === 'cancelada')
    return MSG.cfdiCancelledByLapse;
  if (invoice.status === 'solicitada') return 'Estamos emitiendo tu CFDI; te llegará por correo.';
  if (invoice.status === 'error')
    return 'Estamos revisando tu solicitud; te escribiremos si falta algún dato.';
  if (invoice.status === 'cancelada') return 'La orden se reembolsó o canceló, y su CFDI quedó cancelado.';
  return invoice.folioFiscal ? `Folio fiscal: ${invoice.folioFiscal}` : 'CFDI emitido.';
}

export function OrderInvoices({ orders, now }: { orders: readonly Order[]; now: number }) {
  const invoices = useMyInvoices();
  const [asking, setAsking] = useState<Order | null>(null);
  const byOrder = new Map((invoices.data ?? []).map((i) => [i.orderId, i]));
  const rows = orders.filter((o) => o.amount > 0 && (o.status === 'pagado' || byOrder.has(o._id)));
  if (rows.length === 0) return null;

  return (
    <section aria-labelledby="orders-invoices-title" className="mt-12">
      <h2 id="orders-invoices-title" className="text-xl font-bold tracking-tight sm:text-2xl">
        MIS <span className="text-brand-700">FACTURAS</span>
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Puedes solicitar la factura (CFDI 4.0) de una orden pagada hasta el último día del mes en que la
        pagaste.
      </p>
      {invoices.isError ? (
        <Alert tone="error" className="mt-4" title={invoices.error.message}>
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => void invoices.refetch()}>
            Reintentar
          </Button>
        </Alert>
      ) : (
        <ul
          aria-label="Facturas de mis órdenes"
          className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
        >
          {rows.map((order) => (
            <InvoiceRow
              key={order._id}
              order={order}
              invoice={byOrder.get(order._id)}
              loading={invoices.isPending}
              now={now}
              onAsk={() => setAsking(order)}
            />
          ))}
        </ul>
      )}
      {asking && <RequestDialog order={asking} onClose={() => setAsking(null)} />}
    </section>
  );
}

function InvoiceRow({
  order,
  invoice,
  loading,
  now,
  onAsk,
}: {
  order: Order;
  invoice: OrderInvoice | undefined;
  loading: boolean;
  now: number;
  onAsk: () => void;
}) {
  const ref = orderReference(order._id);
  const open = order.status === 'pagado' && withinInvoiceMonth(order.paidAt ?? order.date, now);
  const ppd = invoice?.paymentPlan === 'PPD';
  const complement = (ppd && invoice?.paymentComplement) || null;
  const awaitingComplement = ppd && !complement && invoice?.status !== 'cancelada';
  const creditNotes = invoice?.creditNotes ?? [];

  return (
    <li className="p-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="font-semibold text-ink">
            Orden {ref}{' '}
            <span className="font-normal text-slate-600">
              · {formatDate(order.date)} · {formatPrice(order.amount)}
            </span>
          </p>
          {ppd && <p className="mt-1 text-sm font-medium text-ink">Factura PPD (pago por transferencia)</p>}
          {invoice ? (
            <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
              <Badge tone={TONES[invoice.status]}>{INVOICE_STATUS_LABELS[invoice.status]}</Badge>
              {invoice.cancellationStatus === 'pendiente' && invoice.status === 'timbrada' && (
                <Badge tone="warning">{CFDI_CANCELLATION_LABELS.pendiente}</Badge>
              )}
              <span className="break-words">{statusNote(invoice)}</span>
            </p>
          ) : (
            !loading && (
              <p className="mt-1 text-sm text-slate-600">
                {open ? 'Sin factura solicitada.' : MSG.invoiceMonthClosed}
              </p>
            )
          )}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {invoice && (
            <DocumentFiles
              doc={invoice}
              kind="invoice"
              what={`del CFDI de la orden ${ref}`}
              variant="secondary"
            />
          )}
          {!invoice && !loading && open && (
            <Button size="sm" onClick={onAsk}>
              <Receipt aria-hidden="true" className="h-4 w-4" />
              Solicitar factura
            </Button>
          )}
        </div>
      </div>
      {/* The documents that follow the invoice, under it with their own files. */}
      {(awaitingComplement || complement || creditNotes.length > 0) && (
        <div className="mt-3 space-y-2 border-l-2 border-slate-200 pl-3">
          {complement && <ComplementItem complement={complement} orderRef={ref} />}
          {awaitingComplement && (
            <p className="text-sm text-slate-600">
              Cuando recibamos tu transferencia te enviaremos su complemento de pago.
            </p>
          )}
          {creditNotes.length > 0 && (
            <ul aria-label={`Notas de crédito de la orden ${ref}`} className="space-y-2">
              {creditNotes.map((note) => (
                <CreditNoteItem key={note._id} note={note} orderRef={ref} />
              ))}
            </ul>
          )}
        </div>
      )}
    </li>
  );
}

/** The XML and PDF buttons of a stamped document: invoice, credit note or payment complement. */
function DocumentFiles({
  doc,
  kind,
  what,
  variant,
}: {
  doc: { _id: string; hasXml: boolean; hasPdf: boolean };
  kind: 'invoice' | 'credit-note' | 'payment-complement';
  /** "del CFDI de la orden A1B2C3D4", for the buttons' accessible names. */
  what: string;
  variant: 'secondary' | 'ghost';
}) {
  const download = useDownloadInvoice();
  const get = (format: 'xml' | 'pdf') =>
    download.mutate(
      { id: doc._id, format, kind },
      { onError: (err) => notify.error(errorMessage(err, 'No se pudo descargar el archivo')) },
    );
  return (
    <>
      {doc.hasXml && (
        <Button variant={variant} size="sm" onClick={() => get('xml')} aria-label={`Descargar XML ${what}`}>
          <Download aria-hidden="true" className="h-4 w-4" />
          XML
        </Button>
      )}
      {doc.hasPdf && (
        <Button variant={variant} size="sm" onClick={() => get('pdf')} aria-label={`Descargar PDF ${what}`}>
          <FileText aria-hidden="true" className="h-4 w-4" />
          PDF
        </Button>
      )}
    </>
  );
}

/** A partial refund's credit note: amount, status and, once stamped, its XML and PDF. */
function CreditNoteItem({ note, orderRef }: { note: CreditNoteSummary; orderRef: string }) {
  const stamped = note.status === 'timbrada';
  return (
    <li className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
      <span>
        <span className="font-medium text-ink">Nota de crédito</span> · reembolso de{' '}
        {formatPrice(note.amount)}
      </span>
      <Badge tone={TONES[note.status]}>
        {stamped ? 'Timbrada' : note.status === 'cancelada' ? 'Cancelada' : 'En proceso'}
      </Badge>
      {stamped && note.folioFiscal && <span className="break-all">Folio fiscal: {note.folioFiscal}</span>}
      <DocumentFiles
        doc={note}
        kind="credit-note"
        what={`de la nota de crédito de la orden ${orderRef}`}
        variant="ghost"
      />
    </li>
  );
}

/** A PPD invoice's payment complement: what was paid, its status and, once stamped, its XML and PDF. */
function ComplementItem({
  complement: c,
  orderRef,
}: {
  complement: PaymentComplementSummary;
  orderRef: string;
}) {
  const stamped = c.status === 'timbrada';
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
      <span>
        <span className="font-medium text-ink">Complemento de pago</span> · pago de {formatPrice(c.amount)}
      </span>
      <Badge tone={TONES[c.status]}>
        {stamped ? 'Timbrado' : c.status === 'cancelada' ? 'Cancelado' : 'En proceso'}
      </Badge>
      {stamped && c.folioFiscal && <span className="break-all">Folio fiscal: {c.folioFiscal}</span>}
      <DocumentFiles
        doc={c}
        kind="payment-complement"
        what={`del complemento de pago de la orden ${orderRef}`}
        variant="ghost"
      />
    </p>
  );
}

/** A team's order is invoiced to its institution: prefilled with the last one, never with the person's own data. */
function RequestDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  return order.kind === 'grupo' ? (
    <TeamRequestDialog order={order} onClose={onClose} />
  ) : (
    <RequestForm order={order} onClose={onClose} />
  );
}

function TeamRequestDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const institution = useTeamFiscalData();
  return (
    <RequestForm
      order={order}
      onClose={onClose}
      prefill={{ data: institution.isPending ? undefined : (institution.data ?? null) }}
      description="Datos fiscales de la institución; los guardaremos para tu próxima compra de lugares para un equipo, sin cambiar tus datos fiscales personales."
    />
  );
}

function RequestForm({
  order,
  onClose,
  prefill,
  description = 'Revisa tus datos fiscales; los guardaremos en tu cuenta para la próxima vez.',
}: {
  order: Order;
  onClose: () => void;
  prefill?: FiscalPrefill;
  description?: string;
}) {
  const { form } = useFiscalForm(prefill);
  const request = useRequestInvoice();
  const onSubmit = form.handleSubmit((fiscalData) =>
    request.mutateAsync({ orderId: order._id, fiscalData }).then(
      (res) => {
        notify.success(res.message);
        onClose();
      },
      (err: unknown) => notify.error(errorMessage(err, MSG.serverError)),
    ),
  );
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Factura de la orden ${orderReference(order._id)}`}
      description={description}
      className="max-w-2xl"
    >
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <FiscalFields form={form} idPrefix="request-fiscal" />
        <div className="flex flex-wrap justify-end gap-3">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" loading={request.isPending}>
            Solicitar factura
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
