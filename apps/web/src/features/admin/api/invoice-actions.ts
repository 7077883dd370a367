// The CFDI queue's actions: retry an invoice in error, attach its XML or PDF by hand,
// download a file, and the accountant's CSV. Each refreshes the admin lists.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminInvoiceActionResponse, type AdminInvoicesQuery } from '@store/shared/schemas/admin/invoices';
import { apiDownload, apiRequest } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { adminKeys, toSearch } from './keys';

export function retryInvoice(id: string) {
  return apiRequest(`/api/admin/invoices/${encodeURIComponent(id)}/retry`, adminInvoiceActionResponse, {
    method: 'POST',
    body: {},
  });
}

export function attachInvoiceFile(input: { id: string; format: 'xml' | 'pdf'; file: File }) {
  const form = new FormData();
  form.append('file', input.file, input.file.name);
  return apiRequest(
    `/api/admin/invoices/${encodeURIComponent(input.id)}/files/${input.format}`,
    adminInvoiceActionResponse,
    { method: 'POST', body: form },
  );
}

export async function downloadInvoiceFile(input: { id: string; format: 'xml' | 'pdf' }): Promise<string> {
  const file = await apiDownload(
    `/api/invoice/${encodeURIComponent(input.id)}/${input.format}`,
    `CFDI.${input.format}`,
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
