// Content pages carry the facts of docs/product.md (Routes, Fee schedule, Terms, Course and workshops); the contact form reaches the association's
// outbox; per-route meta tags are there for search engines (robots.txt and sitemap.xml:
// apps/api/src/modules/seo/routes.test.ts).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { formatDateRange, formatDayLabel } from '@store/shared/domain/time';
import { productNamed } from './storefront-helpers';

/** Screenshots at 375 and 1280 px wide when SHOTS_DIR is set (for a person to look at). */
async function shoot(page: Page, name: string) {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width < 800 ? 812 : 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function metaContent(page: Page, selector: string) {
  return page.locator(selector).first().getAttribute('content');
}

test('cuotas: the fee table as a real table, the course dated from its event', async ({ page, request }) => {
  await page.goto('/cuotas');
  await expect(page.getByRole('heading', { level: 1, name: 'Cuotas de recuperación' })).toBeVisible();
  // The lead dates the course as the catalogue sells it, never with a text's dates.
  const course = await productNamed(request, '2º Curso de Anestesia Cardiovascular');
  await expect(
    page.getByText(`${course.name} (${formatDateRange(course.startsAt, course.endsAt)})`, { exact: false }),
  ).toBeVisible();
  await expect(page.getByText('29 al 31 de mayo de 2025')).toHaveCount(0);
  await shoot(page, 'cuotas');
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader', { name: 'Cuota' })).toBeVisible();
  const row = (name: RegExp) => table.getByRole('row', { name });
  // The rows come from the demo data's price tiers; fees.spec.ts edits them and sees the table follow.
  await expect(row(/^Médico especialista.*Inscripción hasta el/)).toContainText('MXN$2,500');
  await expect(row(/^Médico especialista.*Inscripción a partir del/)).toContainText('MXN$3,000');
  await expect(row(/^Médico residente, Enfermería, Estudiante 2º Curso/)).toContainText('MXN$2,000');
  await expect(row(/con beca/)).toContainText('MXN$1,500');
  await expect(row(/Taller de aminas vasoactivas/)).toContainText('MXN$1,000');
  await expect(row(/Personal del hospital sede/)).toContainText('Sin costo');
  await expect(page.getByText(/precio de servicio de MXN\$10/)).toBeVisible();
});

test('curso-anestesia: dates, hybrid venue, day tabs with modules, workshops and unconfirmed speakers', async ({
  page,
  request,
}) => {
  // The course is in the catalogue: the page shows its real dates, not the text's.
  const course = await productNamed(request, '2º Curso de Anestesia Cardiovascular');
  const [jueves, viernes, sabado] = course.dayOptions.map((d) => formatDayLabel(d.startsAt));
  await page.goto('/curso-anestesia');
  await expect(
    page.getByRole('heading', { level: 1, name: '2º Curso de Anestesia Cardiovascular' }),
  ).toBeVisible();
  await expect(page.getByText(formatDateRange(course.startsAt, course.endsAt)).first()).toBeVisible();
  await expect(page.getByText('29 al 31 de mayo de 2025')).toHaveCount(0);
  // Link previews too: the meta description dates the course as the catalogue sells it.
  expect(await metaContent(page, 'meta[name="description"]')).toContain(
    formatDateRange(course.startsAt, course.endsAt),
  );
  await expect(page.getByText(/Híbrido/).first()).toBeVisible();
  await expect(page.getByText(/Instituto Nacional de Cardiología/).first()).toBeVisible();

  const tabs = page.getByRole('tablist', { name: 'Días del curso' }).getByRole('tab');
  await expect(tabs).toHaveCount(3);
  await expect(tabs.nth(0)).toHaveAccessibleName(/Jueves/);
  await expect(tabs.nth(1)).toHaveAccessibleName(/Viernes/);
  await expect(tabs.nth(2)).toHaveAccessibleName(/Sábado/);

  const panel = page.getByRole('tabpanel');
  await expect(panel).toContainText(jueves!);
  await expect(panel).toContainText('Taller de aminas vasoactivas');
  await tabs.nth(1).click();
  await expect(panel).toContainText(viernes!);
  await expect(panel).toContainText('Taller de arritmias perioperatorias');
  await tabs.nth(2).click();
  await expect(panel).toContainText(sabado!);
  await expect(panel).toContainText('Ponente por confirmar');

  // Speakers: never invented, every slot still unconfirmed.
  const speakers = page.getByRole('table', { name: 'Ponentes por módulo y taller' });
  const rows = speakers.getByRole('row');
  expect(await rows.count()).toBeGreaterThan(6);
  for (const cell of await speakers.locator('tbody tr td:last-child').all()) {
    await expect(cell).toHaveText('Ponente por confirmar');
  }

  // The enrol button leads to the course's event page.
  const courseProduct = await productNamed(request, '2º Curso de Anestesia Cardiovascular');
  await page.getByRole('link', { name: 'Inscribirme al curso' }).click();
  await expect(page).toHaveURL(`/product/${courseProduct._id}`);
});

test('talleres: aminas and arritmias tabs with objectives, schedule, requirements and enrolment', async ({
  page,
  request,
}) => {
  await page.goto('/talleres');
  await expect(page.getByRole('heading', { level: 1, name: 'Talleres' })).toBeVisible();
  await expect(page.getByText('Cupo limitado: los lugares se asignan por orden de pago.')).toBeVisible();
  await expect(
    page.getByText('Requiere inscripción previa al 2º Curso de Anestesia Cardiovascular.'),
  ).toBeVisible();

  const tablist = page.getByRole('tablist', { name: 'Talleres' });
  await expect(tablist.getByRole('tab')).toHaveText(['Aminas', 'Arritmias']);
  const panel = page.getByRole('tabpanel');
  const aminas = await productNamed(request, 'Taller de aminas vasoactivas');
  await expect(panel.getByRole('heading', { name: 'Taller de aminas vasoactivas' })).toBeVisible();
  await expect(panel).toContainText(formatDayLabel(aminas.dayOptions[0]!.startsAt));
  await expect(panel).toContainText('14:30 a 19:30 h');
  await expect(panel.getByRole('heading', { name: 'Objetivos' })).toBeVisible();

  await tablist.getByRole('tab', { name: 'Arritmias' }).click();
  await expect(page).toHaveURL(/taller=arritmias/);
  const workshop = await productNamed(request, 'Taller de arritmias perioperatorias');
  await expect(panel.getByRole('heading', { name: 'Taller de arritmias perioperatorias' })).toBeVisible();
  await expect(panel).toContainText(formatDayLabel(workshop.dayOptions[0]!.startsAt));
  await expect(panel).toContainText('14:30 a 18:30 h');

  await panel.getByRole('link', { name: 'Inscribirme al taller' }).click();
  await expect(page).toHaveURL(`/product/${workshop._id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Taller de arritmias perioperatorias');

  // A direct link opens the requested tab.
  await page.goto('/talleres?taller=arritmias');
  await expect(page.getByRole('tab', { name: 'Arritmias' })).toHaveAttribute('aria-selected', 'true');
});

test('terms and privacy notice: cancellation conditions and the ARCO rights as text', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Términos y condiciones' })).toBeVisible();
  await expect(page.getByText('Última actualización: mayo de 2025')).toBeVisible();
  const cancel = page.getByRole('region', { name: '3. Cancelaciones y reembolsos' });
  await expect(cancel).toContainText('por escrito');
  await expect(cancel).toContainText('15 días naturales de anticipación');
  await expect(cancel).toContainText('cargo administrativo del 20 %');
  await expect(cancel).toContainText('no hay reembolso');
  await expect(page.getByRole('region', { name: '4. Transferencia de la inscripción' })).toBeVisible();

  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Aviso de privacidad' })).toBeVisible();
  await expect(page.getByRole('img')).toHaveCount(await page.locator('header img, footer img').count());
  for (const heading of [
    '2. Datos personales que recabamos',
    '3. Finalidades del tratamiento',
    '5. Derechos ARCO',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  const arco = page.getByRole('region', { name: '5. Derechos ARCO' });
  await expect(arco).toContainText('Acceder');
  await expect(arco).toContainText('Rectificarlos');
  await expect(arco).toContainText('Cancelarlos');
  await expect(arco).toContainText('Oponerte');
  await expect(arco).toContainText('20 días hábiles');
  await expect(arco.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
});

test('about: description, history, mission, vision, values and strategic objectives', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'Sobre nosotros' })).toBeVisible();
  for (const h of [
    'Quiénes somos',
    'Nuestra historia',
    'Misión',
    'Visión',
    'Valores',
    'Objetivos estratégicos',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: h })).toBeVisible();
  }
});

test('contact: details, and the Contactanos form reaches the association by e-mail', async ({ page }) => {
  await page.goto('/contact');
  await expect(page.getByRole('link', { name: 'contacto@amacc.org.mx' }).first()).toHaveAttribute(
    'href',
    'mailto:contacto@amacc.org.mx',
  );
  await page.getByRole('button', { name: 'Contactanos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Escríbenos' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Nombre completo')).toBeFocused();

  // Validation in Spanish, tied to each field.
  await dialog.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(dialog.getByLabel('Nombre completo')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByLabel('Nombre completo')).toHaveAccessibleDescription(
    'Escribe tu nombre (al menos 2 caracteres)',
  );
  await expect(dialog.getByText('Debes aceptar el aviso de privacidad para enviar tu mensaje')).toBeVisible();

  const marker = `Mensaje de prueba ${Date.now()}`;
  await dialog.getByLabel('Nombre completo').fill('Dra. Lucía Prueba');
  await dialog.getByLabel('Correo electrónico').fill('lucia.prueba@hospital.mx');
  await dialog.getByLabel('Tema').selectOption('Cuotas y becas');
  await dialog.getByLabel('Mensaje').fill(`${marker}: ¿hay becas para residentes?`);
  await dialog.getByRole('checkbox', { name: /aviso de privacidad/ }).check();
  await dialog.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(dialog.getByRole('status')).toContainText(
    'Gracias por escribirnos. Recibimos tu mensaje y te responderemos a la brevedad.',
  );
  await dialog.getByRole('button', { name: 'Cerrar', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Contactanos' })).toBeFocused();

  // The sender loop writes the message to the outbox as an .eml for the association's address.
  const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  await expect
    .poll(
      async () => {
        for (const f of (await readdir(dir).catch(() => [] as string[])).filter((x) => x.endsWith('.eml'))) {
          const raw = await readFile(path.join(dir, f), 'utf8');
          if (raw.includes('lucia.prueba@hospital.mx') && /^To: .*admin@e2e\.test/im.test(raw)) return raw;
        }
        return '';
      },
      { timeout: 30_000 },
    )
    .toMatch(/Reply-To: .*lucia\.prueba@hospital\.mx/i);
});

test('every content route has its own title, description, canonical URL and Open Graph tags', async ({
  page,
  baseURL,
}) => {
  const seen = new Set<string>();
  for (const route of [
    '/',
    '/about',
    '/contact',
    '/curso-anestesia',
    '/talleres',
    '/cuotas',
    '/terms',
    '/privacy-policy',
  ]) {
    await page.goto(route);
    await expect(page.locator('h1')).toHaveCount(1);
    const title = await page.title();
    expect(title).toMatch(/AMACC/);
    expect(seen.has(title), `title of ${route} is unique`).toBe(false);
    seen.add(title);
    expect((await metaContent(page, 'meta[name="description"]'))?.length).toBeGreaterThan(50);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${route}`);
    expect(await metaContent(page, 'meta[property="og:title"]')).toBe(title);
    expect(await metaContent(page, 'meta[property="og:url"]')).toBe(`${baseURL}${route}`);
    expect(await metaContent(page, 'meta[property="og:image"]')).toMatch(/^http/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  }
});
