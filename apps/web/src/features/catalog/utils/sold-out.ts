// Whether an event can still go into the cart as far as seats go, and why not: every day left
// on sale (not ended, not owned) is sold out or, for an event sold as a whole, one of them is.
// The product page disables its add button with this reason.
import { hasEnded } from '@store/shared/domain/event-days';
import { MSG } from '@store/shared/messages';
import type { Product } from '@store/shared/schemas/product';

export function soldOutReason(
  product: Pick<Product, 'dayOptions' | 'saleMode'>,
  opts: {
    now: number;
    owned?: ReadonlySet<string>;
    /** Days with no seat left for the signed-in member (waiting-list offers count). */
    fullForMe?: ReadonlySet<string>;
  },
): string | null {
  const onSale = product.dayOptions.filter((o) => !hasEnded(o, opts.now) && !opts.owned?.has(o.label));
  if (onSale.length === 0) return null;
  const full = onSale.filter(
    (o) =>
      (o.seatCapacity !== null && o.seatsSold >= o.seatCapacity) || (opts.fullForMe?.has(o.label) ?? false),
  );
  if (product.saleMode === 'completo') return full.length > 0 ? MSG.wholeEventSoldOut : null;
  return full.length === onSale.length ? MSG.eventSoldOut : null;
}

/**
 * The days as the signed-in member sees them: a day whose freed seat is offered to them
 * (waiting list, status `ofrecido`) keeps one seat for them, so it is not «Agotado» on their
 * product page and they can buy it (docs/after-sale.md → Waiting list).
 */
export function withOfferedSeats<
  T extends Pick<Product['dayOptions'][number], 'label' | 'seatCapacity' | 'seatsSold'>,
>(
  options: readonly T[],
  states: readonly { day: string; entry: { status: string } | null }[] | undefined,
): T[] {
  const offered = new Set(states?.filter((s) => s.entry?.status === 'ofrecido').map((s) => s.day));
  if (offered.size === 0) return [...options];
  return options.map((o) =>
    offered.has(o.label) && o.seatCapacity !== null && o.seatsSold >= o.seatCapacity
      ? { ...o, seatsSold: o.seatCapacity - 1 }
      : o,
  );
}
