// GET /api/attendance/tickets: the QR ticket of each paid day of an in-person event.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ticketsResponse } from '@store/shared/schemas/attendance';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth-token';
import { attendanceKeys } from './keys';

export const ticketsQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: attendanceKeys.tickets(token),
    queryFn: async ({ signal }) =>
      (await apiRequest('/api/attendance/tickets', ticketsResponse, { signal })).tickets,
    enabled: Boolean(token),
  });

export function useTickets() {
  return useQuery(ticketsQueryOptions(useToken()));
}
