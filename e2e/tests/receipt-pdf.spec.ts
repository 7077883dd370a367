// The receipt as a buyer downloads it (docs/after-sale.md → Receipt): a member pays a day of the
// demo event with the longest name, downloads «Descargar recibo» from Mis Productos, and the PDF
// is read as text boxes: no text drawn over another, every text (the footer too) inside the
// page's margins, the line and its amount, the footer saying it is not a CFDI.
import { expect as baseExpect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { layoutProblems, pdfLayout } from '../../apps/api/test/pdf-boxes';
import { listProducts, memberWithFirstDay, openSignedIn, payCart } from './storefront-helpers';

const expect = baseExpect.configure({ timeout: 30_000 });

test('Mis Productos: the downloaded receipt reads cleanly, nothing overprinted or cut', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // The paid per-day event with the longest name and no seat limit: its line wraps.
  const event = (await listProducts(request))
    .filter(
      (p) =>
        p.price > 0 &&
        (p as unknown as { saleMode: string }).saleMode === 'por_dia' &&
        (p as unknown as { dayOptions: { seatCapacity: number | null }[] }).dayOptions.every(
          (o) => o.seatCapacity === null,
        ),
    )
    .sort((a, b) => b.name.length - a.name.length)[0]!;
  const { token } = await memberWithFirstDay(request, event.name, 'recibo');
  await openSignedIn(page, token, '/');
  await payCart(page);

  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: event.name }) });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    card.getByRole('button', { name: 'Descargar recibo' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^recibo-[0-9A-F]{8}\.pdf$/);
  const layout = await pdfLayout(new Uint8Array(await readFile((await download.path())!)));
  expect(layoutProblems(layout, 56)).toEqual([]);
  const text = layout.boxes.map((b) => b.str).join(' ');
  expect(text).toContain('Recibo de pago');
  expect(text).toContain(event.days[0]!);
  expect(text).toContain('no es un comprobante fiscal (CFDI)');
});
