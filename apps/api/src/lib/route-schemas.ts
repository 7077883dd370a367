// Small helpers for route schemas: the error envelope for each documented status, and the
// `token` header security requirement, so /api/docs shows what every call can answer.

import { errorResponse } from '@store/shared/schemas/common';

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 503;

export function errorResponses<S extends ErrorStatus>(...statuses: S[]): Record<S, typeof errorResponse> {
  return Object.fromEntries(statuses.map((s) => [s, errorResponse])) as Record<S, typeof errorResponse>;
}

/** OpenAPI security requirement: header `token` (docs/product.md → Roles and permissions). */
export const tokenSecurity = [{ token: [] as string[] }];
