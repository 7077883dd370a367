// The checkout line, the browser's side (docs/on-sale.md → The line). When the store is at its
// limit of checkouts at once, a call is answered 202 with a stream of JSON lines
// (application/x-ndjson): {"fila":{"antes":N}} (at once, when N changes, and as a keep-alive),
// {"turno":true} (admitted: the call runs now), then {"status":S,"body":{…}}, the call's own
// answer. `waitInLine` reads the stream, keeps each waiting call's place in a tiny store (read
// by the notice, components/layout/checkout-line-notice.tsx) and answers the last line as a
// plain Response, so the API client treats it exactly as a normal answer with that status.
// Loaded only when a call first meets the line (lib/api-client.ts); the notice comes with the
// toasts' container, mounted then (lib/notify.ts).
import { useSyncExternalStore } from 'react';
import { showNotices } from './notify';

/** A waiting call: the people before it, or null once it is its turn (the call runs). */
type Place = number | null;

/** What the notice shows: the place of the call that waits longest, or `ahead: null` (its turn). */
export interface LineView {
  ahead: number | null;
}

const places = new Map<number, Place>();
const listeners = new Set<() => void>();
let view: LineView | null = null;
let calls = 0;

function changed() {
  let ahead: number | null = null;
  for (const place of places.values()) if (place !== null && (ahead === null || place > ahead)) ahead = place;
  const next = places.size === 0 ? null : { ahead };
  if (next?.ahead === view?.ahead && (next === null) === (view === null)) return;
  view = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Where the buyer's waiting calls stand (null: none waits). */
export function getCheckoutLine(): LineView | null {
  return view;
}

export function useCheckoutLine(): LineView | null {
  return useSyncExternalStore(subscribe, getCheckoutLine, () => null);
}

/** The call's final answer, from the last line. */
interface Final {
  status: number;
  body: unknown;
}

/**
 * Reads a 202 line stream to its end and answers the call's own answer as a Response with its
 * status and JSON body (a 202 of another kind is answered as it is). Throws when the stream
 * ends without it (the connection was cut) or cannot be read; an aborted call throws its
 * AbortError.
 */
export async function waitInLine(res: Response): Promise<Response> {
  if (!res.headers.get('content-type')?.includes('application/x-ndjson')) return res;
  const id = ++calls;
  showNotices().catch(() => undefined);
  let final: Final | null = null;
  const read = (text: string) => {
    const line = text.trim();
    if (!line) return;
    let message: { fila?: { antes?: unknown }; turno?: unknown; status?: unknown; body?: unknown };
    try {
      message = JSON.parse(line) as typeof message;
    } catch {
      return;
    }
    if (typeof message?.status === 'number') {
      final = { status: message.status, body: message.body ?? null };
    } else if (message?.turno === true) {
      places.set(id, null);
      changed();
    } else if (typeof message?.fila?.antes === 'number') {
      places.set(id, Math.max(0, message.fila.antes));
      changed();
    }
  };
  try {
    if (!res.body) throw new Error('checkout line: no body');
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffered = '';
    for (;;) {
      const { done, value } = await reader.read();
      buffered += decoder.decode(value, { stream: !done });
      let end: number;
      while ((end = buffered.indexOf('\n')) >= 0) {
        read(buffered.slice(0, end));
        buffered = buffered.slice(end + 1);
      }
      if (done) break;
    }
    read(buffered);
  } finally {
    places.delete(id);
    changed();
  }
  const answer = final as Final | null;
  if (!answer) throw new Error('checkout line: the answer was lost');
  return new Response(JSON.stringify(answer.body), {
    status: answer.status,
    headers: { 'Content-Type': 'application/json' },
  });
}
