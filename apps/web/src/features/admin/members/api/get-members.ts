// GET /api/admin/members: search, user type and role filters, pages.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminMembersResponse, type AdminMembersQuery } from '@store/shared/schemas/admin/members';
import { apiRequest } from '../../../../lib/api-client';
import { adminKeys, toSearch } from '../../../../lib/admin/query-keys';

export function getMembers(q: AdminMembersQuery, signal?: AbortSignal) {
  return apiRequest(`/api/admin/members${toSearch(q)}`, adminMembersResponse, { signal });
}

export const membersQueryOptions = (q: AdminMembersQuery) =>
  queryOptions({
    queryKey: adminKeys.members(q),
    queryFn: ({ signal }) => getMembers(q, signal),
    placeholderData: keepPreviousData,
  });

export function useAdminMembers(q: AdminMembersQuery) {
  return useQuery(membersQueryOptions(q));
}
