// POST /api/user/login: a session token, or isFirstLogin with a reset token (docs/product.md → First login).
import { authResponse, type LoginBody } from '@store/shared/schemas/user';
import { apiRequest } from '../../../lib/api-client';

export function login(body: LoginBody) {
  return apiRequest('/api/user/login', authResponse, { method: 'POST', body });
}
