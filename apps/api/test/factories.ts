// Test data builders that write straight to the database.

import type { Category, Level } from '@store/shared/constants';
import { toCentavos } from '@store/shared/domain/money';
import type { Db } from '../src/db/client';
import { productDays, products } from '../src/db/schema';

export interface ProductSpec {
  name?: string;
  price?: number;
  category?: Category;
  subCategory?: Level;
  isPresential?: boolean;
  active?: boolean;
  createdAt?: Date;
  days?: { label: string; streamUrl?: string | null; seatCapacity?: number | null }[];
}

let counter = 0;

export async function createProduct(db: Db, spec: ProductSpec = {}) {
  counter += 1;
  const [row] = await db
    .insert(products)
    .values({
      name: spec.name ?? `Evento de prueba ${counter}`,
      description: 'Descripción de prueba',
      priceCentavos: toCentavos(spec.price ?? 1000),
      images: ['/covers/prueba.svg'],
      category: spec.category ?? 'Conferencias',
      subCategory: spec.subCategory ?? 'Basico',
      isPresential: spec.isPresential ?? false,
      active: spec.active ?? true,
      ...(spec.createdAt ? { createdAt: spec.createdAt } : {}),
    })
    .returning();
  const days = spec.days ?? [{ label: 'Día 1', streamUrl: 'https://www.youtube.com/watch?v=abcdefghijk' }];
  const dayRows = await db
    .insert(productDays)
    .values(
      days.map((d, position) => ({
        productId: row!.id,
        label: d.label,
        position,
        streamUrl: d.streamUrl ?? null,
        seatCapacity: d.seatCapacity ?? null,
      })),
    )
    .returning();
  return { product: row!, days: dayRows };
}
