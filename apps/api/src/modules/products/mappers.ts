// Database rows → the public product shape (docs/product.md → Events are "products"; never dayLinks).

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
    dayOptions: days.map((d) => ({ label: d.label, seatCapacity: d.seatCapacity, seatsSold: d.seatsTaken })),
    isPresential: product.isPresential,
    date: product.createdAt.getTime(),
  };
}
