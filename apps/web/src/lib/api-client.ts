// The one way the web app talks to the API: fetch with the token header, then either a JSON
// answer parsed with its shared schema (`apiRequest`; a FormData body is sent as an upload) or
// a file (`apiDownload`, lib/api-download.ts: the blob and its name from Content-Disposition;
// a module of its own, as no page needs it to start, docs/speed.md). Failures become
// ApiError with the server's Spanish message (or a generic one), for the caller to toast. A
// token the server refuses (401) is dropped, whichever kind of call met it. Any call may wait
// in the checkout line (docs/on-sale.md → The line): its 202 stream of JSON lines is read by
// lib/checkout-line.ts, loaded then, and its last line is the call's answer.

import type { z } from 'zod';
import { MSG } from '@store/shared/messages';
import { getToken, setToken } from './auth-token';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** The server's hint of what to do (`restart`: reopen PayPal to choose another funding source). */
    readonly reason?: string,
    /** A form refused field by field: the field's key (a question's id, a list's index) → its message. */
    readonly problems?: Record<string, string>,
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

/**
 * The call itself: token header, body encoding, a wait in the checkout line, network failure
 * (or a line's answer lost) → ApiError, 401 → no token.
 */
export async function send(
  path: string,
  opts: RequestOptions,
  // A JSON answer, or the checkout line's stream of JSON lines ending with it.
  accept = 'application/json, application/x-ndjson',
): Promise<Response> {
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
    // The checkout line's stream (any other 202 comes back as it is).
    if (res.status === 202) res = await import('./checkout-line').then((line) => line.waitInLine(res));
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(MSG.networkError, 0);
  }
  // A token the server refuses (expired, revoked) is dropped so the UI shows the signed-out
  // state (and pages that need an account go to /login) instead of failing on every call.
  if (res.status === 401 && token && getToken() === token) setToken(null);
  return res;
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
  return answerOf(await send(path, opts), loading);
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
  const res = await send(path, { method: 'GET', headers, signal });
  if (res.status === 304 && last) return last;
  return { etag: res.headers.get('ETag'), data: await answerOf(res, loading) };
}

/** The `problems` of a refusal when they are what they should be (key → message), else undefined. */
function problemsOf(value: unknown): Record<string, string> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const entries = Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string');
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** The parsed answer of `res`, or the ApiError its failure means. */
async function answerOf<S extends z.ZodType>(res: Response, loading: Promise<S>): Promise<z.infer<S>> {
  let json: unknown;
  try {
    json = await res.json();
  } catch {
    throw new ApiError(MSG.serverError, res.status);
  }
  const envelope = json as { success?: boolean; message?: string; reason?: unknown; problems?: unknown };
  if (!res.ok || envelope.success === false) {
    const reason = typeof envelope.reason === 'string' ? envelope.reason : undefined;
    throw new ApiError(
      envelope.message || MSG.serverError,
      res.status,
      reason,
      problemsOf(envelope.problems),
    );
  }
  const schema = await loading;
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ApiError(MSG.serverError, res.status);
  return parsed.data;
}
