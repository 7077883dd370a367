// GET /api/admin/attendees/export: the attendee CSV of an event (or one day), saved under the
// name the server gives it. Answers that name, for the confirmation toast.
import { useMutation } from '@tanstack/react-query';
import type { AdminAttendeesQuery } from '@store/shared/schemas/admin/attendees';
import { apiDownload } from '../../../../lib/api-download';
import { saveFile } from '../../../../lib/save-file';
import { toSearch } from '../../../../lib/admin/query-keys';

export async function downloadAttendees(q: AdminAttendeesQuery): Promise<string> {
  const file = await apiDownload(`/api/admin/attendees/export${toSearch(q)}`, 'asistentes.csv');
  saveFile(file);
  return file.filename;
}

export function useDownloadAttendees() {
  return useMutation({ mutationFn: downloadAttendees });
}
