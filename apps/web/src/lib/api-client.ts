// fetch + token header + parse with the shared schemas. Failures become ApiError with the
// server's Spanish message (or the exception's), for the caller to toast.

import type { z } from 'zod';
import { MSG } from '@store/shared/messages';
import { getToken, setToken } from './auth-token';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

export async function apiRequest<S extends z.ZodType>(
  path: string,
  schema: S,
  opts: RequestOptions = {},
): Promise<z.infer<S>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.token = token;
  let body: string | undefined;
  if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetch(path, {
      method: opts.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(MSG.networkError, 0);
  }
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    throw new ApiError(MSG.serverError, res.status);
  }
  const envelope = json as { success?: boolean; message?: string };
  // A token the server refuses (expired, revoked) is dropped so the UI shows the signed-out
  // state instead of failing on every call.
  if (res.status === 401 && token && getToken() === token) setToken(null);
  if (!res.ok || envelope.success === false) {
    throw new ApiError(envelope.message || MSG.serverError, res.status);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ApiError(MSG.serverError, res.status);
  return parsed.data;
}
