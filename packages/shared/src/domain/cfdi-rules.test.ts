import { describe, expect, it } from 'vitest';
import { SERVICE_FEE_CENTAVOS } from '../constants';
import { computeTotals } from './totals';
import { invoiceLines, linesTotal, withinInvoiceMonth } from './cfdi-rules';
import { fromMexicoCityLocal } from './time';

const at = (local: string) => fromMexicoCityLocal(local)!;

describe('withinInvoiceMonth', () => {
  it('allows the rest of the month of payment, in Mexico City time', () => {
    expect(withinInvoiceMonth(at('2026-11-03T10:00'), at('2026-11-30T23:59'))).toBe(true);
    expect(withinInvoiceMonth(at('2026-11-03T10:00'), at('2026-12-01T00:00'))).toBe(false);
  });

  it('uses Mexico City, not UTC: 31 October 20:00 there is already November in UTC', () => {
    const paid = at('2026-10-31T20:00');
    expect(paid.getUTCMonth()).toBe(10);
    expect(withinInvoiceMonth(paid, at('2026-10-31T23:00'))).toBe(true);
    expect(withinInvoiceMonth(paid, at('2026-11-01T00:30'))).toBe(false);
  });

  it('a different year is closed', () => {
    expect(withinInvoiceMonth(at('2025-11-10T10:00'), at('2026-11-10T10:00'))).toBe(false);
  });
});

describe('invoiceLines', () => {
  const items = [
    { name: 'Curso A', priceCentavos: 150_000, days: ['Día 1', 'Día 2'] },
    { name: 'Taller B', priceCentavos: 40_000, days: ['Único'] },
  ];

  it('adds up to the amount charged, with the fee as its own line', () => {
    const subtotal = 150_000 * 2 + 40_000;
    for (const discount of [0, 1, 100_000, 300_000, 320_000, subtotal]) {
      const totals = computeTotals(subtotal, discount);
      const lines = invoiceLines(items, totals.discount, totals.fee);
      expect(linesTotal(lines)).toBe(totals.total);
      expect(lines.every((l) => l.discountCentavos <= l.unitCentavos * l.quantity)).toBe(true);
    }
    const lines = invoiceLines(items, 0, SERVICE_FEE_CENTAVOS);
    expect(lines.at(-1)).toMatchObject({ quantity: 1, unitCentavos: SERVICE_FEE_CENTAVOS });
    expect(lines[0]).toMatchObject({ description: 'Curso A (Día 1, Día 2)', quantity: 2 });
  });
});
