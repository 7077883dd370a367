// The CFDI documents' actions: retry a document in error, attach its XML or PDF by hand,
// download a file, and the accountant's CSV. Each refreshes the admin lists.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CfdiDocumentKind } from '@store/shared/constants';
import {
  adminCfdiDocumentActionResponse,
  type AdminCfdiDocumentsQuery,
} from '@store/shared/schemas/admin/invoices';
import { apiRequest } from '../../../../lib/api-client';
import { apiDownload } from '../../../../lib/api-download';
import { saveFile } from '../../../../lib/save-file';
import { adminKeys, toSearch } from '../../../../lib/admin/query-keys';

/** A document of the list: an invoice (I), a credit note (E) or a payment complement (pago). */
export interface CfdiTarget {
  kind: CfdiDocumentKind;
  id: string;
}

const adminPath = (t: CfdiTarget) => `/api/admin/invoices/${encodeURIComponent(t.id)}`;

export function retryInvoice(target: CfdiTarget) {
  return apiRequest(`${adminPath(target)}/retry`, adminCfdiDocumentActionResponse, {
    method: 'POST',
    body: {},
  });
}

export function attachInvoiceFile(input: CfdiTarget & { format: 'xml' | 'pdf'; file: File }) {
  const form = new FormData();
  form.append('file', input.file, input.file.name);
  return apiRequest(`${adminPath(input)}/files/${input.format}`, adminCfdiDocumentActionResponse, {
    method: 'POST',
    body: form,
  });
}

/** The file's name when the server gives none. */
const FALLBACK_NAMES: Record<CfdiDocumentKind, string> = {
  I: 'CFDI',
  E: 'Nota de credito',
  pago: 'Complemento de pago',
};

export async function downloadInvoiceFile(input: CfdiTarget & { format: 'xml' | 'pdf' }): Promise<string> {
  const file = await apiDownload(
    `/api/invoice/${encodeURIComponent(input.id)}/${input.format}`,
    `${FALLBACK_NAMES[input.kind]}.${input.format}`,
  );
  saveFile(file);
  return file.filename;
}

export async function downloadInvoicesCsv(q: AdminCfdiDocumentsQuery): Promise<string> {
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
