// Event records → the admin event shape (pesos, epoch milliseconds, stream links and the fee
// schedule included).

import { toPesos } from '@store/shared/domain/money';
import { productFields } from '@store/shared/domain/product-fields';
import type { AdminEvent } from '@store/shared/schemas/admin/events';
import type { EventRecord } from './repo';
import { venueOf } from '../../products/mappers';

/** The event's endorsement, or null when it has none (the four columns are set together). */
export function endorsementOf(p: {
  endorsementBody: string | null;
  endorsementNumber: string | null;
  endorsementHours: number | null;
  endorsementPoints: number | null;
}): AdminEvent['endorsement'] {
  if (p.endorsementBody === null || p.endorsementNumber === null) return null;
  return {
    body: p.endorsementBody,
    number: p.endorsementNumber,
    hours: Number(p.endorsementHours),
    points: Number(p.endorsementPoints),
  };
}

export function toAdminEvent({ product, days, tiers }: EventRecord): AdminEvent {
  return {
    ...productFields(product),
    description: product.description,
    startsAt: product.startsAt.getTime(),
    endsAt: product.endsAt.getTime(),
    active: product.active,
    draft: product.draft,
    createdAt: product.createdAt.getTime(),
    updatedAt: product.updatedAt.getTime(),
    saleMode: product.saleMode,
    requires: product.requiresProductId,
    endorsement: endorsementOf(product),
    venue: venueOf(product),
    institutionalPrice:
      product.institutionalPriceCentavos === null ? null : toPesos(product.institutionalPriceCentavos),
    tiers: tiers.map((t) => ({
      userType: t.userType,
      until: t.untilAt,
      price: toPesos(t.priceCentavos),
      scholarshipPrice: t.scholarshipPriceCentavos === null ? null : toPesos(t.scholarshipPriceCentavos),
    })),
    days: days.map((d) => ({
      _id: d.id,
      label: d.label,
      position: d.position,
      startsAt: d.startsAt.getTime(),
      endsAt: d.endsAt.getTime(),
      streamUrl: d.streamUrl,
      seatCapacity: d.seatCapacity,
      seatsTaken: d.seatsTaken,
      seatsSold: d.seatsSold,
      ordersCount: d.ordersCount,
    })),
  };
}
