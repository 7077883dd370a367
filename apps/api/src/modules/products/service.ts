// Catalogue rules.

import type { Product } from '@store/shared/schemas/product';
import type { Queryable } from '../../db/client';
import { toPublicProduct } from './mappers';
import { listActiveProducts } from './repo';

export async function listProducts(db: Queryable): Promise<Product[]> {
  return (await listActiveProducts(db)).map(toPublicProduct);
}
