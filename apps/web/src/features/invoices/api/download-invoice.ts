// GET /api/invoice/{id}/{xml|pdf}: a stamped CFDI document's file (an invoice, a credit note or
// a payment complement: the kind only names the file if the server gives none), saved under the
// server's name.
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-download';
import { saveFile } from '../../../lib/save-file';

const FALLBACK_NAMES = {
  invoice: 'CFDI',
  'credit-note': 'Nota de credito',
  'payment-complement': 'Complemento de pago',
} as const;

export async function downloadInvoice(input: {
  id: string;
  format: 'xml' | 'pdf';
  kind?: 'invoice' | 'credit-note' | 'payment-complement';
}): Promise<string> {
  const file = await apiDownload(
    `/api/invoice/${encodeURIComponent(input.id)}/${input.format}`,
    `${FALLBACK_NAMES[input.kind ?? 'invoice']}.${input.format}`,
  );
  saveFile(file);
  return file.filename;
}

export function useDownloadInvoice() {
  return useMutation({ mutationFn: downloadInvoice });
}
