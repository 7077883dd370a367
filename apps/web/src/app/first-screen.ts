// Resolves once the browser has shown the first screen of the page the server rendered: its
// first contentful paint, then the images of that screen that load at once (not
// `loading="lazy"`) and the paint that shows them, each as the browser reports it (the Paint
// Timing and Largest Contentful Paint APIs report a frame once it is on screen, not merely
// drawn). A page with nothing rendered yet (no server HTML in #root) has nothing to wait for,
// nor a hidden tab (it draws no frames). Each wait has a time limit, for a paint that is late or
// never reported (an image smaller than the text already on screen makes no new largest paint)
// and for a slow image.
const PAINT_MS = 1000;
const IMAGES_MS = 500;
const IMAGES_SHOWN_MS = 150;

export async function afterFirstScreen(root: Element | null): Promise<void> {
  if (!root?.firstElementChild || document.visibilityState === 'hidden') return;
  await reported('paint', (e) => e.name === 'first-contentful-paint', PAINT_MS);
  const pending = [...root.querySelectorAll('img')].filter(
    (img) => !img.complete && img.getAttribute('loading') !== 'lazy',
  );
  if (pending.length === 0) return;
  const settled = (img: HTMLImageElement) =>
    new Promise((done) => {
      img.addEventListener('load', done, { once: true });
      img.addEventListener('error', done, { once: true });
    });
  await Promise.race([Promise.all(pending.map(settled)), wait(IMAGES_MS)]);
  const loadedAt = performance.now();
  await reported('largest-contentful-paint', (e) => e.startTime >= loadedAt, IMAGES_SHOWN_MS);
}

const wait = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Resolves when the browser reports an entry of `type` that `test` accepts, or after `limitMs`. */
function reported(type: string, test: (entry: PerformanceEntry) => boolean, limitMs: number): Promise<void> {
  return new Promise((resolve) => {
    let observer: PerformanceObserver | undefined;
    const done = () => {
      observer?.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, limitMs);
    try {
      observer = new PerformanceObserver((list) => list.getEntries().some(test) && done());
      observer.observe({ type, buffered: true });
    } catch {
      // The browser does not report this kind of entry: the time limit ends the wait.
    }
  });
}
