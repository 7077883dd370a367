// Component-test harness: a fresh query client and an in-memory router around the UI under
// test, and a fetch stub that answers by path. Test-only (imported by *.test.tsx files).
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { vi } from 'vitest';

export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** Renders `ui` at `path` with a query client; other paths render their name, for redirects. */
export function TestProviders({
  children,
  client,
  path = '/',
  search = '',
  state,
}: {
  children: ReactNode;
  client: QueryClient;
  path?: string;
  /** The query string of the first entry ('?token=…'). */
  search?: string;
  state?: unknown;
}) {
  const router = createMemoryRouter(
    [
      { path, element: children },
      { path: '*', Component: LocationProbe },
    ],
    { initialEntries: [{ pathname: path, search, state }] },
  );
  return (
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <ToastContainer />
    </QueryClientProvider>
  );
}

function LocationProbe() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

type Handler = (body: unknown) => unknown;

/** A handler's answer with another status than 200 (a refusal: 400 with its message). */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

/**
 * Stubs fetch: each API path answers JSON from its handler (200, or a `Reply`'s status), or the
 * Response it returns; others 404. Records calls.
 */
export function stubApi(handlers: Record<string, Handler>) {
  const calls: { path: string; body: unknown; token: string | null }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    // An upload's FormData is handed over as it is; every other body is JSON.
    const body =
      init?.body instanceof FormData
        ? init.body
        : init?.body
          ? (JSON.parse(String(init.body)) as unknown)
          : undefined;
    const headers = new Headers(init?.headers);
    calls.push({ path: url.pathname, body, token: headers.get('token') });
    const handler = handlers[url.pathname];
    if (!handler) {
      return new Response(JSON.stringify({ success: false, message: 'No encontramos lo que buscas' }), {
        status: 404,
      });
    }
    const answer = handler(body);
    if (answer instanceof Reply) return new Response(JSON.stringify(answer.body), { status: answer.status });
    if (answer instanceof Response) return answer;
    return new Response(JSON.stringify(answer), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/**
 * jsdom has <dialog> but not showModal()/close(): a stand-in that opens and closes it (and
 * fires `close`, as the browser does), for components built on the native modal dialog.
 */
export function polyfillDialog() {
  const proto = HTMLDialogElement.prototype as Partial<HTMLDialogElement>;
  proto.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
