// GET /api/admin/demo-data: what the demo seed left (the dashboard's banner).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminDemoDataResponse } from '@store/shared/schemas/admin/demo-data';
import { apiRequest } from '../../../../lib/api-client';
import { adminKeys } from '../../../../lib/admin/query-keys';

export function getDemoData(signal?: AbortSignal) {
  return apiRequest('/api/admin/demo-data', adminDemoDataResponse, { signal });
}

export const demoDataQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.demoData(), queryFn: ({ signal }) => getDemoData(signal) });

export function useDemoData() {
  return useQuery(demoDataQueryOptions());
}
