// The choice a visitor made before signing in (docs/product.md → Login form): «Agregar al
// carrito» without a session keeps the product and its chosen days in session storage and sends the visitor
// to /login?next=<the product page>; after signing in or registering the login page adds it to
// the server cart and returns to `next`. `next` is only ever a path of this site (no open
// redirect): it must start with one «/», not «//» or «/\», and carry no scheme or control character.

const KEY = 'store.pendingAdd';

export interface PendingAdd {
  itemId: string;
  /** The days chosen (one or several of a per-day event). */
  days: string[];
}

/** The path to return to, or null when `raw` is not a same-site path. */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 512) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  // Control characters (tabs, new lines) are dropped by URL parsers and could rebuild «//».
  for (const ch of raw) if (ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f) return null;
  try {
    const url = new URL(raw, 'https://store.invalid');
    if (url.origin !== 'https://store.invalid') return null;
  } catch {
    return null;
  }
  if (raw === '/login' || raw.startsWith('/login?') || raw.startsWith('/login#')) return null;
  return raw;
}

/** /login with the return path of `path` when it is a same-site path. */
export function loginPath(path: string): string {
  const next = safeReturnPath(path);
  return next && next !== '/' ? `/login?next=${encodeURIComponent(next)}` : '/login';
}

export function savePendingAdd(add: PendingAdd): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(add));
  } catch {
    // Storage refused (private mode, quota): the visitor returns to the page without the day.
  }
}

/** Reads and forgets the pending choice (one use). */
export function takePendingAdd(): PendingAdd | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PendingAdd> | null;
    const days = Array.isArray(value?.days)
      ? value.days.filter((d) => typeof d === 'string' && d !== '')
      : [];
    if (typeof value?.itemId === 'string' && value.itemId !== '' && days.length > 0) {
      return { itemId: value.itemId, days };
    }
    return null;
  } catch {
    return null;
  }
}
