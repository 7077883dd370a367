// GET /api/group/fiscal-data: the institution of the buyer's last team purchase with an invoice
// (null before the first), which the team checkout is prefilled with. The buyer's own fiscal
// data («Mis datos fiscales») is another profile, never read nor written here. Under
// ['orders', token]: dropped on logout, and read again after a team purchase.
import { useQuery } from '@tanstack/react-query';
import { fiscalDataResponse } from '@store/shared/schemas/invoice';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth-token';
import { userQueryKeys } from '../../../lib/query-keys';

export async function getTeamFiscalData(signal?: AbortSignal) {
  return (await apiRequest('/api/group/fiscal-data', fiscalDataResponse, { signal })).fiscalData;
}

export function useTeamFiscalData() {
  const token = useToken();
  return useQuery({
    queryKey: [...userQueryKeys.orders(token), 'team-fiscal-data'] as const,
    queryFn: ({ signal }) => getTeamFiscalData(signal),
    enabled: Boolean(token),
  });
}
