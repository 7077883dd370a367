// GET and PUT /api/attendance/profile: the professional profile printed on constancias.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { professionalProfileResponse, type ProfessionalProfileInput } from '@store/shared/schemas/attendance';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth-token';
import { attendanceKeys } from './keys';

export async function getProfessionalProfile(signal?: AbortSignal) {
  return (await apiRequest('/api/attendance/profile', professionalProfileResponse, { signal })).profile;
}

export const professionalProfileQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: attendanceKeys.profile(token),
    queryFn: ({ signal }) => getProfessionalProfile(signal),
    enabled: Boolean(token),
    staleTime: 5 * 60_000,
  });

export function useProfessionalProfile() {
  return useQuery(professionalProfileQueryOptions(useToken()));
}

export function saveProfessionalProfile(body: ProfessionalProfileInput) {
  return apiRequest('/api/attendance/profile', professionalProfileResponse, { method: 'PUT', body });
}

export function useSaveProfessionalProfile() {
  const queryClient = useQueryClient();
  const token = useToken();
  return useMutation({
    mutationFn: saveProfessionalProfile,
    onSuccess: (res) => queryClient.setQueryData(attendanceKeys.profile(token), res.profile),
  });
}
