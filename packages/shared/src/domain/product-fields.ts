// The fields every API shape of a product shares (the public product, the admin event and
// the item snapshot an order keeps), from a stored product: ids as `_id`, money in pesos.
// One mapping, so a product reads the same in the catalogue, the back office and an order.

import type { Category, Level } from '../constants';
import { toPesos } from './money';

/** What is stored of a product (centavos). */
export interface StoredProduct {
  id: string;
  name: string;
  priceCentavos: number;
  images: string[];
  category: Category;
  subCategory: Level;
  isPresential: boolean;
}

export interface ProductFields {
  _id: string;
  name: string;
  /** Pesos. */
  price: number;
  image: string[];
  category: Category;
  subCategory: Level;
  isPresential: boolean;
}

export function productFields(p: StoredProduct): ProductFields {
  return {
    _id: p.id,
    name: p.name,
    price: toPesos(p.priceCentavos),
    image: p.images,
    category: p.category,
    subCategory: p.subCategory,
    isPresential: p.isPresential,
  };
}
