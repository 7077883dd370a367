// POST /api/admin/uploads: one image as multipart/form-data; answers the image's public URL.
import { useMutation } from '@tanstack/react-query';
import { adminUploadResponse } from '@store/shared/schemas/admin/uploads';
import { apiRequest } from '../../../../lib/api-client';

export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await apiRequest('/api/admin/uploads', adminUploadResponse, { method: 'POST', body: form });
  return res.url;
}

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
