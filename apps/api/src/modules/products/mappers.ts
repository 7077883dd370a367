// Database rows → the public product shape of SPEC §3 (never dayLinks).

import type { Product } from '@store/shared/schemas/product';
import { toPesos } from '@store/shared/domain/money';
import type { ProductWithDays } from './repo';

export function toPublicProduct({ product, days }: ProductWithDays): Product {
  return {
    _id: product.id,
    name: product.name,
    description: product.description,
    price: toPesos(product.priceCentavos),
    image: product.images,
    category: product.category,
    subCategory: product.subCategory,
    days: days.map((d) => d.label),
    dayOptions: days.map((d) => ({
      label: d.label,
      startsAt: d.startsAt.getTime(),
      endsAt: d.endsAt.getTime(),
      seatCapacity: d.seatCapacity,
      seatsSold: d.seatsTaken,
    })),
    isPresential: product.isPresential,
    date: product.createdAt.getTime(),
    startsAt: product.startsAt.getTime(),
    endsAt: product.endsAt.getTime(),
  };
}
