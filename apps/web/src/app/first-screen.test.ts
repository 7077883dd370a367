import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstScreen } from './first-screen';

/** A PerformanceObserver stand-in: `report` delivers entries to whoever observes their type. */
function fakeObserver() {
  const observers: Array<{ type: string; cb: (list: { getEntries: () => PerformanceEntry[] }) => void }> = [];
  class FakeObserver {
    constructor(private readonly cb: (list: { getEntries: () => PerformanceEntry[] }) => void) {}
    observe({ type }: { type: string }) {
      observers.push({ type, cb: this.cb });
    }
    disconnect() {}
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return {
    report(type: string, entry: Partial<PerformanceEntry>) {
      for (const o of observers.filter((o) => o.type === type))
        o.cb({ getEntries: () => [entry as PerformanceEntry] });
    },
  };
}

/** Whether the promise has settled after the pending microtasks ran. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

function serverPage(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  return root;
}

describe('afterFirstScreen', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('starts at once a page the server did not render', async () => {
    expect(await settled(afterFirstScreen(serverPage('')))).toBe(true);
    expect(await settled(afterFirstScreen(null))).toBe(true);
  });

  it('starts at once in a hidden tab, which paints nothing', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    expect(await settled(afterFirstScreen(serverPage('<main>Eventos</main>')))).toBe(true);
  });

  it('waits for the first contentful paint, not for another kind of paint', async () => {
    const perf = fakeObserver();
    const ready = afterFirstScreen(serverPage('<main>Eventos</main>'));
    expect(await settled(ready)).toBe(false);
    perf.report('paint', { name: 'first-paint', startTime: 10 });
    expect(await settled(ready)).toBe(false);
    perf.report('paint', { name: 'first-contentful-paint', startTime: 12 });
    expect(await settled(ready)).toBe(true);
  });

  it('then waits for the first screen’s images and the paint that shows them, not the lazy ones', async () => {
    const perf = fakeObserver();
    const root = serverPage('<main><img src="/a.svg"><img src="/b.svg" loading="lazy"></main>');
    const [eager] = root.querySelectorAll('img');
    const ready = afterFirstScreen(root);
    perf.report('paint', { name: 'first-contentful-paint', startTime: 5 });
    expect(await settled(ready)).toBe(false);
    eager!.dispatchEvent(new Event('load'));
    expect(await settled(ready)).toBe(false);
    perf.report('largest-contentful-paint', { startTime: performance.now() + 1 });
    expect(await settled(ready)).toBe(true);
  });

  it('a broken image counts as settled', async () => {
    const perf = fakeObserver();
    const root = serverPage('<main><img src="/roto.svg"></main>');
    const ready = afterFirstScreen(root);
    perf.report('paint', { name: 'first-contentful-paint', startTime: 5 });
    expect(await settled(ready)).toBe(false);
    root.querySelector('img')!.dispatchEvent(new Event('error'));
    expect(await settled(ready)).toBe(false);
    perf.report('largest-contentful-paint', { startTime: performance.now() + 1 });
    expect(await settled(ready)).toBe(true);
  });

  it('never waits long: a paint not reported, an image that never arrives', async () => {
    // No PerformanceObserver at all (jsdom, an older browser): each wait ends at its limit.
    vi.stubGlobal('PerformanceObserver', undefined);
    const ready = afterFirstScreen(serverPage('<main><img src="/lento.svg"></main>'));
    await vi.advanceTimersByTimeAsync(999);
    expect(await settled(ready)).toBe(false);
    await vi.advanceTimersByTimeAsync(1 + 500 + 150);
    expect(await settled(ready)).toBe(true);
  });
});
