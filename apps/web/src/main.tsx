// Browser entry, kept tiny: what runs before the first paint. A page the server rendered is
// shown first (its text and the images of its first screen); only then is the app
// (app/start.tsx: React, the router, the page's module) fetched, evaluated and hydrated, so
// its 100 KB neither compete with the page's own bytes on a slow network nor hold the main
// thread before the page is on screen (docs/speed.md → Paint first, then hydrate). A page only
// the browser renders starts the app at once (index.html preloads it for those). What the
// visitor clicks or types meanwhile is done again once the page is hydrated (app/held-input.ts).
import './styles.css';
import { afterFirstScreen } from './app/first-screen';
import { holdInput } from './app/held-input';

// Not in messages.ts: importing it would put every message into this entry.
const LOAD_ERROR = 'No se pudo cargar la tienda. Revisa tu conexión y recarga la página.';

const root = document.getElementById('root');
const held = holdInput(root);
void afterFirstScreen(root)
  .then(() => {
    held.alsoLinks();
    return import('./app/start');
  })
  .then((app) => app.mounted.then(() => held.release(true, app.flushSync)))
  .catch((err: unknown) => {
    console.error(err);
    // Without the app only a link can still be followed (as a plain link); the rest is dropped.
    held.release(false);
    // A server-rendered page stays readable and its links work; an empty one says why.
    if (root && !root.firstElementChild) {
      const p = document.createElement('p');
      p.setAttribute('role', 'alert');
      p.className = 'mx-auto max-w-xl p-6 text-center text-slate-700';
      p.textContent = LOAD_ERROR;
      root.append(p);
    }
  });
