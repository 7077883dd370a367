// The auth token (docs/product.md → Session token: local storage key "token"), readable outside React and
// subscribable from it.

import { useSyncExternalStore } from 'react';

const KEY = 'token';
const listeners = new Set<() => void>();
let current: string | null = readStored();

function readStored(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  return current;
}

export function setToken(token: string | null): void {
  current = token;
  try {
    if (token) localStorage.setItem(KEY, token);
    else localStorage.removeItem(KEY);
  } catch {
    // Private mode: the token lives for this page only.
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY) {
      current = e.newValue;
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useToken(): string | null {
  return useSyncExternalStore(subscribe, getToken, () => null);
}

const noSubscription = () => () => undefined;

/**
 * Whether there is a session, or null while the page is the server's HTML being hydrated: the
 * server cannot know (the token is in local storage), so the header shows a neutral slot until
 * the first client render after hydration instead of a «Acceder» that flips to the account menu
 * (docs/speed.md → Server rendering). A page mounted without server HTML knows at once.
 */
export function useSession(): boolean | null {
  const token = useToken();
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return hydrated ? Boolean(token) : null;
}
