// What a catalogue card says about seats (docs/product.md → Catalogue), from the public day
// options the list already carries: «Agotado» when nothing is left to buy, «Quedan N lugares»
// when few are, nothing otherwise (unlimited days, plenty of seats, a finished event).
import { hasEnded } from '@store/shared/domain/event-days';
import type { Product } from '@store/shared/schemas/product';

/** At or below this many seats a card (and a day option) says how many are left. */
export const FEW_SEATS = 10;

export type CardSeats = { kind: 'agotado' } | { kind: 'pocos'; left: number } | null;

export function cardSeats(product: Pick<Product, 'dayOptions' | 'saleMode'>, now: number): CardSeats {
  const upcoming = product.dayOptions.filter((o) => !hasEnded(o, now));
  if (upcoming.length === 0) return null;
  const left = upcoming.map((o) =>
    o.seatCapacity === null ? Infinity : Math.max(0, o.seatCapacity - o.seatsSold),
  );
  // Sold as a whole, the emptiest day limits the event; per day, the fullest one does.
  const n = product.saleMode === 'completo' ? Math.min(...left) : Math.max(...left);
  if (n === 0) return { kind: 'agotado' };
  return n <= FEW_SEATS ? { kind: 'pocos', left: n } : null;
}

export function cardSeatsLabel(seats: NonNullable<CardSeats>): string {
  if (seats.kind === 'agotado') return 'Agotado';
  return seats.left === 1 ? 'Queda 1 lugar' : `Quedan ${seats.left} lugares`;
}
