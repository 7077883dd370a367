// One event in a grid: cover, category and level, name, dates (Mexico City), price, and a
// "Finalizado" badge once its last day has ended at `now`, «Agotado» or «Quedan N lugares» while
// on sale (utils/card-seats.ts). `onOpen` lets the page run the
// owned-event check before navigating (docs/product.md → Cart).
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { CalendarDays } from 'lucide-react';
import type { Product } from '@store/shared/schemas/product';
import { ENDED_LABEL, hasEnded } from '@store/shared/domain/event-days';
import { formatPrice } from '@store/shared/domain/money';
import { formatDateRange } from '@store/shared/domain/time';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../components/ui/cn';
import { EventCover } from '../../../components/ui/event-cover';
import { Skeleton } from '../../../components/ui/skeleton';
import { cardSeats, cardSeatsLabel } from '../utils/card-seats';

export interface ProductCardProps {
  product: Product;
  /** The caller's clock (epoch ms). */
  now: number;
  onOpen?: (product: Product, event: MouseEvent<HTMLAnchorElement>) => void;
  /**
   * Where the card's cover loads: `lazy` below the fold (the default), `eager` in the first
   * row, `first` for the first card, the page's likely largest paint (fetched with high
   * priority). A lazy image in the first row waits for layout: on /collection it was the
   * largest paint, loaded 0.8 s late under Lighthouse's mobile throttling.
   */
  cover?: 'lazy' | 'eager' | 'first';
}

export function ProductCard({ product, now, onOpen, cover = 'lazy' }: ProductCardProps) {
  const ended = hasEnded(product, now);
  const seats = ended ? null : cardSeats(product, now);
  return (
    <Link
      to={`/product/${product._id}`}
      onClick={onOpen ? (e) => onOpen(product, e) : undefined}
      className="group flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md"
    >
      <div className="relative aspect-[4/3] overflow-hidden bg-slate-100">
        {ended && <Badge className="absolute top-2 left-2 z-10 shadow-sm">{ENDED_LABEL}</Badge>}
        {seats && (
          <Badge
            tone={seats.kind === 'agotado' ? 'danger' : 'warning'}
            className="absolute top-2 right-2 z-10 shadow-sm"
          >
            {cardSeatsLabel(seats)}
          </Badge>
        )}
        <EventCover
          src={product.image[0]}
          alt=""
          width={400}
          height={300}
          loading={cover === 'lazy' ? 'lazy' : 'eager'}
          fetchPriority={cover === 'first' ? 'high' : undefined}
          className={cn(
            'block h-full w-full object-cover transition group-hover:scale-105 motion-reduce:transition-none motion-reduce:group-hover:scale-100',
            ended && 'grayscale-[60%]',
          )}
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
        <p className="mt-1.5 flex items-start gap-1.5 text-xs text-slate-600 sm:text-sm">
          <CalendarDays aria-hidden="true" className="mt-px h-3.5 w-3.5 shrink-0 sm:mt-0.5" />
          <span>{formatDateRange(product.startsAt, product.endsAt)}</span>
        </p>
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
        <Skeleton className="h-3 w-1/2" />
        <Skeleton className="h-4 w-1/4" />
      </div>
    </div>
  );
}
