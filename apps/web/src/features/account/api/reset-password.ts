// POST /api/user/reset-password: sets a new password with the token from the link.
import { okResponse } from '@store/shared/schemas/common';
import type { ResetPasswordBody } from '@store/shared/schemas/user';
import { apiRequest } from '../../../lib/api-client';

export function resetPassword(body: ResetPasswordBody) {
  return apiRequest('/api/user/reset-password', okResponse, { method: 'POST', body });
}
