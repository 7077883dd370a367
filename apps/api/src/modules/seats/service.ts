// Seat rules callers ask for (docs/lifecycle.md → Seats): a capacity edit that never goes
// below what is taken, and the seat figures the catalogue and the back office show.

import { adminCapacityBelowTaken } from '@store/shared/admin-messages';
import type { Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { lockDaySeats, writeCapacity } from './repo';
import { seatsMayBeFree } from './board';

/**
 * Sets a day's seat limit (null: no limit) in the caller's transaction. The day is locked
 * first, so a purchase or an offer made meanwhile is counted: a limit below the seats taken
 * plus the open waiting-list offers is refused (409, naming how many are taken).
 */
export async function setSeatCapacity(
  tx: Queryable,
  productDayId: string,
  capacity: number | null,
  now = new Date(),
): Promise<void> {
  const seats = await lockDaySeats(tx, productDayId, now);
  if (!seats) return;
  if (seats.capacity === capacity) return;
  if (capacity !== null && capacity < seats.taken + seats.offers) {
    throw new AppError('conflict', adminCapacityBelowTaken(seats.label, seats.taken, seats.offers));
  }
  await writeCapacity(tx, productDayId, capacity);
  // A limit raised (or lifted) may open seats a board here holds as full.
  if (capacity === null || (seats.capacity !== null && capacity > seats.capacity))
    seatsMayBeFree([productDayId]);
}
