// The back office's constancia signature calls (/api/admin/constancia-signatures): read a set
// (an event's, or the association's default for null), upload an image, save the set, and
// fetch with the admin's token what has no public URL (an image, the sample PDF).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminSignaturesResponse,
  adminSignatureUploadResponse,
  type AdminSignaturesBody,
  type ConstanciaPaper,
} from '@store/shared/schemas/admin/signatures';
import { apiRequest } from '../../../../lib/api-client';
import { apiDownload, type DownloadedFile } from '../../../../lib/api-download';

const BASE = '/api/admin/constancia-signatures';
const setKey = (productId: string | null) =>
  ['admin', 'constancia-signatures', productId ?? 'default'] as const;
const query = (productId: string | null) => (productId ? `?productId=${encodeURIComponent(productId)}` : '');

export const constanciaSignaturesQueryOptions = (productId: string | null) =>
  queryOptions({
    queryKey: setKey(productId),
    queryFn: ({ signal }) => apiRequest(`${BASE}${query(productId)}`, adminSignaturesResponse, { signal }),
  });

export function useConstanciaSignatures(productId: string | null) {
  return useQuery(constanciaSignaturesQueryOptions(productId));
}

export function useSaveConstanciaSignatures() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminSignaturesBody) =>
      apiRequest(BASE, adminSignaturesResponse, { method: 'PUT', body }),
    onSuccess: (res) => {
      queryClient.setQueryData(setKey(res.productId), res);
      // The default set shows on every event that has none of its own.
      void queryClient.invalidateQueries({ queryKey: ['admin', 'constancia-signatures'] });
    },
  });
}

/** Uploads one PNG/JPEG; answers the key to send as `image: { key }` when saving. */
export async function uploadSignatureImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await apiRequest(`${BASE}/images`, adminSignatureUploadResponse, {
    method: 'POST',
    body: form,
  });
  return res.key;
}

export function signatureImage(signatureId: string, signal?: AbortSignal): Promise<DownloadedFile> {
  return apiDownload(`${BASE}/${encodeURIComponent(signatureId)}/image`, 'firma.png', { signal });
}

export function signaturePreview(productId: string | null, paper: ConstanciaPaper): Promise<DownloadedFile> {
  const params = new URLSearchParams({ papel: paper });
  if (productId) params.set('productId', productId);
  return apiDownload(`${BASE}/preview?${params.toString()}`, `Vista previa de constancia (${paper}).pdf`);
}
