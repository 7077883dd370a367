// Test data builders that write straight to the database.

import type { Category, Level, SaleMode } from '@store/shared/constants';
import { toCentavos } from '@store/shared/domain/money';
import { addCalendarDays, fromMexicoCityLocal, mexicoCityDate } from '@store/shared/domain/time';
import type { Db } from '../src/db/client';
import { productDays, products } from '../src/db/schema';

/**
 * A Mexico City wall time `days` calendar days from today (negative = past), e.g.
 * `mexicoCityTime(30, '09:00')`. Tests that move the clock pass `from`.
 */
export function mexicoCityTime(days: number, time: string, from: Date | number = Date.now()): Date {
  return fromMexicoCityLocal(`${addCalendarDays(mexicoCityDate(from), days)}T${time}`)!;
}

export interface DaySpec {
  label: string;
  streamUrl?: string | null;
  seatCapacity?: number | null;
  /** Default: 9:00–18:00 Mexico City, 30 days from today plus the day's position. */
  startsAt?: Date;
  endsAt?: Date;
}

export interface ProductSpec {
  name?: string;
  price?: number;
  category?: Category;
  subCategory?: Level;
  isPresential?: boolean;
  active?: boolean;
  createdAt?: Date;
  days?: DaySpec[];
  saleMode?: SaleMode;
  requiresProductId?: string | null;
}

let counter = 0;

export async function createProduct(db: Db, spec: ProductSpec = {}) {
  counter += 1;
  const days = (
    spec.days ?? [{ label: 'Día 1', streamUrl: 'https://www.youtube.com/watch?v=abcdefghijk' }]
  ).map((d, position) => ({
    ...d,
    startsAt: d.startsAt ?? mexicoCityTime(30 + position, '09:00'),
    endsAt: d.endsAt ?? mexicoCityTime(30 + position, '18:00'),
  }));
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
      saleMode: spec.saleMode ?? 'por_dia',
      requiresProductId: spec.requiresProductId ?? null,
      startsAt: new Date(Math.min(...days.map((d) => d.startsAt.getTime()))),
      endsAt: new Date(Math.max(...days.map((d) => d.endsAt.getTime()))),
      ...(spec.createdAt ? { createdAt: spec.createdAt } : {}),
    })
    .returning();
  const dayRows = await db
    .insert(productDays)
    .values(
      days.map((d, position) => ({
        productId: row!.id,
        label: d.label,
        position,
        startsAt: d.startsAt,
        endsAt: d.endsAt,
        streamUrl: d.streamUrl ?? null,
        seatCapacity: d.seatCapacity ?? null,
      })),
    )
    .returning();
  return { product: row!, days: dayRows };
}
