// The receipt PDF read as text boxes: wrapped lines never overprint the next row, every text
// (the footer too) stays inside the margins on every page, an event sold as a whole is one line
// with its full price, and a team's receipt names the institution and who bought it.
import { describe, expect, it } from 'vitest';
import { fromMexicoCityLocal } from '@store/shared/domain/time';
import { layoutProblems, pdfLayout } from '../../../test/pdf-boxes';
import { renderReceipt, type ReceiptData } from './receipt';
import { createTestContext } from '../../../test/context';
import { createProduct } from '../../../test/factories';
import { call, claim } from '../../../test/admin-helpers';
import { createUser, FEE } from '../../../test/store-helpers';

const MARGIN = 56;
const day = (d: string) => fromMexicoCityLocal(`${d}T09:00`)!;

function order(over: Partial<ReceiptData['order']> = {}): ReceiptData['order'] {
  return {
    id: '3f2a9c1e-0000-4000-8000-000000000001',
    userId: 'u',
    items: [],
    address: {
      firstName: 'Ana',
      lastName: 'López',
      email: 'ana@hospital.mx',
      street: 'Av. Insurgentes Sur 1234',
      city: 'Ciudad de México',
      state: 'CDMX',
      zipcode: '03100',
      country: 'México',
      phone: '5555555555',
    },
    subtotalCentavos: 250_000,
    discountCentavos: 0,
    feeCentavos: 1_000,
    amountCentavos: 251_000,
    currency: 'MXN',
    couponId: null,
    couponCode: null,
    status: 'pagado',
    payment: true,
    paymentMethod: 'paypal',
    refundedCentavos: 0,
    extraTransfers: 0,
    expiresAt: null,
    closedReason: null,
    clientNetwork: null,
    paidAt: day('2026-11-20'),
    kind: 'individual',
    createdAt: day('2026-11-20'),
    updatedAt: day('2026-11-20'),
    ...over,
  } as ReceiptData['order'];
}

const LONG =
  'Simposio internacional de monitoreo hemodinámico avanzado, ecocardiografía transesofágica y manejo de la coagulación en cirugía cardíaca';

async function layoutOf(data: ReceiptData) {
  const layout = await pdfLayout(await renderReceipt(data));
  return { layout, text: layout.boxes.map((b) => b.str).join(' ') };
}

describe('the receipt PDF', () => {
  it('a long event name wraps without overprinting the next row; the footer stays inside the page', async () => {
    const { layout, text } = await layoutOf({
      order: order(),
      reference: 'CAP-123',
      buyer: { name: 'ANA LOPEZ', email: 'ana@hospital.mx' },
      lines: [
        { text: `${LONG} · Día 1 (14 de enero de 2027)`, priceCentavos: 125_000 },
        { text: `${LONG} · Día 2 (15 de enero de 2027)`, priceCentavos: 125_000 },
      ],
    });
    expect(layoutProblems(layout, MARGIN)).toEqual([]);
    expect(text).toContain('no es un comprobante fiscal (CFDI)');
  });

  it('an event sold as a whole is one line with its full price', async () => {
    const { layout, text } = await layoutOf({
      order: order({ subtotalCentavos: 250_000, amountCentavos: 251_000 }),
      reference: null,
      buyer: { name: 'ANA LOPEZ', email: 'ana@hospital.mx' },
      lines: [
        {
          text: '2º Curso de Anestesia Cardiovascular · evento completo, 3 días: Jueves 14 de enero (14 de enero de 2027), Viernes 15 de enero (15 de enero de 2027) y Sábado 16 de enero (16 de enero de 2027)',
          priceCentavos: 250_000,
        },
      ],
    });
    expect(layoutProblems(layout, MARGIN)).toEqual([]);
    expect(text).toContain('evento completo, 3 días');
    expect(text).toContain('MXN$2,500');
    expect(text).not.toMatch(/833\.3/);
  });

  it('a team receipt names the institution (RFC) and «Comprado por», with places × day', async () => {
    const { layout, text } = await layoutOf({
      order: order({ kind: 'grupo' }),
      reference: 'CAP-9',
      buyer: { name: 'BEATRIZ RUIZ', email: 'compras@hospital.mx' },
      lines: [{ text: `5 lugares × ${LONG} · Día 1 (14 de enero de 2027)`, priceCentavos: 250_000 }],
      team: {
        institution: { razonSocial: 'HOSPITAL CARDIOLOGICO DEL BAJIO', rfc: 'MAB9307148T4' },
        billing: order().address,
      },
    });
    expect(layoutProblems(layout, MARGIN)).toEqual([]);
    for (const t of [
      'Institución',
      'HOSPITAL CARDIOLOGICO DEL BAJIO',
      'RFC: MAB9307148T4',
      'Comprado por',
      'BEATRIZ RUIZ',
      '5 lugares ×',
    ]) {
      expect(text).toContain(t);
    }
  });

  it('a receipt of many lines runs over pages: no row split, the footer on every page', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => ({
      text: `${LONG} · Día ${i + 1} (${14 + (i % 10)} de enero de 2027)`,
      priceCentavos: 10_000,
    }));
    const { layout } = await layoutOf({
      order: order({ subtotalCentavos: 400_000, amountCentavos: 401_000 }),
      reference: null,
      buyer: { name: 'ANA LOPEZ', email: 'ana@hospital.mx' },
      lines,
    });
    expect(layout.pages.length).toBeGreaterThan(1);
    expect(layoutProblems(layout, MARGIN)).toEqual([]);
    for (let p = 1; p <= layout.pages.length; p += 1) {
      const onPage = layout.boxes
        .filter((b) => b.page === p)
        .map((b) => b.str)
        .join(' ');
      expect(onPage).toContain('no es un comprobante fiscal');
      expect(onPage).toContain(`Página ${p} de ${layout.pages.length}`);
    }
    // Each amount stands on the first line of its own row, on the same page.
    const amounts = layout.boxes.filter((b) => b.str === 'MXN$100');
    expect(amounts).toHaveLength(40);
  });

  it('from the database: a paid whole course is one line at its price, never split by day', async () => {
    const ctx = await createTestContext({ CASH_ORDERS_ENABLED: 'true' });
    try {
      const admin = await createUser(ctx, { role: 'admin' });
      const buyer = await createUser(ctx);
      const course = await createProduct(ctx.database.db, {
        name: 'Curso de anestesia cardiovascular',
        price: 2500,
        saleMode: 'completo',
        days: [{ label: 'Jueves' }, { label: 'Viernes' }, { label: 'Sábado' }],
      });
      const id = await claim(ctx, buyer, course.product.id, ['Jueves', 'Viernes', 'Sábado'], {
        amount: 2500 + FEE,
      });
      expect((await call(ctx, admin.token, 'POST', `/api/admin/orders/${id}/mark-paid`)).statusCode).toBe(
        200,
      );
      const res = await call(ctx, buyer.token, 'GET', `/api/order/${id}/receipt`);
      expect(res.statusCode, res.body).toBe(200);
      const layout = await pdfLayout(new Uint8Array(res.rawPayload));
      expect(layoutProblems(layout, MARGIN)).toEqual([]);
      const text = layout.boxes.map((b) => b.str).join(' ');
      expect(text).toContain('Curso de anestesia cardiovascular · evento completo, 3 días: Jueves');
      expect(text).toContain('MXN$2,500');
      expect(text).not.toMatch(/833\.3/);
    } finally {
      await ctx.close();
    }
  });
});
