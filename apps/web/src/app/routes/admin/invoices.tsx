// /admin/invoices (Facturas): the CFDI requests with their fiscal data, filtered by status or
// searched; the accountant's CSV; retry of an invoice in error; XML/PDF attached by hand when
// the invoice was stamped outside the store (always the case without a provider key); the
// same for the credit notes of partial refunds, listed under their invoice.
import { useState } from 'react';
import { Download } from 'lucide-react';
import { INVOICE_STATUS_LABELS, INVOICE_STATUSES, type InvoiceStatus } from '@store/shared/constants';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/input';
import { useAdminInvoices } from '../../../features/admin/api/get-invoices';
import { useInvoiceActions, type CfdiTarget } from '../../../features/admin/api/invoice-actions';
import { AdminPageHeader } from '../../../features/admin/components/admin-page-header';
import { InvoicesTable } from '../../../features/admin/components/invoices-table';
import { QueryState } from '../../../features/admin/components/query-state';
import { SearchField } from '../../../features/admin/components/search-field';
import { errorMessage, notify } from '../../../lib/notify';
import { useDebounced } from '../../../features/admin/utils/use-debounced';

export function Component() {
  const [status, setStatus] = useState<InvoiceStatus | ''>('');
  const [search, setSearch] = useState('');
  const debounced = useDebounced(search.trim());
  const query = { status: status || undefined, search: debounced || undefined };
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
  const onRetry = (t: CfdiTarget) =>
    void run(
      t.id,
      () => actions.retry.mutateAsync(t),
      t.kind === 'credit-note'
        ? 'No se pudo reintentar la nota de crédito'
        : 'No se pudo reintentar la factura',
    );
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
          reembolso parcial de una orden facturada deja una nota de crédito pendiente, que se timbra y adjunta
          igual.
        </Alert>
      )}
      <div className="mb-4 grid grid-cols-1 gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[14rem_1fr]">
        <Select
          aria-label="Estado"
          value={status}
          onChange={(e) => setStatus(e.target.value as InvoiceStatus | '')}
        >
          <option value="">Todos los estados</option>
          {INVOICE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {INVOICE_STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
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
        isEmpty={(d) => d.invoices.length === 0}
        empty="No hay solicitudes de factura con estos filtros."
      >
        {(data) => (
          <InvoicesTable
            invoices={data.invoices}
            providerConfigured={data.providerConfigured}
            actions={{ onRetry, onAttach, onDownload, busyId }}
          />
        )}
      </QueryState>
    </>
  );
}
