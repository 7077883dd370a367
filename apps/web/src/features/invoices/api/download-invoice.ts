// GET /api/invoice/{id}/{xml|pdf}: the stamped CFDI's file, saved under the server's name;
// GET /api/invoice/credit-note/{id}/{xml|pdf}: a credit note's (kind 'credit-note').
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

export async function downloadInvoice(input: {
  id: string;
  format: 'xml' | 'pdf';
  kind?: 'invoice' | 'credit-note';
}): Promise<string> {
  const base = input.kind === 'credit-note' ? '/api/invoice/credit-note' : '/api/invoice';
  const file = await apiDownload(
    `${base}/${encodeURIComponent(input.id)}/${input.format}`,
    `${input.kind === 'credit-note' ? 'Nota de credito' : 'CFDI'}.${input.format}`,
  );
  saveFile(file);
  return file.filename;
}

export function useDownloadInvoice() {
  return useMutation({ mutationFn: downloadInvoice });
}
