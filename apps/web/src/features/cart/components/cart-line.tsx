// One cart line (docs/product.md → Routes): image, name, price, chosen day, quantity input and delete icon.
// The input follows docs/product.md → Validation rules (cart quantity): min 1, max 1, empty or 0 ignored; the icon sets quantity 0.
// A line whose day has ended says so ("Finalizado") and can only be removed. An event sold as a
// whole is one line: its days, its price, no quantity, one delete that removes the event.
import { Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { MAX_LINE_QUANTITY } from '@store/shared/constants';
import { ENDED_LABEL } from '@store/shared/domain/event-days';
import { parseQuantityInput } from '@store/shared/domain/cart';
import { formatPrice } from '@store/shared/domain/money';
import type { Product } from '@store/shared/schemas/product';
import { Badge } from '../../../components/ui/badge';
import { EventCover } from '../../../components/ui/event-cover';

export interface CartLineProps {
  product: Product;
  day: string;
  quantity: number;
  onQuantityChange: (quantity: number) => void;
  /** The day has ended: it can no longer be bought, only removed. */
  ended?: boolean;
  /** What the server charges for this line (pesos, the member's tier); default the event's price. */
  price?: number;
  /** For an event sold as a whole: the first day carries the whole price, the others say so. */
  whole?: 'first' | 'included';
  /**
   * An event sold as a whole shown as one line: all its days. No quantity (one registration);
   * removing it removes the whole event.
   */
  days?: readonly string[];
}

export function CartLine({
  product,
  day,
  quantity,
  onQuantityChange,
  ended = false,
  price,
  whole,
  days,
}: CartLineProps) {
  const asWhole = days !== undefined;
  const what = asWhole ? `${product.name} (evento completo)` : `${product.name}, ${day}`;
  return (
    <li className="grid grid-cols-[4.5rem_1fr_auto] items-center gap-3 py-4 sm:grid-cols-[6rem_1fr_5rem_auto] sm:gap-6">
      {/* The name beside it is the accessible link; this one is a bigger target for the pointer. */}
      <Link
        to={`/product/${product._id}`}
        tabIndex={-1}
        aria-hidden="true"
        className="block overflow-hidden rounded-lg bg-slate-100"
      >
        <EventCover
          src={product.image[0]}
          alt=""
          width={96}
          height={72}
          className="block aspect-[4/3] w-full object-cover"
        />
      </Link>
      <div className="min-w-0">
        <Link to={`/product/${product._id}`} className="font-semibold hover:text-brand-700">
          {product.name}
        </Link>
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          {whole === 'included' ? (
            <span className="text-slate-600">Incluido en el evento completo</span>
          ) : (
            <span className="font-medium">
              {formatPrice(price ?? product.price)}
              {whole === 'first' && (
                <span className="font-normal text-slate-600">
                  {' '}
                  · evento completo{asWhole ? `, ${days.length} ${days.length === 1 ? 'día' : 'días'}` : ''}
                </span>
              )}
            </span>
          )}
          {(days ?? [day]).map((d) => (
            <span
              key={d}
              className="rounded-md border border-slate-200 bg-slate-50 px-2 py-0.5 text-slate-700"
            >
              {d}
            </span>
          ))}
          {ended && <Badge>{ENDED_LABEL}</Badge>}
        </div>
        {ended && (
          <p className="mt-1 text-sm text-red-700">
            Este día ya terminó: quítalo para continuar con tu compra.
          </p>
        )}
      </div>
      {asWhole ? (
        // One registration: nothing to count.
        <span aria-hidden="true" className="hidden sm:block" />
      ) : (
        <input
          // Remounts with the saved value when the quantity changes elsewhere.
          key={quantity}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_LINE_QUANTITY}
          defaultValue={quantity}
          disabled={ended}
          aria-label={`Cantidad de ${product.name}, ${day}`}
          onChange={(e) => {
            const next = parseQuantityInput(e.target.value, MAX_LINE_QUANTITY);
            if (next !== null && next !== quantity) onQuantityChange(next);
            else if (next !== null && String(next) !== e.target.value) e.target.value = String(next);
          }}
          onBlur={(e) => {
            // An ignored value (empty, 0) goes back to the saved quantity.
            if (parseQuantityInput(e.target.value, MAX_LINE_QUANTITY) === null)
              e.target.value = String(quantity);
          }}
          className="col-start-2 h-10 w-16 rounded-lg border border-slate-300 px-2 text-center disabled:bg-slate-100 disabled:text-slate-500 sm:col-start-auto sm:w-20"
        />
      )}
      <button
        type="button"
        onClick={() => onQuantityChange(0)}
        aria-label={`Eliminar ${what}`}
        className="col-start-3 row-span-2 row-start-1 flex h-11 w-11 items-center justify-center rounded-lg text-slate-600 hover:bg-red-50 hover:text-red-700 sm:col-start-auto sm:row-span-1 sm:row-start-auto"
      >
        <Trash2 aria-hidden="true" className="h-5 w-5" />
      </button>
    </li>
  );
}
