// Registration questions, the member's side, in Chromium (docs/questions.md): events made and
// given their questions through the admin API. (a) A member buys a day of an event asking two
// required questions: paying is refused until they are answered (the first one focused), the
// answers are saved and the order paid; the next purchase of another event asking «Institución»
// starts from the same answer; a required question added later asks «Completa tu registro» in
// Mis Productos, answered on /registro. (b) A hospital buys team places and names a new person:
// the buyer sees «Registro pendiente»; the person chooses a password from the e-mailed link,
// lands on Mis Productos, completes the registration, and the buyer sees «Registro completo».
import {
  expect as baseExpect,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
} from '@playwright/test';
import { addCalendarDays, fromMexicoCityLocal, mexicoCityDate } from '@store/shared/domain/time';
import { MSG } from '@store/shared/messages';
import { PRESET_QUESTIONS, type QuestionPreset } from '@store/shared/questions';
import { QUESTION_MSG } from '@store/shared/question-messages';
import type { QuestionInput } from '@store/shared/schemas/questions';
import { expectNoAxeViolations } from './a11y-helpers';
import {
  ADMIN,
  fillAddress,
  linkFromNewestEmail,
  listProducts,
  loginByApi,
  memberWithFirstDay,
  openSignedIn,
  registerByApi,
  shoot,
  toasts,
  uniqueEmail,
} from './storefront-helpers';

// Pages load slowly on a busy 2-core machine; nothing here waits on a fixed delay.
const expect = baseExpect.configure({ timeout: 30_000 });

const INSTITUTION = 'Hospital Ángeles del Pedregal';

/** An online event `daysAhead` days ahead (one day, or two consecutive), published through the admin API. */
async function newEvent(
  request: APIRequestContext,
  adminToken: string,
  name: string,
  daysAhead: number,
  dayLabels: readonly string[],
) {
  const cover = (await listProducts(request))[0] as unknown as { image?: string[] };
  const days = dayLabels.map((label, i) => {
    const date = addCalendarDays(mexicoCityDate(Date.now()), daysAhead + i);
    const iso = (time: string) => new Date(fromMexicoCityLocal(`${date}T${time}`)!).toISOString();
    return { label, startsAt: iso('09:00'), endsAt: iso('14:00'), streamUrl: null, seatCapacity: null };
  });
  const res = await request.post('/api/admin/events', {
    headers: { token: adminToken },
    data: {
      name: `${name} ${Date.now().toString(36)}`,
      description: 'Sesiones en línea con discusión de casos.',
      price: 500,
      image: cover.image?.slice(0, 1) ?? [],
      category: 'Estudios de caso',
      subCategory: 'Avanzado',
      isPresential: false,
      days,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const event = ((await res.json()) as { event: { _id: string; name: string } }).event;
  return { id: event._id, name: event.name };
}

/** A ready-made question as the admin adds it with one click (required or not as told). */
function preset(name: QuestionPreset, over: Partial<QuestionInput> = {}): QuestionInput {
  const q = PRESET_QUESTIONS[name];
  return { ...q, min: null, max: null, day: null, preset: name, ...over };
}

async function putQuestions(
  request: APIRequestContext,
  adminToken: string,
  productId: string,
  questions: QuestionInput[],
) {
  const res = await request.put(`/api/admin/events/${productId}/questions`, {
    headers: { token: adminToken },
    data: { questions },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Another person's browser (own storage). */
async function newPage(browser: Browser): Promise<Page> {
  const { baseURL, locale } = test.info().project.use;
  const context = await browser.newContext({ baseURL, locale });
  return context.newPage();
}

/** The questions of one event in the checkout's «PREGUNTAS DE REGISTRO». */
const checkoutQuestions = (page: Page, eventName: string) =>
  page.getByRole('region', { name: 'PREGUNTAS DE REGISTRO' }).getByRole('region', { name: eventName });

test('a member answers the registration questions at checkout, finds them proposed for the next event, and completes a question added later', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const adminToken = await loginByApi(request, ADMIN.email, ADMIN.password);
  const congress = await newEvent(request, adminToken, 'Jornadas de ecocardiografía', 40, ['Día 1', 'Día 2']);
  const course = await newEvent(request, adminToken, 'Curso de ventilación mecánica', 45, ['Única sesión']);
  await putQuestions(request, adminToken, congress.id, [
    preset('institucion'),
    preset('especialidad'),
    preset('patrocinadores'),
  ]);
  await putQuestions(request, adminToken, course.id, [preset('institucion')]);

  // The congress's first day in the cart; the questions come after the billing fields.
  const { token } = await memberWithFirstDay(request, congress.name, 'preguntas');
  await openSignedIn(page, token, '/place-order');
  await fillAddress(page);
  const asked = checkoutQuestions(page, congress.name);
  const institution = asked.getByRole('textbox', { name: PRESET_QUESTIONS.institucion.label });
  await expect(institution).toBeVisible();
  // The sponsors' question starts on No.
  const sponsors = asked.getByRole('group', { name: PRESET_QUESTIONS.patrocinadores.label });
  await expect(sponsors.getByRole('radio', { name: 'No' })).toBeChecked();

  // Paying is refused until the required ones are answered: the first is focused.
  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
  await expect(toasts(page).getByText(MSG.checkoutFixAddress)).toBeVisible();
  await expect(institution).toBeFocused();
  await expect(institution).toHaveAccessibleDescription(
    new RegExp(`${PRESET_QUESTIONS.institucion.help}.*${QUESTION_MSG.answerRequired}`),
  );
  // Seven specialties: a list to open rather than radio buttons.
  const specialty = asked.getByRole('combobox', { name: PRESET_QUESTIONS.especialidad.label });
  await expect(specialty).toHaveAccessibleDescription(QUESTION_MSG.answerRequired);
  await expect(page).toHaveURL(/\/place-order$/);
  // Paid nothing, saved nothing.
  const before = await request.get(`/api/questions/event/${congress.id}`, { headers: { token } });
  expect(((await before.json()) as { event: { complete: boolean } }).event.complete).toBe(false);

  await institution.fill(INSTITUTION);
  await specialty.selectOption('Anestesia cardiovascular');
  await expect(asked.getByText(QUESTION_MSG.answerRequired)).toHaveCount(0);
  await expectNoAxeViolations(page);
  // From the top: a full-page picture taken scrolled down shows the sticky header mid-page.
  await page.evaluate('window.scrollTo(0, 0)');
  await shoot(page, 'questions-checkout');
  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
  await expect(page).toHaveURL(/\/orders$/, { timeout: 45_000 });
  const saved = await request.get(`/api/questions/event/${congress.id}`, { headers: { token } });
  const answered = (
    (await saved.json()) as { event: { complete: boolean; answers: Record<string, unknown> } }
  ).event;
  expect(answered.complete).toBe(true);
  expect(Object.values(answered.answers).sort()).toEqual(
    ['Anestesia cardiovascular', INSTITUTION, false].sort(),
  );
  await expect(page.getByText(QUESTION_MSG.completeRegistration)).toHaveCount(0);

  // The course asks «Institución» too: the congress's answer is proposed, and saved with this order.
  const add = await request.post('/api/cart/add', {
    headers: { token },
    data: { itemId: course.id, days: 'Única sesión' },
  });
  expect(add.ok(), await add.text()).toBe(true);
  await page.goto('/place-order');
  const proposed = checkoutQuestions(page, course.name).getByRole('textbox', {
    name: PRESET_QUESTIONS.institucion.label,
  });
  await expect(proposed).toHaveValue(INSTITUTION);
  await expect(proposed).toHaveAccessibleDescription(/Usamos tu respuesta de un evento anterior/);
  await fillAddress(page);
  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
  await expect(page).toHaveURL(/\/orders$/, { timeout: 45_000 });
  const second = await request.get(`/api/questions/event/${course.id}`, { headers: { token } });
  const secondEvent = ((await second.json()) as { event: { complete: boolean; proposed: string[] } }).event;
  expect(secondEvent).toMatchObject({ complete: true, proposed: [] });

  // A required question added after the sale: Mis Productos asks for it.
  const current = await request.get(`/api/admin/events/${congress.id}/questions`, {
    headers: { token: adminToken },
  });
  const kept = ((await current.json()) as { questions: (QuestionInput & { _id: string })[] }).questions.map(
    (q) => ({
      _id: q._id,
      kind: q.kind,
      label: q.label,
      help: q.help,
      required: q.required,
      options: q.options,
      min: q.min,
      max: q.max,
      day: q.day,
      preset: q.preset,
    }),
  );
  await putQuestions(request, adminToken, congress.id, [
    ...kept,
    {
      kind: 'numero',
      label: 'Años de práctica clínica',
      help: 'Redondea a años completos.',
      required: true,
      options: [],
      min: 0,
      max: 60,
      day: null,
      preset: null,
    },
  ]);
  await page.reload();
  const banner = page.getByText(QUESTION_MSG.completeRegistration, { exact: true }).first();
  await expect(banner).toBeVisible();
  const card = page
    .getByRole('list', { name: 'Mis productos' })
    .getByRole('listitem')
    .filter({
      has: page.getByRole('heading', { name: congress.name }),
    });
  await expect(card.getByRole('link', { name: `Completa tu registro de ${congress.name}` })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, 'questions-orders-banner');

  await card.getByRole('link', { name: `Completa tu registro de ${congress.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/registro/${congress.id}$`));
  await expect(
    page.getByRole('heading', { level: 1, name: QUESTION_MSG.completeRegistration }),
  ).toBeVisible();
  await expect(page.getByText(congress.name)).toBeVisible();
  await expect(page.getByRole('textbox', { name: PRESET_QUESTIONS.institucion.label })).toHaveValue(
    INSTITUTION,
  );
  const years = page.getByRole('spinbutton', { name: 'Años de práctica clínica' });
  await years.fill('75');
  await page.getByRole('button', { name: 'Guardar respuestas' }).click();
  await expect(years).toBeFocused();
  await expect(years).toHaveAccessibleDescription(new RegExp(QUESTION_MSG.answerNumberMax(60)));
  await expectNoAxeViolations(page);
  await page.evaluate('window.scrollTo(0, 0)');
  await shoot(page, 'questions-registro');
  await years.fill('12');
  await page.getByRole('button', { name: 'Guardar respuestas' }).click();
  await expect(toasts(page).getByText(QUESTION_MSG.answersSaved)).toBeVisible();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(page.getByText(QUESTION_MSG.completeRegistration, { exact: true })).toHaveCount(0);
  await expect(card.getByRole('link', { name: `Editar mis respuestas de ${congress.name}` })).toBeVisible();
});

test('a team place’s new holder completes the registration after choosing a password; the buyer sees it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const adminToken = await loginByApi(request, ADMIN.email, ADMIN.password);
  const event = await newEvent(request, adminToken, 'Simposio de perfusión', 35, ['Sesión única']);
  await putQuestions(request, adminToken, event.id, [
    preset('institucion'),
    preset('restricciones'),
    preset('patrocinadores'),
  ]);

  // A hospital buys two places (as in the team journey) and names one person without an account.
  const buyerToken = await registerByApi(request, uniqueEmail('hospital-preguntas'));
  await openSignedIn(page, buyerToken, `/equipo/${event.id}`);
  await page.getByRole('checkbox', { name: /Sesión única/ }).check();
  await page.getByLabel(/Número de lugares/).fill('2');
  await expect(page.getByRole('region', { name: 'Resumen' })).toContainText('2 lugares');
  // A team purchase asks nothing at checkout: its people answer.
  await expect(page.getByRole('region', { name: 'PREGUNTAS DE REGISTRO' })).toHaveCount(0);
  await fillAddress(page);
  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\/lugares$/, { timeout: 45_000 });
  const places = page.getByRole('list', { name: 'Lugares' });
  const nora = uniqueEmail('nora');
  await page.getByRole('button', { name: 'Asignar Lugar 1', exact: true }).click();
  await page.getByLabel('Nombre completo').fill('Nora Perfusionista Vega');
  await page.getByLabel('Correo electrónico').fill(nora);
  await page.getByRole('button', { name: 'Guardar' }).click();
  const row = places.getByRole('listitem').filter({ hasText: nora });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row.getByText('Registro pendiente')).toBeVisible();
  await expect(
    page.getByText(/responde las preguntas de registro del evento al entrar a su cuenta/),
  ).toBeVisible();

  // Nora chooses her password from the e-mail: signed in, on Mis Productos, asked to register.
  const link = await linkFromNewestEmail(nora, '/reset-password');
  const other = await newPage(browser);
  await other.goto(link);
  await other.getByLabel(/^Contraseña/).fill('perfusion-clave-segura-1');
  await other.getByLabel('Confirmar contraseña').fill('perfusion-clave-segura-1');
  await other.getByRole('button', { name: 'Guardar y entrar' }).click();
  await expect(other).toHaveURL(/\/orders$/);
  await expect(toasts(other).getByText(MSG.welcomePasswordSet)).toBeVisible();
  await expect(other.getByText(QUESTION_MSG.completeRegistration, { exact: true }).first()).toBeVisible();
  const assigned = other.getByRole('region', { name: 'LUGARES QUE TE ASIGNARON' });
  const cta = assigned.getByRole('link', { name: `Completa tu registro de ${event.name}` });
  await expect(cta).toBeVisible();
  await expectNoAxeViolations(other);
  await shoot(other, 'questions-assignee-orders');

  await cta.click();
  await expect(other).toHaveURL(new RegExp(`/registro/${event.id}$`));
  await expect(
    other
      .getByRole('group', { name: PRESET_QUESTIONS.patrocinadores.label })
      .getByRole('radio', { name: 'No' }),
  ).toBeChecked();
  await other
    .getByRole('textbox', { name: PRESET_QUESTIONS.institucion.label })
    .fill('Instituto Nacional de Cardiología');
  await other.getByRole('textbox', { name: PRESET_QUESTIONS.restricciones.label }).fill('Sin gluten.');
  await expectNoAxeViolations(other);
  await other.evaluate('window.scrollTo(0, 0)');
  await shoot(other, 'questions-registro-assignee');
  await other.getByRole('button', { name: 'Guardar respuestas' }).click();
  await expect(toasts(other).getByText(QUESTION_MSG.answersSaved)).toBeVisible();
  await expect(other).toHaveURL(/\/orders$/);
  await expect(assigned.getByRole('link', { name: `Completa tu registro de ${event.name}` })).toHaveCount(0);
  await expect(other.getByText(QUESTION_MSG.completeRegistration, { exact: true })).toHaveCount(0);
  await other.context().close();

  // The buyer sees that she answered, never what.
  await page.reload();
  await expect(row.getByText('Registro completo')).toBeVisible();
  await expect(page.getByText('Instituto Nacional de Cardiología')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shoot(page, 'questions-team-places');
});
