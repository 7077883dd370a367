// The CFDI queue's actions: retry an invoice or a credit note in error, attach its XML or PDF
// by hand, download a file, and the accountant's CSV. Each refreshes the admin lists.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminInvoiceActionResponse, type AdminInvoicesQuery } from '@store/shared/schemas/admin/invoices';
import { apiDownload, apiRequest } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { adminKeys, toSearch } from './keys';

/** An invoice (CFDI de ingreso) or one of its credit notes (egreso). */
export interface CfdiTarget {
  kind: 'invoice' | 'credit-note';
  id: string;
}

const adminPath = (t: CfdiTarget) =>
  `/api/admin/invoices/${t.kind === 'credit-note' ? 'credit-notes/' : ''}${encodeURIComponent(t.id)}`;

export function retryInvoice(target: CfdiTarget) {
  return apiRequest(`${adminPath(target)}/retry`, adminInvoiceActionResponse, {
    method: 'POST',
    body: {},
  });
}

export function attachInvoiceFile(input: CfdiTarget & { format: 'xml' | 'pdf'; file: File }) {
  const form = new FormData();
  form.append('file', input.file, input.file.name);
  return apiRequest(`${adminPath(input)}/files/${input.format}`, adminInvoiceActionResponse, {
    method: 'POST',
    body: form,
  });
}

export async function downloadInvoiceFile(input: CfdiTarget & { format: 'xml' | 'pdf' }): Promise<string> {
  const base = input.kind === 'credit-note' ? '/api/invoice/credit-note' : '/api/invoice';
  const file = await apiDownload(
    `${base}/${encodeURIComponent(input.id)}/${input.format}`,
    `${input.kind === 'credit-note' ? 'Nota de credito' : 'CFDI'}.${input.format}`,
  );
  saveFile(file);
  return file.filename;
}

export async function downloadInvoicesCsv(q: AdminInvoicesQuery): Promise<string> {
  const file = await apiDownload(`/api/admin/invoices/export${toSearch(q)}`, 'facturas.csv');
  saveFile(file);
  return file.filename;
}

export function useInvoiceActions() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminKeys.all });
  return {
    retry: useMutation({ mutationFn: retryInvoice, onSuccess: refresh }),
    attach: useMutation({ mutationFn: attachInvoiceFile, onSuccess: refresh }),
    download: useMutation({ mutationFn: downloadInvoiceFile }),
    csv: useMutation({ mutationFn: downloadInvoicesCsv }),
  };
}
