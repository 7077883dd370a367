// Test-only: lets a journey move the e2e store's clock (e2e/tests/fees.spec.ts: the price after
// the early-bird cut-off). The Playwright config preloads this module into the store it starts
// (NODE_OPTIONS=--import) and names a file in E2E_CLOCK_FILE; a journey writes an offset in
// milliseconds there and removes it to go back. Date.now() and `new Date()` are shifted by
// that offset; dates built from a value are not. Nothing under apps/ reads it, so no setting
// of a deployed store can move its clock (docs/security.md).
import { readFileSync } from 'node:fs';

const file = process.env.E2E_CLOCK_FILE;
if (file) {
  const RealDate = Date;
  const realNow = RealDate.now.bind(RealDate);
  let offset = 0;
  let readAt = -Infinity;
  /** The offset, read again at most every 50 ms (Date.now runs on every request and log line). */
  const currentOffset = () => {
    const t = realNow();
    if (t - readAt > 50) {
      readAt = t;
      try {
        const n = Number(readFileSync(file, 'utf8').trim());
        offset = Number.isFinite(n) ? n : 0;
      } catch {
        offset = 0;
      }
    }
    return offset;
  };
  const now = () => realNow() + currentOffset();
  RealDate.now = now;
  globalThis.Date = new Proxy(RealDate, {
    construct(target, args, newTarget) {
      return Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget);
    },
    apply() {
      return new RealDate(now()).toString();
    },
  });
}
