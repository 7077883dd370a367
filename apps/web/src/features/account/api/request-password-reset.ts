// POST /api/user/reset-password-request: e-mails a reset link (same answer for any address).
import { okResponse } from '@store/shared/schemas/common';
import { apiRequest } from '../../../lib/api-client';

export function requestPasswordReset(email: string) {
  return apiRequest('/api/user/reset-password-request', okResponse, { method: 'POST', body: { email } });
}
