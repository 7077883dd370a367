// POST /api/user/register: creates the account and answers a session token.
import { authResponse, type RegisterBody } from '@store/shared/schemas/user';
import { apiRequest } from '../../../lib/api-client';

export function register(body: RegisterBody) {
  return apiRequest('/api/user/register', authResponse, { method: 'POST', body });
}
