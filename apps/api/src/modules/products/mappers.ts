// Database rows → the public product shape (never dayLinks).

import type { Product } from '@store/shared/schemas/product';
import { productFields } from '@store/shared/domain/product-fields';
import type { ProductWithDays } from './repo';

export function toPublicProduct({ product, days }: ProductWithDays): Product {
  return {
    ...productFields(product),
    description: product.description,
    days: days.map((d) => d.label),
    dayOptions: days.map((d) => ({
      label: d.label,
      startsAt: d.startsAt.getTime(),
      endsAt: d.endsAt.getTime(),
      seatCapacity: d.seatCapacity,
      seatsSold: d.seatsTaken,
    })),
    date: product.createdAt.getTime(),
    startsAt: product.startsAt.getTime(),
    endsAt: product.endsAt.getTime(),
  };
}
