// Finds a content page's event in the catalogue by name (exact first, then by keyword), so
// enrol buttons survive an admin's small rename without hard-coding ids.
import type { Product } from '@store/shared/schemas/product';

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

export function findProductByName(
  products: readonly Product[] | undefined,
  name: string,
  keywords: readonly string[] = [],
): Product | undefined {
  if (!products) return undefined;
  const wanted = fold(name);
  return (
    products.find((p) => fold(p.name) === wanted) ??
    (keywords.length > 0
      ? products.find((p) => keywords.every((k) => fold(p.name).includes(fold(k))))
      : undefined)
  );
}
