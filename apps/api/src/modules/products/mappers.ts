// Database rows → the public product shape (never dayLinks).

import type { PriceTier } from '@store/shared/domain/pricing';
import { toPesos } from '@store/shared/domain/money';
import type { Product, Venue } from '@store/shared/schemas/product';
import { productFields } from '@store/shared/domain/product-fields';
import type { ProductWithDays } from './repo';

export interface PricingExtras {
  tiers: readonly PriceTier[];
  requires: { id: string; name: string } | null;
}

/** The event's venue, or null when it has none (an address or map only come with a name). */
export function venueOf(p: {
  venueName: string | null;
  venueAddress: string | null;
  venueMapUrl: string | null;
}): Venue | null {
  if (p.venueName === null) return null;
  return { name: p.venueName, address: p.venueAddress, mapUrl: p.venueMapUrl };
}

export function toPublicProduct({ product, days }: ProductWithDays, extras: PricingExtras): Product {
  return {
    ...productFields(product),
    description: product.description,
    days: days.map((d) => d.label),
    dayOptions: days.map((d) => ({
      label: d.label,
      startsAt: d.startsAt.getTime(),
      endsAt: d.endsAt.getTime(),
      seatCapacity: d.seatCapacity,
      // Taken: paid days, unpaid holds and seats held for the waiting list (docs/lifecycle.md → Seats).
      seatsSold: d.seatsTaken + d.seatsHeld,
    })),
    date: product.createdAt.getTime(),
    startsAt: product.startsAt.getTime(),
    endsAt: product.endsAt.getTime(),
    saleMode: product.saleMode,
    tiers: extras.tiers.map((t) => ({
      userType: t.userType,
      until: t.untilAt,
      price: toPesos(t.priceCentavos),
      scholarshipPrice: t.scholarshipPriceCentavos === null ? null : toPesos(t.scholarshipPriceCentavos),
    })),
    requires: extras.requires ? { _id: extras.requires.id, name: extras.requires.name } : null,
    venue: venueOf(product),
  };
}
