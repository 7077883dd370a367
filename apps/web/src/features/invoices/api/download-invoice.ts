// GET /api/invoice/{id}/{xml|pdf}: a stamped CFDI document's file (an invoice, or a credit
// note: kind 'credit-note' only names the file if the server gives none), saved under the
// server's name.
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-download';
import { saveFile } from '../../../lib/save-file';

export async function downloadInvoice(input: {
  id: string;
  format: 'xml' | 'pdf';
  kind?: 'invoice' | 'credit-note';
}): Promise<string> {
  const file = await apiDownload(
    `/api/invoice/${encodeURIComponent(input.id)}/${input.format}`,
    `${input.kind === 'credit-note' ? 'Nota de credito' : 'CFDI'}.${input.format}`,
  );
  saveFile(file);
  return file.filename;
}

export function useDownloadInvoice() {
  return useMutation({ mutationFn: downloadInvoice });
}
