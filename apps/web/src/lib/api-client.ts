// The one way the web app talks to the API: fetch with the token header, then either a JSON
// answer parsed with its shared schema (`apiRequest`; a FormData body is sent as an upload) or
// a file (`apiDownload`: the blob and its name from Content-Disposition). Failures become
// ApiError with the server's Spanish message (or a generic one), for the caller to toast. A
// token the server refuses (401) is dropped, whichever kind of call met it.

import type { z } from 'zod';
import { MSG } from '@store/shared/messages';
import { getToken, setToken } from './auth-token';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The server's hint of what to do (`restart`: reopen PayPal to choose another funding source). */
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-serialisable data, or FormData for a file upload (multipart, its own boundary). */
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** The call itself: token header, body encoding, network failure → ApiError, 401 → no token. */
async function send(path: string, accept: string, opts: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { ...opts.headers, Accept: accept };
  const token = getToken();
  if (token) headers.token = token;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) {
    body = opts.body;
  } else if (opts.body !== undefined) {
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
  // A token the server refuses (expired, revoked) is dropped so the UI shows the signed-out
  // state (and pages that need an account go to /login) instead of failing on every call.
  if (res.status === 401 && token && getToken() === token) setToken(null);
  return res;
}

/** The server's Spanish message of a failed answer, or the generic one. */
async function failure(res: Response): Promise<ApiError> {
  const json = (await res.json().catch(() => null)) as { message?: unknown; reason?: unknown } | null;
  const message = typeof json?.message === 'string' && json.message ? json.message : MSG.serverError;
  return new ApiError(message, res.status, typeof json?.reason === 'string' ? json.reason : undefined);
}

/**
 * The answer's schema, or a function importing it: the calls of the first page use the latter,
 * so zod and their schemas load in parallel with the request instead of with the page's first
 * script (docs/speed.md → Initial JavaScript).
 */
export type SchemaSource<S extends z.ZodType> = S | (() => Promise<S>);

export async function apiRequest<S extends z.ZodType>(
  path: string,
  source: SchemaSource<S>,
  opts: RequestOptions = {},
): Promise<z.infer<S>> {
  const loading = typeof source === 'function' ? source() : Promise.resolve(source);
  // A failed request must not leave the schema's import rejected and unobserved.
  loading.catch(() => undefined);
  return answerOf(await send(path, 'application/json', opts), loading);
}

/** An answer with the ETag it came with (null when the server sent none). */
export interface Tagged<T> {
  etag: string | null;
  data: T;
}

/**
 * GET `path` as apiRequest does, sending the ETag of `last` (the previous answer of the same
 * call, same token): while nothing changed the server answers 304 without a body and `last`
 * is the answer again.
 */
export async function apiRequestTagged<S extends z.ZodType>(
  path: string,
  source: SchemaSource<S>,
  last: Tagged<z.infer<S>> | null,
  signal?: AbortSignal,
): Promise<Tagged<z.infer<S>>> {
  const loading = typeof source === 'function' ? source() : Promise.resolve(source);
  loading.catch(() => undefined);
  const headers: Record<string, string> = last?.etag ? { 'If-None-Match': last.etag } : {};
  const res = await send(path, 'application/json', { method: 'GET', headers, signal });
  if (res.status === 304 && last) return last;
  return { etag: res.headers.get('ETag'), data: await answerOf(res, loading) };
}

/** The parsed answer of `res`, or the ApiError its failure means. */
async function answerOf<S extends z.ZodType>(res: Response, loading: Promise<S>): Promise<z.infer<S>> {
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    throw new ApiError(MSG.serverError, res.status);
  }
  const envelope = json as { success?: boolean; message?: string; reason?: unknown };
  if (!res.ok || envelope.success === false) {
    const reason = typeof envelope.reason === 'string' ? envelope.reason : undefined;
    throw new ApiError(envelope.message || MSG.serverError, res.status, reason);
  }
  const schema = await loading;
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ApiError(MSG.serverError, res.status);
  return parsed.data;
}

export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition (filename* preferred), else `fallbackName`. */
  filename: string;
}

/** GET a file the API generates (a CSV export…), with the same token and error rules. */
export async function apiDownload(
  path: string,
  fallbackName: string,
  opts: Pick<RequestOptions, 'signal'> = {},
): Promise<DownloadedFile> {
  const res = await send(path, '*/*', { method: 'GET', ...opts });
  if (!res.ok) throw await failure(res);
  return {
    blob: await res.blob(),
    filename: filenameOf(res.headers.get('content-disposition'), fallbackName),
  };
}

/** The file name a Content-Disposition header gives (RFC 6266: filename* wins over filename). */
export function filenameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // A malformed escape: fall back to the plain name.
    }
  }
  return (
    /filename\s*=\s*"([^"]+)"/.exec(disposition)?.[1] ??
    /filename\s*=\s*([^;\s]+)/.exec(disposition)?.[1] ??
    fallback
  );
}
