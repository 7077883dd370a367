// POST /api/waitlist/join and /api/waitlist/leave: in or out of a sold-out day's waiting list.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WaitlistDayBody } from '@store/shared/schemas/waitlist';
import { apiRequest } from '../../../lib/api-client';

/** The answer's schema, loaded with the request (lib/api-client.ts → SchemaSource). */
const okResponseSchema = async () => (await import('@store/shared/schemas/common')).okResponse;

export function joinWaitlist(body: WaitlistDayBody) {
  return apiRequest('/api/waitlist/join', okResponseSchema, { method: 'POST', body });
}

export function leaveWaitlist(body: WaitlistDayBody) {
  return apiRequest('/api/waitlist/leave', okResponseSchema, { method: 'POST', body });
}

/** Join or leave; either way the state is read again (a refusal can mean it changed). */
export function useWaitlistChange() {
  const qc = useQueryClient();
  const settle = () => qc.invalidateQueries({ queryKey: ['waitlist'] });
  return {
    join: useMutation({ mutationFn: joinWaitlist, onSettled: settle }),
    leave: useMutation({ mutationFn: leaveWaitlist, onSettled: settle }),
  };
}
