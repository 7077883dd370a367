import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { MSG } from '@store/shared/messages';
import { apiDownload, ApiError, apiRequest, apiRequestTagged, filenameOf } from './api-client';
import { getToken, setToken } from './auth-token';

interface Seen {
  url: string;
  init: RequestInit;
}

/** Answers every fetch with `response()` and records what was sent. */
function stubFetch(response: () => Response) {
  const seen: Seen[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      seen.push({ url: String(url), init: init ?? {} });
      return response();
    }),
  );
  return seen;
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const header = (s: Seen, name: string) => new Headers(s.init.headers).get(name);
const ok = z.object({ success: z.literal(true), url: z.string() });

afterEach(() => {
  setToken(null);
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it("keeps the server's hint of what to do (PayPal's declined funding source: restart)", async () => {
    stubFetch(() => json({ success: false, message: MSG.paymentDeclinedRetry, reason: 'restart' }, 402));
    const err = await apiRequest('/api/order/paypal', ok).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ message: MSG.paymentDeclinedRetry, status: 402, reason: 'restart' });
  });

  it('sends JSON with the token header and parses the answer with the schema', async () => {
    setToken('t1');
    const seen = stubFetch(() => json({ success: true, url: '/x.png' }));
    await expect(apiRequest('/api/a', ok, { body: { a: 1 } })).resolves.toEqual({
      success: true,
      url: '/x.png',
    });
    expect(seen[0]!.init.method).toBe('POST');
    expect(header(seen[0]!, 'token')).toBe('t1');
    expect(header(seen[0]!, 'content-type')).toBe('application/json');
    expect(seen[0]!.init.body).toBe('{"a":1}');
  });

  it('sends a FormData body as it is: multipart, no JSON content type, same token header', async () => {
    setToken('t1');
    const seen = stubFetch(() => json({ success: true, url: '/uploads/a.png' }));
    const form = new FormData();
    form.append('file', new Blob(['png']), 'a.png');
    await apiRequest('/api/admin/uploads', ok, { method: 'POST', body: form });
    expect(seen[0]!.init.body).toBe(form);
    expect(header(seen[0]!, 'content-type')).toBeNull();
    expect(header(seen[0]!, 'token')).toBe('t1');
  });

  it("fails with the server's Spanish message, and with a generic one for an unexpected shape", async () => {
    stubFetch(() => json({ success: false, message: 'La imagen es demasiado grande' }, 413));
    await expect(apiRequest('/api/a', ok)).rejects.toEqual(
      new ApiError('La imagen es demasiado grande', 413),
    );
    stubFetch(() => json({ success: true, other: 1 }));
    await expect(apiRequest('/api/a', ok)).rejects.toThrow(MSG.serverError);
  });

  it('drops a token the server refuses (401)', async () => {
    setToken('vencido');
    stubFetch(() => json({ success: false, message: MSG.sessionExpired }, 401));
    await expect(apiRequest('/api/a', ok)).rejects.toThrow(MSG.sessionExpired);
    expect(getToken()).toBeNull();
  });

  it('turns a network failure into the network message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(apiRequest('/api/a', ok)).rejects.toEqual(new ApiError(MSG.networkError, 0));
  });
});

describe('apiDownload', () => {
  it('answers the blob and the name from Content-Disposition, with the token header', async () => {
    setToken('t1');
    const seen = stubFetch(
      () =>
        new Response('\uFEFFnombre\r\n', {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': `attachment; filename="asistentes-taller.csv"; filename*=UTF-8''asistentes-s%C3%A1bado.csv`,
          },
        }),
    );
    const file = await apiDownload('/api/admin/attendees/export?productId=1', 'asistentes.csv');
    expect(file.filename).toBe('asistentes-sábado.csv');
    expect(await file.blob.text()).toContain('nombre');
    expect(header(seen[0]!, 'token')).toBe('t1');
    expect(seen[0]!.init.method).toBe('GET');
  });

  it("fails with the server's message and drops a refused token, like JSON calls", async () => {
    setToken('vencido');
    stubFetch(() => json({ success: false, message: MSG.sessionExpired }, 401));
    await expect(apiDownload('/api/admin/attendees/export', 'a.csv')).rejects.toEqual(
      new ApiError(MSG.sessionExpired, 401),
    );
    expect(getToken()).toBeNull();
    stubFetch(() => new Response('<html>', { status: 502 }));
    await expect(apiDownload('/api/x', 'a.csv')).rejects.toEqual(new ApiError(MSG.serverError, 502));
  });
});

describe('filenameOf', () => {
  it('prefers filename*, then filename, then the fallback', () => {
    expect(filenameOf(`attachment; filename="a.csv"; filename*=UTF-8''b%20c.csv`, 'x')).toBe('b c.csv');
    expect(filenameOf('attachment; filename="a b.csv"', 'x')).toBe('a b.csv');
    expect(filenameOf('attachment; filename=a.csv', 'x')).toBe('a.csv');
    expect(filenameOf(`attachment; filename*=UTF-8''%E0%A4%A`, 'x')).toBe('x');
    expect(filenameOf(null, 'x')).toBe('x');
  });
});

describe('apiRequestTagged', () => {
  it('sends the last ETag and answers the last data on a 304; a 200 brings the new data and tag', async () => {
    let next = () => json({ success: true, url: 'uno' }, 200, { ETag: '"a"' });
    const seen = stubFetch(() => next());
    const first = await apiRequestTagged('/api/order/userorders', ok, null);
    expect(first).toEqual({ etag: '"a"', data: { success: true, url: 'uno' } });
    expect(seen[0]!.init.method).toBe('GET');
    expect(header(seen[0]!, 'If-None-Match')).toBeNull();

    next = () => new Response(null, { status: 304, headers: { ETag: '"a"' } });
    expect(await apiRequestTagged('/api/order/userorders', ok, first)).toBe(first);
    expect(header(seen[1]!, 'If-None-Match')).toBe('"a"');

    next = () => json({ success: true, url: 'dos' }, 200, { ETag: '"b"' });
    expect(await apiRequestTagged('/api/order/userorders', ok, first)).toEqual({
      etag: '"b"',
      data: { success: true, url: 'dos' },
    });
  });
});
