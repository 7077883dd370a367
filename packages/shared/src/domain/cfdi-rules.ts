// CFDI rules that are arithmetic or dates (docs/cfdi.md): when a paid order may still be
// invoiced, and how an order's amounts become invoice lines that add up to what was paid.

import { mexicoCityWallClock } from './time';

/** An invoice may be requested until the end of the calendar month (Mexico City) of payment. */
export function withinInvoiceMonth(paidAt: Date | number, now: Date | number): boolean {
  const paid = mexicoCityWallClock(paidAt);
  const today = mexicoCityWallClock(now);
  return paid.year === today.year && paid.month === today.month;
}

export interface InvoiceLine {
  description: string;
  quantity: number;
  /** Unit price, centavos, taxes included. */
  unitCentavos: number;
  /** Discount on the whole line, centavos. */
  discountCentavos: number;
}

/**
 * One line per event (days × price per day; × places of each day for a group order), the
 * service fee as its own line, and the order's discount taken from the event lines in order,
 * so that the lines always add up to `subtotal − discount + fee`, the amount charged.
 */
export function invoiceLines(
  items: readonly { name: string; priceCentavos: number; days: readonly string[]; places?: number }[],
  discountCentavos: number,
  feeCentavos: number,
  feeLabel = 'Cargo por servicio',
): InvoiceLine[] {
  let left = discountCentavos;
  const lines: InvoiceLine[] = items
    .filter((i) => i.days.length > 0)
    .map((i) => {
      const places = i.places ?? 1;
      const total = i.priceCentavos * i.days.length * places;
      const discount = Math.min(left, total);
      left -= discount;
      return {
        description: `${i.name} (${i.days.join(', ')})${i.places ? ` · ${places} ${places === 1 ? 'lugar' : 'lugares'}` : ''}`,
        quantity: i.days.length * places,
        unitCentavos: i.priceCentavos,
        discountCentavos: discount,
      };
    });
  if (feeCentavos > 0) {
    lines.push({ description: feeLabel, quantity: 1, unitCentavos: feeCentavos, discountCentavos: 0 });
  }
  return lines;
}

export function linesTotal(lines: readonly InvoiceLine[]): number {
  return lines.reduce((sum, l) => sum + l.unitCentavos * l.quantity - l.discountCentavos, 0);
}
