// POST /api/user/logout-all: ends every session of the account, this browser's included.
import { useMutation } from '@tanstack/react-query';
import { okResponse } from '@store/shared/schemas/common';
import { apiRequest } from '../../../lib/api-client';

export function logoutAll() {
  return apiRequest('/api/user/logout-all', okResponse, { method: 'POST', body: {} });
}

export function useLogoutAll() {
  return useMutation({ mutationFn: logoutAll });
}
