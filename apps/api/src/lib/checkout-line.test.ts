import { describe, expect, it } from 'vitest';
import { CheckoutLine, LineLeft, RETURNING_MS, type LinePlace } from './checkout-line';

/** Lets admitted promises' callbacks run. */
const settle = () => new Promise((r) => setImmediate(r));

describe('CheckoutLine', () => {
  it('admits up to its capacity at once, then lines up first come first served', async () => {
    const line = new CheckoutLine(2);
    const a = line.join('a');
    const b = line.join('b');
    const c = line.join('c');
    const d = line.join('d');
    expect([a.admittedAtOnce, b.admittedAtOnce, c.admittedAtOnce, d.admittedAtOnce]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect([c.ahead(), d.ahead()]).toEqual([0, 1]);
    const order: string[] = [];
    void c.admitted.then(() => order.push('c'));
    void d.admitted.then(() => order.push('d'));
    b.done();
    await settle();
    expect(order).toEqual(['c']);
    expect(d.ahead()).toBe(0);
    b.done(); // twice is once
    await settle();
    expect(order).toEqual(['c']);
    a.done();
    await settle();
    expect(order).toEqual(['c', 'd']);
    expect(line.figures()).toMatchObject({ running: 2, waiting: 0, admitted: 4, queued: 2 });
  });

  it('drops a buyer who leaves, and the ones behind move up', async () => {
    const line = new CheckoutLine(1);
    const first = line.join('a');
    const leaving = line.join('b');
    const behind = line.join('c');
    expect(behind.ahead()).toBe(1);
    leaving.leave();
    await expect(leaving.admitted).rejects.toBeInstanceOf(LineLeft);
    expect(behind.ahead()).toBe(0);
    first.done();
    await behind.admitted;
    expect(line.figures()).toMatchObject({ running: 1, waiting: 0, left: 1 });
    leaving.done(); // a place that left never frees a slot
    expect(line.figures().running).toBe(1);
  });

  it('lets a buyer on their next step go ahead of newcomers', async () => {
    let now = 0;
    const line = new CheckoutLine(1, () => now);
    const cart = line.join('ana');
    const newcomer = line.join('beto');
    cart.done();
    await newcomer.admitted;
    const next = line.join('ana'); // Ana's quote, a moment later
    const later = line.join('carla');
    expect(next.ahead()).toBe(0);
    expect(later.ahead()).toBe(1);
    now += RETURNING_MS; // long after: a newcomer again
    const again = line.join('beto');
    expect(again.ahead()).toBe(2);
  });

  it('keeps its rules under random joins, leaves and finishes', async () => {
    for (let run = 0; run < 40; run++) {
      let seed = run * 7919 + 1;
      const random = () => {
        seed = (seed * 48271) % 2147483647;
        return seed / 2147483647;
      };
      let now = 0;
      const capacity = 1 + Math.floor(random() * 4);
      const line = new CheckoutLine(capacity, () => now);
      type Entry = { id: number; place: LinePlace; state: 'waiting' | 'running' | 'left' | 'done' };
      const entries: Entry[] = [];
      const admittedOrder: number[] = [];
      for (let step = 0; step < 300; step++) {
        now += Math.floor(random() * 1000);
        const roll = random();
        const waiting = entries.filter((e) => e.state === 'waiting');
        const running = entries.filter((e) => e.state === 'running');
        if (roll < 0.45) {
          const id = entries.length;
          // Anonymous buyers: no returning priority, so arrival order is the whole rule.
          const place = line.join(null);
          const entry: Entry = { id, place, state: place.admittedAtOnce ? 'running' : 'waiting' };
          if (place.admittedAtOnce) admittedOrder.push(id);
          else
            void place.admitted.then(
              () => {
                entry.state = 'running';
                admittedOrder.push(id);
              },
              () => undefined,
            );
          entries.push(entry);
        } else if (roll < 0.6 && waiting.length > 0) {
          const e = waiting[Math.floor(random() * waiting.length)]!;
          e.place.leave();
          e.state = 'left';
        } else if (running.length > 0) {
          const e = running[Math.floor(random() * running.length)]!;
          e.place.done();
          e.state = 'done';
        }
        await settle();
        const nowWaiting = entries.filter((e) => e.state === 'waiting');
        const nowRunning = entries.filter((e) => e.state === 'running');
        const figures = line.figures();
        expect(figures.running).toBe(nowRunning.length);
        expect(figures.waiting).toBe(nowWaiting.length);
        expect(figures.running).toBeLessThanOrEqual(capacity);
        // Nobody waits while a slot is free.
        if (nowWaiting.length > 0) expect(figures.running).toBe(capacity);
        // Each waiting buyer is told exactly how many wait before them.
        nowWaiting.forEach((e, i) => expect(e.place.ahead()).toBe(i));
      }
      // Admitted in the order they came (those who left are skipped).
      expect(admittedOrder).toEqual([...admittedOrder].sort((x, y) => x - y));
    }
  });
});
