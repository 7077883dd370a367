// GET /api/admin/attendees/export: the CSV, fetched with the token header and saved through
// an object URL (a plain link could not send the header).
import { useMutation } from '@tanstack/react-query';
import { MSG } from '@store/shared/messages';
import type { AdminAttendeesQuery } from '@store/shared/schemas/admin/attendees';
import { ApiError } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-token';
import { toSearch } from './keys';

export async function downloadAttendees(q: AdminAttendeesQuery): Promise<string> {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(`/api/admin/attendees/export${toSearch(q)}`, { headers: token ? { token } : {} });
  } catch {
    throw new ApiError(MSG.networkError, 0);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(body?.message || MSG.serverError, res.status);
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'asistentes.csv';
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  return name;
}

export function useDownloadAttendees() {
  return useMutation({ mutationFn: downloadAttendees });
}
