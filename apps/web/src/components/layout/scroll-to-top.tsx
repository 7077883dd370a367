// Scroll on navigation: a new page (another path) opens at its top, or at its #anchor; going
// back or forward returns to where that entry was left. A change of the query string only
// (the catalogue's filters) keeps the scroll where it is.
import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Scroll positions of the history entries visited in this tab, by location key. */
const positions = new Map<string, number>();

export function ScrollToTop() {
  const { key, pathname, hash } = useLocation();
  const type = useNavigationType();
  const last = useRef({ key, pathname });

  useLayoutEffect(() => {
    const previous = last.current;
    if (previous.key === key) return;
    positions.set(previous.key, window.scrollY);
    last.current = { key, pathname };
    if (type === 'POP') {
      window.scrollTo(0, positions.get(key) ?? 0);
    } else if (hash) {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
    } else if (previous.pathname !== pathname) {
      window.scrollTo(0, 0);
    }
  }, [key, pathname, hash, type]);

  return null;
}
