// The checkout line (docs/on-sale.md): at most `capacity` checkout calls of one process run at
// once; the others wait in a first-come-first-served line and are told their place at once.
// A buyer whose earlier checkout call was admitted recently (their next step: the quote after
// the cart, the payment after the quote) waits ahead of newcomers, so a purchase once started
// is finished before new ones begin. Leaving the line (the connection closed) frees the place
// at once. Pure and in memory: each process (replica) has its own line, sized for what its
// database serves.

/** A buyer admitted within this long counts as returning (their next checkout step). */
export const RETURNING_MS = 120_000;

export interface LinePlace {
  /** True when the call may run now (no wait). */
  readonly admittedAtOnce: boolean;
  /** Resolves when the call may run; rejects with LineLeft after leave(). */
  readonly admitted: Promise<void>;
  /** People before this one while waiting (0 once admitted). */
  ahead(): number;
  /** The buyer left while waiting: the place is dropped (a no-op once admitted). */
  leave(): void;
  /** The admitted call finished (or failed): its slot goes to the next in line. */
  done(): void;
}

export class LineLeft extends Error {
  constructor() {
    super('left the checkout line');
  }
}

interface Waiting {
  key: string | null;
  returning: boolean;
  admit: () => void;
  reject: (err: Error) => void;
  /** Admitted or left. */
  settled: boolean;
  admitted: boolean;
}

export interface LineFigures {
  capacity: number;
  running: number;
  waiting: number;
  /** Calls admitted since start, and how many of them had to wait. */
  admitted: number;
  queued: number;
  left: number;
  /** Calls whose answer was given (their slot may have gone earlier: leaveLineSlot). */
  finished: number;
}

export class CheckoutLine {
  private running = 0;
  /** Returning buyers first, then newcomers, each in arrival order. */
  private returning: Waiting[] = [];
  private newcomers: Waiting[] = [];
  private lastAdmitted = new Map<string, number>();
  private counts = { admitted: 0, queued: 0, left: 0, finished: 0 };

  constructor(
    readonly capacity: number,
    private readonly clock: () => number = Date.now,
  ) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error('capacity must be a positive integer');
  }

  /** Joins the line as `key` (the buyer's id; null: anonymous, never returning). */
  join(key: string | null): LinePlace {
    const now = this.clock();
    const returning = key !== null && now - (this.lastAdmitted.get(key) ?? -Infinity) < RETURNING_MS;
    // Whenever someone waits, every slot is taken (release() admits as slots free).
    if (this.running < this.capacity) return this.admitNow(key);
    this.counts.queued++;
    let admit!: () => void;
    let reject!: (err: Error) => void;
    const admitted = new Promise<void>((res, rej) => {
      admit = res;
      reject = rej;
    });
    // Nobody may be left with an unhandled rejection when they leave.
    admitted.catch(() => undefined);
    const entry: Waiting = { key, returning, admit, reject, settled: false, admitted: false };
    (returning ? this.returning : this.newcomers).push(entry);
    let finished = false;
    return {
      admittedAtOnce: false,
      admitted,
      ahead: () => this.aheadOf(entry),
      leave: () => {
        if (entry.settled) return;
        entry.settled = true;
        this.remove(entry);
        this.counts.left++;
        reject(new LineLeft());
      },
      done: () => {
        if (!entry.admitted || finished) return;
        finished = true;
        this.release();
      },
    };
  }

  /** A call that went through the line has its answer (whoever was waiting for it). */
  finished(): void {
    this.counts.finished++;
  }

  figures(): LineFigures {
    return { capacity: this.capacity, running: this.running, waiting: this.waitingCount(), ...this.counts };
  }

  private waitingCount(): number {
    return this.returning.length + this.newcomers.length;
  }

  private admitNow(key: string | null): LinePlace {
    this.running++;
    this.counts.admitted++;
    if (key !== null) this.remember(key);
    let finished = false;
    return {
      admittedAtOnce: true,
      admitted: Promise.resolve(),
      ahead: () => 0,
      leave: () => undefined,
      done: () => {
        if (finished) return;
        finished = true;
        this.release();
      },
    };
  }

  private aheadOf(entry: Waiting): number {
    if (entry.settled) return 0;
    if (entry.returning) return this.returning.indexOf(entry);
    return this.returning.length + this.newcomers.indexOf(entry);
  }

  private remove(entry: Waiting): void {
    const list = entry.returning ? this.returning : this.newcomers;
    const at = list.indexOf(entry);
    if (at >= 0) list.splice(at, 1);
  }

  private release(): void {
    this.running--;
    while (this.running < this.capacity) {
      const next = this.returning.shift() ?? this.newcomers.shift();
      if (!next) break;
      next.settled = true;
      next.admitted = true;
      this.running++;
      this.counts.admitted++;
      if (next.key !== null) this.remember(next.key);
      next.admit();
    }
  }

  private remember(key: string): void {
    const now = this.clock();
    this.lastAdmitted.delete(key);
    this.lastAdmitted.set(key, now);
    // Oldest first (insertion order): forget those past the returning window.
    for (const [k, at] of this.lastAdmitted) {
      if (now - at < RETURNING_MS) break;
      this.lastAdmitted.delete(k);
    }
  }
}
