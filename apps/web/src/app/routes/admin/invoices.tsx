// /admin/invoices (Facturas): the CFDI documents (invoices, the payment complements of PPD
// invoices and the credit notes of partial refunds, each after its invoice) with their fiscal data, filtered by type or status or
// searched; the accountant's CSV; retry of a document in error; XML/PDF attached by hand when
// it was stamped outside the store (always the case without a provider key).
import { useState } from 'react';
import { Download } from 'lucide-react';
import {
  CFDI_DOCUMENT_KIND_LABELS,
  CFDI_DOCUMENT_KINDS,
  INVOICE_STATUS_LABELS,
  INVOICE_STATUSES,
  type CfdiDocumentKind,
  type InvoiceStatus,
} from '@store/shared/constants';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { useAdminInvoices } from '../../../features/admin/invoices/api/get-invoices';
import { useInvoiceActions, type CfdiTarget } from '../../../features/admin/invoices/api/invoice-actions';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { ChoiceFilter } from '../../../components/admin/choice-filter';
import { InvoicesTable } from '../../../features/admin/invoices/components/invoices-table';
import { QueryState } from '../../../components/admin/query-state';
import { SearchField } from '../../../components/admin/search-field';
import { errorMessage, notify } from '../../../lib/notify';
import { useDebounced } from '../../../lib/use-debounced';

const RETRY_FAILED: Record<CfdiDocumentKind, string> = {
  I: 'No se pudo reintentar la factura',
  E: 'No se pudo reintentar la nota de crédito',
  pago: 'No se pudo reintentar el complemento de pago',
};

export function Component() {
  const [kind, setKind] = useState<CfdiDocumentKind | ''>('');
  const [status, setStatus] = useState<InvoiceStatus | ''>('');
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim());
  const query = { kind: kind || undefined, status: status || undefined, search: debounced || undefined };
  const invoices = useAdminInvoices(query);
  const actions = useInvoiceActions();
  const [busyId, setBusyId] = useState<string | null>(null);

  const run = async (id: string, job: () => Promise<{ message: string }>, fallback: string) => {
    setBusyId(id);
    try {
      notify.success((await job()).message);
    } catch (err) {
      notify.error(errorMessage(err, fallback));
    } finally {
      setBusyId(null);
    }
  };
  const onRetry = (t: CfdiTarget) => void run(t.id, () => actions.retry.mutateAsync(t), RETRY_FAILED[t.kind]);
  const onAttach = (t: CfdiTarget, format: 'xml' | 'pdf', file: File) =>
    void run(
      t.id,
      () => actions.attach.mutateAsync({ ...t, format, file }),
      'No se pudo adjuntar el archivo',
    );
  const onDownload = (t: CfdiTarget, format: 'xml' | 'pdf') =>
    void actions.download
      .mutateAsync({ ...t, format })
      .catch((err: unknown) => notify.error(errorMessage(err, 'No se pudo descargar el archivo')));
  const onCsv = async () => {
    try {
      notify.success(`Descargado: ${await actions.csv.mutateAsync(query)}`);
    } catch (err) {
      notify.error(errorMessage(err, 'No se pudo descargar el CSV'));
    }
  };

  return (
    <>
      <AdminPageHeader
        title="Facturas"
        description="Solicitudes de CFDI 4.0 con los datos fiscales de cada cliente."
        actions={
          <Button variant="secondary" loading={actions.csv.isPending} onClick={() => void onCsv()}>
            <Download aria-hidden="true" className="h-4 w-4" />
            Descargar CSV
          </Button>
        }
      />
      {invoices.data && !invoices.data.providerConfigured && (
        <Alert tone="info" className="mb-4" title="Sin proveedor de facturación configurado">
          Las solicitudes esperan aquí: descarga el CSV para tu contador, timbra cada factura por fuera y
          adjunta su XML y PDF; el cliente los recibe por correo y los descarga desde Mis productos. Un
          reembolso parcial de una orden facturada deja una nota de crédito pendiente, y el pago de una
          factura PPD, un complemento de pago pendiente; ambos se timbran y adjuntan igual.
        </Alert>
      )}
      <div className="mb-4 grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[14rem_14rem_1fr]">
        <ChoiceFilter
          label="Tipo de CFDI"
          allLabel="Todos los tipos"
          choices={CFDI_DOCUMENT_KINDS}
          labels={CFDI_DOCUMENT_KIND_LABELS}
          value={kind}
          onChange={setKind}
        />
        <ChoiceFilter
          label="Estado"
          allLabel="Todos los estados"
          choices={INVOICE_STATUSES}
          labels={INVOICE_STATUS_LABELS}
          value={status}
          onChange={setStatus}
        />
        <SearchField
          label="Buscar facturas"
          placeholder="RFC, razón social, correo u orden"
          value={search}
          onChange={setSearch}
        />
      </div>
      <QueryState
        query={invoices}
        loadingLabel="Cargando facturas…"
        isEmpty={(d) => d.documents.length === 0}
        empty="No hay facturas, complementos de pago ni notas de crédito con estos filtros."
      >
        {(data) => (
          <InvoicesTable
            documents={data.documents}
            providerConfigured={data.providerConfigured}
            actions={{ onRetry, onAttach, onDownload, busyId }}
          />
        )}
      </QueryState>
    </>
  );
}
