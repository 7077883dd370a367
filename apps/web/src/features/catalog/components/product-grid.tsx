// A responsive grid of event cards with skeletons of the same size while loading, so the
// page does not move when the data arrives.
import type { MouseEvent } from 'react';
import type { Product } from '@store/shared/schemas/product';
import { cn } from '../../../components/ui/cn';
import { useNow } from '../../../lib/use-now';
import { ProductCard, ProductCardSkeleton } from './product-card';

export interface ProductGridProps {
  products: readonly Product[] | undefined;
  /** How many skeletons to show while `products` is undefined. */
  skeletons: number;
  onOpen?: (product: Product, event: MouseEvent<HTMLAnchorElement>) => void;
  className?: string;
  label?: string;
  /**
   * How many cards, from the first, are above the fold: their covers load at once, the first
   * with high priority (the page's largest paint). 0 (the default) where something else is
   * the largest paint (the home page's hero) or the grid is further down.
   */
  aboveFold?: number;
}

export function ProductGrid({
  products,
  skeletons,
  onOpen,
  className,
  label,
  aboveFold = 0,
}: ProductGridProps) {
  const now = useNow();
  return (
    <ul
      aria-label={label}
      aria-busy={products ? undefined : true}
      className={cn(
        'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5',
        className,
      )}
    >
      {products
        ? products.map((p, i) => (
            <li key={p._id}>
              <ProductCard
                product={p}
                now={now}
                onOpen={onOpen}
                cover={i === 0 && aboveFold > 0 ? 'first' : i < aboveFold ? 'eager' : 'lazy'}
              />
            </li>
          ))
        : Array.from({ length: skeletons }, (_, i) => (
            <li key={i}>
              <ProductCardSkeleton />
            </li>
          ))}
    </ul>
  );
}
