// One event in a grid: cover, category and level, name, price. `onOpen` lets the page run
// the owned-event check before navigating (docs/product.md → My products).
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import type { Product } from '@store/shared/schemas/product';
import { formatPrice } from '@store/shared/domain/money';
import { Skeleton } from '../../../components/ui/skeleton';

export interface ProductCardProps {
  product: Product;
  onOpen?: (product: Product, event: MouseEvent<HTMLAnchorElement>) => void;
}

export function ProductCard({ product, onOpen }: ProductCardProps) {
  return (
    <Link
      to={`/product/${product._id}`}
      onClick={onOpen ? (e) => onOpen(product, e) : undefined}
      className="group flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md"
    >
      <div className="aspect-[4/3] overflow-hidden bg-slate-100">
        <img
          src={product.image[0]}
          alt=""
          width={400}
          height={300}
          loading="lazy"
          className="h-full w-full object-cover transition group-hover:scale-105 motion-reduce:transition-none motion-reduce:group-hover:scale-100"
        />
      </div>
      {/* Two cards side by side on a phone: tighter padding and type so names fit. */}
      <div className="flex flex-1 flex-col p-3 sm:p-4">
        <p className="text-[0.6875rem] font-medium tracking-wide text-brand-700 uppercase sm:text-xs">
          {product.category} · {product.subCategory}
        </p>
        <h3 className="mt-1 line-clamp-3 text-[0.9375rem] leading-snug font-semibold text-ink sm:text-base">
          {product.name}
        </h3>
        <p className="mt-auto pt-2 font-semibold">{formatPrice(product.price)}</p>
      </div>
    </Link>
  );
}

export function ProductCardSkeleton() {
  return (
    <div
      className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200"
      aria-hidden="true"
    >
      <Skeleton className="aspect-[4/3] rounded-none" />
      <div className="space-y-2 p-3 sm:p-4">
        <Skeleton className="h-3 w-1/2" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-4 w-1/4" />
      </div>
    </div>
  );
}
