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
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors';
import type { LineChecks } from '../../plugins/checkout-line';

/** The board is read again when a checkout asks and it is older than this. */
export const SEAT_BOARD_MS = 1_000;
/** Seats from full within which each checkout that takes one makes the board read again. */
const NEARLY_FULL_SEATS = 40;

interface DaySeats {
  capacity: number;
  taken: number;
}

const keyOf = (productId: string, label: string) => `${productId}\u0000${label}`;

/** A day as a checkout call names it: its event and its label. */
export interface DayKey {
  productId: string;
  label: string;
}

/**
 * The checkout line's checks for a call that takes seats of `days(req)`: refused from the board
 * before the line, while waiting and at its turn; a sold-out refusal met by the call itself
 * makes the board read again at once, so everyone waiting for that day is told within moments.
 */
export function seatLineChecks<Req extends { server: FastifyInstance }>(
  days: (req: Req) => readonly DayKey[],
  opts: { refuse: boolean } = { refuse: true },
): LineChecks<Req> {
  return {
    ...(opts.refuse ? { refuse: (req: Req) => req.server.seatBoard.refuseSoldOut(days(req)) } : {}),
    refused: (req, err) => {
      if (err instanceof AppError && err.message === MSG.seatsSoldOut) void req.server.seatBoard.refresh();
    },
    served: (req) => req.server.seatBoard.readIfNearlyFull(days(req)),
  };
}

/** Boards of this process, told when seats may have come free (release, capacity edit). */
const boards = new Set<SeatBoard>();

/**
 * A committed transaction of this process took seats: `taken` per day is how many were taken
 * once it had (repo.ts seatsTakenBy). The day that just filled is refused from now on, in
 * this process, without waiting for a read.
 */
export function seatsTakenNow(taken: ReadonlyMap<string, number>): void {
  if (taken.size === 0) return;
  for (const board of boards) board.noteTaken(taken);
}

/** Seats of these days may be free now (given back, or the limit raised): forget "full". */
export function seatsMayBeFree(productDayIds: readonly string[]): void {
  for (const board of boards) board.forget(productDayIds);
}

export class SeatBoard {
  private byDay = new Map<string, DaySeats>();
  private idToKey = new Map<string, string>();
  private readAt = -Infinity;
  private reading: Promise<void> | null = null;
  private again = false;
  /** Days whose seats may have come free: never "full" before this time (a read may be older). */
  private openUntil = new Map<string, number>();

  constructor(
    private readonly db: Queryable,
    /** A day became full at this read: those waiting in line for it are told now. */
    private readonly onFilled: () => void = () => undefined,
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
  refuseSoldOut(days: readonly DayKey[]): void {
    if (days.some((d) => this.soldOut(d.productId, d.label))) {
      throw new AppError('conflict', MSG.seatsSoldOut);
    }
  }

  /**
   * A checkout took seats of these days: when one of them was within `margin` seats of full at
   * the last read, read again now, so that the moment it fills everyone asking (and everyone
   * waiting in line for it) is told, not a second later.
   */
  readIfNearlyFull(days: readonly DayKey[], margin = NEARLY_FULL_SEATS): void {
    const near = days.some((d) => {
      const seats = this.byDay.get(keyOf(d.productId, d.label));
      return seats !== undefined && seats.capacity - seats.taken <= margin;
    });
    if (near) void this.refresh();
  }

  noteTaken(taken: ReadonlyMap<string, number>): void {
    let filled = false;
    for (const [id, n] of taken) {
      const key = this.idToKey.get(id);
      const seats = key === undefined ? undefined : this.byDay.get(key);
      if (!seats || n <= seats.taken) continue;
      if (n >= seats.capacity && seats.taken < seats.capacity) filled = true;
      seats.taken = n;
    }
    if (filled) this.onFilled();
  }

  /** Reads every limited day's figures (one statement; concurrent callers share it). */
  refresh(): Promise<void> {
    if (this.reading) {
      // A read under way may have started before the change that asks: read once more after it.
      this.again = true;
      return this.reading;
    }
    this.reading = (async () => {
      do {
        this.again = false;
        await this.read();
      } while (this.again);
    })().finally(() => {
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
    const filled = [...byDay].some(([key, seats]) => {
      const before = this.byDay.get(key);
      return seats.taken >= seats.capacity && (before === undefined || before.taken < before.capacity);
    });
    this.byDay = byDay;
    this.idToKey = idToKey;
    this.readAt = startedAt;
    if (filled) this.onFilled();
  }
}
