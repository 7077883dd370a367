// What is being bought, above the totals at checkout: each event and day with its price; an
// event sold as a whole is one line with its days and its price, as in the cart.
import { formatPrice } from '@store/shared/domain/money';
import type { Product } from '@store/shared/schemas/product';

export interface OrderSummaryLine {
  product: Product;
  day: string;
  /** What the server charges for the line (the member's tier); default the event's price. */
  price?: number;
  /** Event sold as a whole: its price on the first day, "incluido" on the others. */
  whole?: 'first' | 'included';
}

/** The lines as shown: an event sold whole gathers its days into its first line. */
export function summaryRows(lines: readonly OrderSummaryLine[]) {
  const rows: (OrderSummaryLine & { days: string[] })[] = [];
  for (const line of lines) {
    const first = line.whole === 'included' && rows.find((r) => r.product._id === line.product._id);
    if (first) first.days.push(line.day);
    else rows.push({ ...line, days: [line.day] });
  }
  return rows;
}

export function OrderSummary({ lines }: { lines: readonly OrderSummaryLine[] }) {
  return (
    <section aria-labelledby="tu-orden" className="rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="tu-orden" className="text-lg font-bold tracking-tight">
        TU <span className="text-brand-700">ORDEN</span>
      </h2>
      <ul className="mt-3 divide-y divide-slate-200 text-sm">
        {summaryRows(lines).map(({ product, day, days, price, whole }) => (
          <li key={`${product._id}|${day}`} className="flex items-start justify-between gap-4 py-2">
            <span>
              <span className="block font-medium">{product.name}</span>
              {whole ? (
                <span className="block text-slate-600">
                  Evento completo · {days.length} {days.length === 1 ? 'día' : 'días'}: {days.join(', ')}
                </span>
              ) : (
                <span className="block text-slate-600">{day}</span>
              )}
            </span>
            <span className="shrink-0 font-medium">{formatPrice(price ?? product.price)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
