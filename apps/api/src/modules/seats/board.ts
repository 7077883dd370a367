// The seat board (docs/on-sale.md → Sold out in milliseconds): what this process knows of the
// limited days' seats, read from the database at most once a second, when a checkout asks.
// A checkout call for a day the board shows with every seat taken is refused at once, before
// the checkout line and before any lock; any other goes on to the seat counter, which alone
// decides (repo.ts takeSeat). The board is only ever a reason to say no sooner, never to sell:
// a stale "open" costs a wait in line, a stale "full" a refusal. Seats given back or a
// capacity raised by this process clear "full" at once (seatsMayBeFree); by another
// replica, within a second.

import { isNotNull } from 'drizzle-orm';
import { MSG } from '@store/shared/messages';
import type { Queryable } from '../../db/client';
import { productDays } from '../../db/schema';
import { AppError } from '../../lib/errors';

/** The board is read again when a checkout asks and it is older than this. */
export const SEAT_BOARD_MS = 1_000;

interface DaySeats {
  capacity: number;
  taken: number;
}

const keyOf = (productId: string, label: string) => `${productId}\u0000${label}`;

/** Boards of this process, told when seats may have come free (release, capacity edit). */
const boards = new Set<SeatBoard>();

/** Seats of these days may be free now (given back, or the limit raised): forget "full". */
export function seatsMayBeFree(productDayIds: readonly string[]): void {
  for (const board of boards) board.forget(productDayIds);
}

export class SeatBoard {
  private byDay = new Map<string, DaySeats>();
  private idToKey = new Map<string, string>();
  private readAt = -Infinity;
  private reading: Promise<void> | null = null;
  /** Days whose seats may have come free: never "full" before this time (a read may be older). */
  private openUntil = new Map<string, number>();

  constructor(
    private readonly db: Queryable,
    private readonly clock: () => number = Date.now,
  ) {
    boards.add(this);
  }

  close(): void {
    boards.delete(this);
  }

  /** The day (its event and label) is known to have every seat taken. Reads again if old. */
  soldOut(productId: string, label: string): boolean {
    if (this.clock() - this.readAt >= SEAT_BOARD_MS) void this.refresh();
    const key = keyOf(productId, label);
    const seats = this.byDay.get(key);
    if (seats === undefined || seats.taken < seats.capacity) return false;
    return (this.openUntil.get(key) ?? -Infinity) <= this.clock();
  }

  /** Refuses at once (409, sold out) when one of these days is known to be full. */
  refuseSoldOut(days: readonly { productId: string; label: string }[]): void {
    if (days.some((d) => this.soldOut(d.productId, d.label))) {
      throw new AppError('conflict', MSG.seatsSoldOut);
    }
  }

  /** Reads every limited day's figures (one statement; concurrent callers share it). */
  refresh(): Promise<void> {
    this.reading ??= this.read().finally(() => {
      this.reading = null;
    });
    return this.reading;
  }

  forget(productDayIds: readonly string[]): void {
    // The change commits after this call: a read running meanwhile may still see it full.
    const until = this.clock() + SEAT_BOARD_MS;
    for (const id of productDayIds) {
      const key = this.idToKey.get(id);
      if (key) this.openUntil.set(key, until);
    }
    for (const [key, at] of this.openUntil) if (at <= this.clock()) this.openUntil.delete(key);
  }

  private async read(): Promise<void> {
    const startedAt = this.clock();
    let rows;
    try {
      rows = await this.db
        .select({
          id: productDays.id,
          productId: productDays.productId,
          label: productDays.label,
          capacity: productDays.seatCapacity,
          taken: productDays.seatsTaken,
        })
        .from(productDays)
        .where(isNotNull(productDays.seatCapacity));
    } catch {
      return; // a database hiccup: the board stays as it was, the seat counter decides
    }
    const byDay = new Map<string, DaySeats>();
    const idToKey = new Map<string, string>();
    for (const r of rows) {
      const key = keyOf(r.productId, r.label);
      byDay.set(key, { capacity: r.capacity!, taken: r.taken });
      idToKey.set(r.id, key);
    }
    this.byDay = byDay;
    this.idToKey = idToKey;
    this.readAt = startedAt;
  }
}
