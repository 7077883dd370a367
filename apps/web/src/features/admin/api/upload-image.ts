// POST /api/admin/uploads: one image as multipart/form-data (the JSON client cannot send files).
import { useMutation } from '@tanstack/react-query';
import { adminUploadResponse } from '@store/shared/schemas/admin/uploads';
import { MSG } from '@store/shared/messages';
import { ApiError } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-token';

export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const token = getToken();
  let res: Response;
  try {
    res = await fetch('/api/admin/uploads', {
      method: 'POST',
      headers: token ? { token, Accept: 'application/json' } : { Accept: 'application/json' },
      body: form,
    });
  } catch {
    throw new ApiError(MSG.networkError, 0);
  }
  const json: unknown = await res.json().catch(() => null);
  const envelope = (json ?? {}) as { success?: boolean; message?: string };
  if (!res.ok || envelope.success === false)
    throw new ApiError(envelope.message || MSG.serverError, res.status);
  const parsed = adminUploadResponse.safeParse(json);
  if (!parsed.success) throw new ApiError(MSG.serverError, res.status);
  return parsed.data.url;
}

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
