// Registration questions in the back office (docs/questions.md → For the association): staff
// open an event of the demo data (a copy of it, a draft, so the questions added here are asked
// at no other journey's checkout), add the ready-made «Institución» and their own «Número de
// cédula», both required; an empty question is named next to its field before anything is
// sent; saved, they are there after a reload in the same order; the answers page of the event
// shows both questions and, with nobody registered yet, its empty state. A second journey: two
// members answer a free event's questions and claim it; staff read the summary (counts per
// option as text), the table (scrolling inside its frame on a phone), the attendee CSV with the
// answers, and filter the table by an option.
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { PRESET_QUESTIONS } from '@store/shared/questions';
import { QUESTION_MSG } from '@store/shared/question-messages';
import type { AdminQuestion, QuestionInput } from '@store/shared/schemas/questions';
import { expectNoAxeViolations } from './a11y-helpers';
import {
  ADMIN,
  listProducts,
  loginByApi,
  openSignedIn,
  registerByApi,
  shoot,
  toasts,
  uniqueEmail,
} from './storefront-helpers';

test('staff add two required questions to an event, save them, and open its answers page', async ({
  page,
  request,
}) => {
  test.slow();
  const token = await loginByApi(request, ADMIN.email, ADMIN.password);
  const [demo] = await listProducts(request);
  const copy = await request.post(`/api/admin/events/${demo!._id}/duplicate`, { headers: { token } });
  expect(copy.ok(), await copy.text()).toBe(true);
  const event = ((await copy.json()) as { event: { _id: string; name: string } }).event;

  await openSignedIn(page, token, `/admin/events/${event._id}`);
  await expect(page.getByRole('heading', { level: 1, name: event.name })).toBeVisible();
  const section = page.getByRole('region', { name: 'Preguntas de registro' });
  await expect(
    section.getByText('Este evento no pregunta nada al inscribirse.', { exact: false }),
  ).toBeVisible();

  // The ready-made one, with one click; then an empty one, refused next to its field.
  await section.getByRole('button', { name: '+ Institución' }).click();
  await expect(section.getByRole('button', { name: '+ Institución' })).toHaveCount(0);
  const first = section.getByRole('listitem', { name: 'Pregunta 1' });
  await expect(first.getByRole('textbox', { name: 'Pregunta' })).toHaveValue(
    PRESET_QUESTIONS.institucion.label,
  );
  await expect(first.getByRole('checkbox', { name: 'Obligatoria' })).toBeChecked();
  await section.getByRole('button', { name: 'Agregar pregunta' }).click();
  const second = section.getByRole('listitem', { name: 'Pregunta 2' });
  await expect(second.getByRole('textbox', { name: 'Pregunta' })).toBeFocused();
  await section.getByRole('button', { name: 'Guardar preguntas' }).click();
  await expect(second.getByRole('textbox', { name: 'Pregunta' })).toHaveAccessibleDescription(
    QUESTION_MSG.questionLabelRequired,
  );
  await expect(second.getByRole('textbox', { name: 'Pregunta' })).toBeFocused();
  await expectNoAxeViolations(page);

  await second.getByRole('textbox', { name: 'Pregunta' }).fill('Número de cédula');
  await expect(second.getByText(QUESTION_MSG.questionLabelRequired)).toHaveCount(0);
  await second.getByRole('textbox', { name: 'Ayuda' }).fill('La cédula de especialidad, si la tienes.');
  await second.getByRole('checkbox', { name: 'Obligatoria' }).check();
  await section.getByRole('button', { name: 'Guardar preguntas' }).click();
  await expect(toasts(page).getByText(QUESTION_MSG.questionsSaved)).toBeVisible();
  await expect(section.getByText('Hay cambios sin guardar en las preguntas.')).toHaveCount(0);

  // After a reload they are the event's, in order, both required.
  await page.reload();
  await expect(first.getByRole('textbox', { name: 'Pregunta' })).toHaveValue(
    PRESET_QUESTIONS.institucion.label,
  );
  await expect(second.getByRole('textbox', { name: 'Pregunta' })).toHaveValue('Número de cédula');
  await expect(first.getByRole('checkbox', { name: 'Obligatoria' })).toBeChecked();
  await expect(second.getByRole('checkbox', { name: 'Obligatoria' })).toBeChecked();
  await expect(second.getByText('0 respuestas')).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await expectNoAxeViolations(page);
  await shoot(page, 'questions-admin-form');

  // The answers page: the summary names both, nobody has registered yet.
  await section.getByRole('link', { name: 'Ver respuestas' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/events/${event._id}/respuestas$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Respuestas de registro' })).toBeVisible();
  const summary = page.getByRole('list', { name: 'Resumen por pregunta' });
  await expect(summary.getByRole('heading', { name: PRESET_QUESTIONS.institucion.label })).toBeVisible();
  await expect(summary.getByRole('heading', { name: 'Número de cédula' })).toBeVisible();
  await expect(summary.getByText('0 personas respondieron')).toHaveCount(2);
  await expect(
    page.getByText('Aún no hay asistentes con pago confirmado: sus respuestas aparecerán aquí.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'questions-admin-answers');

  // The events list links the same page.
  await page.goto('/admin/events');
  await page.getByRole('searchbox', { name: 'Buscar eventos por nombre' }).fill(event.name);
  await page.getByRole('link', { name: `Respuestas de registro de ${event.name}`, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Respuestas de registro' })).toBeVisible();
});

const DAY = 'Único';
const ADDRESS = {
  firstName: 'María',
  lastName: 'Núñez',
  email: 'maria@prueba.mx',
  street: 'Juan Badiano 1',
  city: 'Ciudad de México',
  zipcode: '14080',
  country: 'México',
  phone: '5555555555',
};

/** A member who answers the event's questions with the cart's day, then claims it (free). */
async function answerAndClaim(
  request: APIRequestContext,
  productId: string,
  answers: { questionId: string; value: string | boolean }[],
) {
  const token = await registerByApi(request, uniqueEmail('respuestas'));
  const added = await request.post('/api/cart/add', {
    headers: { token },
    data: { itemId: productId, days: DAY },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const saved = await request.post('/api/questions/answers', {
    headers: { token },
    data: { productId, answers },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  const placed = await request.post('/api/order/place', {
    headers: { token },
    data: { address: ADDRESS, items: [{ _id: productId, days: DAY, quantity: 1 }] },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
}

test("staff read the attendees' answers: summary per option, the table, a filter", async ({
  page,
  request,
}) => {
  test.slow();
  const token = await loginByApi(request, ADMIN.email, ADMIN.password);
  const name = `Taller de ecocardiografía transesofágica ${Date.now().toString(36)}`;
  const start = Date.now() + 30 * 24 * 3600_000;
  const created = await request.post('/api/admin/events', {
    headers: { token },
    data: {
      name,
      description: 'Evento de la prueba de preguntas de registro.',
      price: 0,
      category: 'Conferencias',
      subCategory: 'Avanzado',
      isPresential: true,
      days: [
        {
          label: DAY,
          startsAt: new Date(start).toISOString(),
          endsAt: new Date(start + 8 * 3600_000).toISOString(),
          streamUrl: null,
        },
      ],
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const productId = ((await created.json()) as { event: { _id: string } }).event._id;
  const preset = (p: 'institucion' | 'especialidad' | 'patrocinadores'): QuestionInput => ({
    ...PRESET_QUESTIONS[p],
    min: null,
    max: null,
    day: null,
    preset: p,
  });
  const put = await request.put(`/api/admin/events/${productId}/questions`, {
    headers: { token },
    data: { questions: [preset('institucion'), preset('especialidad'), preset('patrocinadores')] },
  });
  expect(put.ok(), await put.text()).toBe(true);
  const [institution, specialty, sponsors] = ((await put.json()) as { questions: AdminQuestion[] }).questions;

  await answerAndClaim(request, productId, [
    { questionId: institution!._id, value: 'Instituto Nacional de Cardiología Ignacio Chávez' },
    { questionId: specialty!._id, value: 'Cardiología' },
    { questionId: sponsors!._id, value: true },
  ]);
  await answerAndClaim(request, productId, [
    { questionId: institution!._id, value: 'Hospital Civil de Guadalajara' },
    { questionId: specialty!._id, value: 'Anestesiología' },
  ]);

  await openSignedIn(page, token, `/admin/events/${productId}/respuestas`);
  await expect(page.getByRole('heading', { level: 1, name: 'Respuestas de registro' })).toBeVisible();
  const summary = page.getByRole('list', { name: 'Resumen por pregunta' });
  const specialtyCard = summary
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Especialidad' }) });
  await expect(specialtyCard.getByText('2 personas respondieron')).toBeVisible();
  await expect(specialtyCard.getByText('1 · 50 %')).toHaveCount(2);
  await expect(specialtyCard.getByText('0 · 0 %')).toHaveCount(
    PRESET_QUESTIONS.especialidad.options.length - 2,
  );
  const table = page.getByRole('table', { name: 'Respuestas por asistente' });
  await expect(table.getByRole('row')).toHaveCount(3);
  await expect(table.getByRole('row', { name: /Hospital Civil de Guadalajara/ })).toContainText('Completo');
  await expectNoAxeViolations(page);
  await shoot(page, 'questions-admin-answers-rows');

  // The attendee CSV, from this page, carries one column per question.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Descargar CSV' }).click(),
  ]);
  const csv = (await readFile((await download.path())!)).toString('utf8');
  expect(csv.split('\n')[0]).toContain(`${PRESET_QUESTIONS.institucion.label},Especialidad,`);
  expect(csv).toContain('Hospital Civil de Guadalajara,Anestesiología');

  // Filtered by an option: sent to the API, kept in the address.
  await page.getByLabel('Pregunta', { exact: true }).selectOption({ label: 'Especialidad' });
  await page.getByLabel('Respuesta', { exact: true }).selectOption('Cardiología');
  await expect(page.getByRole('status').filter({ hasText: 'con estos filtros' })).toHaveText(
    '1 asistente con estos filtros',
  );
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText('Instituto Nacional de Cardiología Ignacio Chávez');
  await expect(page).toHaveURL(/questionId=.+&value=Cardiolog/);
});
