// GET /api/invoice/{id}/{xml|pdf}: the stamped CFDI's file, saved under the server's name.
import { useMutation } from '@tanstack/react-query';
import { apiDownload } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

export async function downloadInvoice(input: { id: string; format: 'xml' | 'pdf' }): Promise<string> {
  const file = await apiDownload(
    `/api/invoice/${encodeURIComponent(input.id)}/${input.format}`,
    `CFDI.${input.format}`,
  );
  saveFile(file);
  return file.filename;
}

export function useDownloadInvoice() {
  return useMutation({ mutationFn: downloadInvoice });
}
