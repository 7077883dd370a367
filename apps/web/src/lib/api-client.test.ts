import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { MSG } from '@store/shared/messages';
import { ApiError, apiRequest, apiRequestTagged } from './api-client';
import { apiDownload, filenameOf } from './api-download';
import { getToken, setToken } from './auth-token';
import { getCheckoutLine } from './checkout-line';

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

  it('keeps the messages of a form refused field by field (registration answers)', async () => {
    stubFetch(() =>
      json(
        { success: false, message: 'Revisa', problems: { q1: 'Esta pregunta es obligatoria.', q2: 3 } },
        400,
      ),
    );
    const err = await apiRequest('/api/questions/answers', ok).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 400, problems: { q1: 'Esta pregunta es obligatoria.' } });
    expect((err as ApiError).problems).not.toHaveProperty('q2');
  });

  it('keeps the problems of a form refused field by field, and drops a malformed one', async () => {
    stubFetch(() =>
      json({ success: false, message: 'Revisa', problems: { '1': 'Escribe la pregunta.' } }, 400),
    );
    const err = await apiRequest('/api/a', ok, { method: 'PUT', body: {} }).catch((e: unknown) => e);
    expect(err).toMatchObject({ message: 'Revisa', status: 400, problems: { '1': 'Escribe la pregunta.' } });
    stubFetch(() => json({ success: false, message: 'Revisa', problems: ['Escribe la pregunta.'] }, 400));
    const odd = await apiRequest('/api/a', ok).catch((e: unknown) => e);
    expect((odd as ApiError).problems).toBeUndefined();
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

describe('the checkout line (202, JSON lines)', () => {
  /** A 202 line stream whose chunks the test pushes one at a time. */
  function lineStream() {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    const encoder = new TextEncoder();
    return {
      response: () =>
        new Response(body, {
          status: 202,
          headers: { 'Content-Type': 'application/x-ndjson; charset=utf-8' },
        }),
      push: (text: string | Uint8Array) =>
        controller.enqueue(typeof text === 'string' ? encoder.encode(text) : text),
      end: () => controller.close(),
      cut: (err: Error = new TypeError('network error')) => controller.error(err),
    };
  }
  const lined = (...lines: unknown[]) =>
    new Response(lines.map((l) => `${JSON.stringify(l)}\n`).join(''), {
      status: 202,
      headers: { 'Content-Type': 'application/x-ndjson; charset=utf-8' },
    });

  it('asks for JSON or JSON lines', async () => {
    const seen = stubFetch(() => json({ success: true, url: '/x' }));
    await apiRequest('/api/a', ok);
    expect(header(seen[0]!, 'accept')).toBe('application/json, application/x-ndjson');
  });

  it('reads lines split across chunks, keeps the place while waiting, answers the last line', async () => {
    const stream = lineStream();
    stubFetch(stream.response);
    const answer = apiRequest('/api/cart/add', ok, { body: { a: 1 } });
    stream.push('{"fila":{"an');
    stream.push('tes":3}}\n{"fila":');
    await vi.waitFor(() => expect(getCheckoutLine()).toEqual({ ahead: 3 }));
    stream.push('{"antes":1}}\n\n');
    await vi.waitFor(() => expect(getCheckoutLine()).toEqual({ ahead: 1 }));
    stream.push('{"turno":true}\n{"status":200,"body":{"success":true,');
    await vi.waitFor(() => expect(getCheckoutLine()).toEqual({ ahead: null }));
    // A character of two bytes cut in half between chunks.
    const bytes = new TextEncoder().encode('"url":"/año.png"}}');
    const cut = bytes.indexOf(0xc3) + 1;
    stream.push(bytes.slice(0, cut));
    stream.push(bytes.slice(cut));
    stream.end();
    await expect(answer).resolves.toEqual({ success: true, url: '/año.png' });
    expect(getCheckoutLine()).toBeNull();
  });

  it('a last line with an error status fails exactly as that answer would (a 409)', async () => {
    const refusal = { success: false, message: MSG.cartChanged };
    stubFetch(() => json(refusal, 409));
    const plain = await apiRequest('/api/order/quote', ok).catch((e: unknown) => e);
    stubFetch(() => lined({ fila: { antes: 0 } }, { turno: true }, { status: 409, body: refusal }));
    const inLine = await apiRequest('/api/order/quote', ok).catch((e: unknown) => e);
    expect(plain).toEqual(new ApiError(MSG.cartChanged, 409));
    expect(inLine).toBeInstanceOf(ApiError);
    expect(inLine).toEqual(plain);
    expect(inLine).toMatchObject({ status: 409, message: MSG.cartChanged, reason: undefined });
  });

  it("keeps the last line's hint, and drops a token refused there", async () => {
    stubFetch(() =>
      lined(
        { fila: { antes: 2 } },
        { status: 402, body: { success: false, message: 'x', reason: 'restart' } },
      ),
    );
    await expect(apiRequest('/api/a', ok).catch((e: unknown) => e)).resolves.toMatchObject({
      status: 402,
      reason: 'restart',
    });
    setToken('vencido');
    stubFetch(() =>
      lined({ turno: true }, { status: 401, body: { success: false, message: MSG.sessionExpired } }),
    );
    await expect(apiRequest('/api/a', ok)).rejects.toEqual(new ApiError(MSG.sessionExpired, 401));
    expect(getToken()).toBeNull();
  });

  it('a stream cut before its last line is a lost answer: the network message, status 0', async () => {
    const stream = lineStream();
    stubFetch(stream.response);
    const answer = apiRequest('/api/paypal/create-order', ok).catch((e: unknown) => e);
    stream.push('{"fila":{"antes":4}}\n');
    await vi.waitFor(() => expect(getCheckoutLine()).toEqual({ ahead: 4 }));
    stream.cut();
    expect(await answer).toEqual(new ApiError(MSG.networkError, 0));
    expect(getCheckoutLine()).toBeNull();

    stubFetch(() => lined({ fila: { antes: 0 } }, { turno: true }));
    await expect(apiRequest('/api/a', ok)).rejects.toEqual(new ApiError(MSG.networkError, 0));
  });

  it('shows the place of the call that waits longest while two wait', async () => {
    const first = lineStream();
    const second = lineStream();
    const streams = [first, second];
    stubFetch(() => streams.shift()!.response());
    const a = apiRequest('/api/cart/add', ok);
    const b = apiRequest('/api/order/quote', ok);
    first.push('{"fila":{"antes":2}}\n');
    second.push('{"fila":{"antes":5}}\n');
    await vi.waitFor(() => expect(getCheckoutLine()).toEqual({ ahead: 5 }));
    second.push('{"turno":true}\n');
    await vi.waitFor(() => expect(getCheckoutLine()).toEqual({ ahead: 2 }));
    first.push('{"status":200,"body":{"success":true,"url":"a"}}\n');
    first.end();
    second.push('{"status":200,"body":{"success":true,"url":"b"}}');
    second.end();
    await expect(Promise.all([a, b])).resolves.toEqual([
      { success: true, url: 'a' },
      { success: true, url: 'b' },
    ]);
    expect(getCheckoutLine()).toBeNull();
  });

  it('an aborted wait is an abort, not a network error', async () => {
    const stream = lineStream();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        // As a browser does: reading the body of an aborted fetch fails with the AbortError.
        init?.signal?.addEventListener('abort', () => stream.cut(new DOMException('Aborted', 'AbortError')));
        return stream.response();
      }),
    );
    const controller = new AbortController();
    const answer = apiRequest('/api/a', ok, { signal: controller.signal }).catch((e: unknown) => e);
    stream.push('{"fila":{"antes":1}}\n');
    await vi.waitFor(() => expect(getCheckoutLine()).toEqual({ ahead: 1 }));
    controller.abort();
    expect(await answer).toMatchObject({ name: 'AbortError' });
    expect(getCheckoutLine()).toBeNull();
  });
});
