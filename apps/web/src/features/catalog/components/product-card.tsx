// One event in a grid: cover, name, price.
import { Link } from 'react-router';
import type { Product } from '@store/shared/schemas/product';
import { formatPrice } from '@store/shared/domain/money';

export function ProductCard({ product }: { product: Product }) {
  return (
    <Link
      to={`/product/${product._id}`}
      className="group block overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md"
    >
      <div className="aspect-[4/3] overflow-hidden bg-slate-100">
        <img
          src={product.image[0]}
          alt=""
          width={400}
          height={300}
          loading="lazy"
          className="h-full w-full object-cover transition group-hover:scale-105"
        />
      </div>
      <div className="p-4">
        <p className="text-xs font-medium uppercase tracking-wide text-brand-700">{product.category}</p>
        <h3 className="mt-1 line-clamp-2 font-semibold text-ink">{product.name}</h3>
        <p className="mt-2 font-semibold">{formatPrice(product.price)}</p>
      </div>
    </Link>
  );
}

export function ProductCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200" aria-hidden="true">
      <div className="aspect-[4/3] animate-pulse bg-slate-200" />
      <div className="space-y-2 p-4">
        <div className="h-3 w-1/3 animate-pulse rounded bg-slate-200" />
        <div className="h-4 w-full animate-pulse rounded bg-slate-200" />
        <div className="h-4 w-1/4 animate-pulse rounded bg-slate-200" />
      </div>
    </div>
  );
}
