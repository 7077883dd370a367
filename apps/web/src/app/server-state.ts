// The data a server-rendered page was rendered with, handed to the browser in the page so the
// first render in the browser (the hydration) sees exactly the same data and paints nothing
// different (docs/speed.md → Pages that paint before their JavaScript). Only public catalogue
// answers travel this way; nothing about a user is ever rendered on the server.
import type { QueryClient, QueryKey } from '@tanstack/react-query';

export const SERVER_STATE_ID = 'server-state';

export interface ServerState {
  /** Query key and the data its query would have returned (after its schema). */
  queries: Array<[QueryKey, unknown]>;
}

/** `<script type="application/json">` holding the state; `<` escaped so no text closes it. */
export function serverStateScript(state: ServerState): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${SERVER_STATE_ID}">${json}</script>`;
}

/** The state the server wrote into this page, or null (a page the browser renders alone). */
export function readServerState(doc: Document = document): ServerState | null {
  const text = doc.getElementById(SERVER_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    const state = JSON.parse(text) as ServerState;
    return Array.isArray(state.queries) ? state : null;
  } catch {
    return null;
  }
}

/**
 * Puts the server's answers in the cache, as fresh: they are public catalogue answers, current
 * when the page was sent (the server drops a kept page whenever the catalogue changes), so the
 * page does not ask for them again on hydration (no second download, no schema to load, no
 * second render). What belongs to a signed-in buyer (prices, orders, day links) is in other
 * queries, asked for as on any page.
 */
export function seedQueries(client: QueryClient, state: ServerState): void {
  for (const [key, data] of state.queries) client.setQueryData(key, data);
}
