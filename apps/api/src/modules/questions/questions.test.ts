// Registration questions (docs/questions.md), on PGlite and PostgreSQL: the admin's list
// (replaced whole, refusals by index, the kind of an answered question locked, removal keeping
// answers, audit, staff only), the attendee's answers of every kind (each wrong one named, nothing
// saved), proposed answers across events, the form closing when the day starts, a new required
// question after sales, the checkout refused until the buyer answers (free claim, PayPal,
// Stripe), a team place's registration flag and e-mails, the reminder, the answers page, the
// attendee CSV, and two saves at once.

import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_FEE_CENTAVOS } from '@store/shared/constants';
import { toPesos } from '@store/shared/domain/money';
import { MSG } from '@store/shared/messages';
import { QUESTION_MSG } from '@store/shared/question-messages';
import { ANSWER_TEXT_MAX, PRESET_QUESTIONS, QUESTIONS_PER_EVENT_MAX } from '@store/shared/questions';
import type { AdminQuestion, EventQuestions, QuestionInput } from '@store/shared/schemas/questions';
import { attendeeAnswers, auditLog, emailOutbox, eventQuestions, productDays } from '../../db/schema';
import { call } from '../../../test/admin-helpers';
import { createProduct, mexicoCityTime, type DaySpec } from '../../../test/factories';
import { startPaymentsHarness, type PaymentsHarness } from '../../../test/payments-helpers';
import { ADDRESS, addToCart, createUser, placeOrder, post, type TestUser } from '../../../test/store-helpers';
import { createOrderFromCart } from '../lifecycle';
import { queueRegistrationReminders } from '../orders/reminders';

const HOUR = 3_600_000;
let h: PaymentsHarness;
let admin: TestUser;
beforeAll(async () => {
  h = await startPaymentsHarness({ RATE_LIMIT_ORDER_MAX: '1000' });
  admin = await createUser(h.ctx, { role: 'admin' });
});
afterAll(() => h.close());

const db = () => h.ctx.database.db;

/** A free event (claimed through order/place) with these days, 30 days ahead by default. */
async function event(days: DaySpec[] = [{ label: 'Día 1' }], price = 0) {
  const { product, days: rows } = await createProduct(db(), { price, days });
  return { id: product.id, name: product.name, days: rows };
}

/** A question as the back office sends it. */
function question(over: Partial<QuestionInput> & Pick<QuestionInput, 'kind' | 'label'>): QuestionInput {
  return { help: null, required: false, options: [], min: null, max: null, day: null, preset: null, ...over };
}

const preset = (name: keyof typeof PRESET_QUESTIONS, over: Partial<QuestionInput> = {}): QuestionInput =>
  question({ ...PRESET_QUESTIONS[name], preset: name, ...over });

async function putQuestions(productId: string, questions: QuestionInput[], token = admin.token) {
  return call(h.ctx, token, 'PUT', `/api/admin/events/${productId}/questions`, { questions });
}

/** Saves the list (must succeed) and answers the questions by label. */
async function setQuestions(productId: string, questions: QuestionInput[]) {
  const res = await putQuestions(productId, questions);
  expect(res.statusCode, res.body).toBe(200);
  const list = res.json().questions as AdminQuestion[];
  return Object.fromEntries(list.map((q) => [q.label, q])) as Record<string, AdminQuestion>;
}

async function get(url: string, user: TestUser) {
  return h.ctx.app.inject({ method: 'GET', url, headers: { token: user.token } });
}

async function mine(user: TestUser, productId: string): Promise<EventQuestions> {
  const res = await get(`/api/questions/event/${productId}`, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().event as EventQuestions;
}

const answer = (user: TestUser, productId: string, answers: { questionId: string; value: unknown }[]) =>
  post(h.ctx, '/api/questions/answers', user.token, { productId, answers });

async function savedOf(user: TestUser) {
  return db().select().from(attendeeAnswers).where(eq(attendeeAnswers.userId, user.id));
}

/**
 * A member holding the event's days: a free claim straight through the lifecycle, as if they had
 * claimed them before the event's questions were written (the checkout would ask them first).
 */
async function holder(productId: string, days = ['Día 1'], user?: TestUser) {
  user ??= await createUser(h.ctx);
  for (const day of days) await addToCart(h.ctx, user, productId, day);
  const buyer = user;
  await db().transaction((tx) =>
    createOrderFromCart(tx, {
      userId: buyer.id,
      address: { ...ADDRESS, state: ADDRESS.state ?? '' },
      paymentMethod: 'free',
      status: 'pagado',
    }),
  );
  return user;
}

describe('the admin list of questions', () => {
  it('saves the list in order, updates by id, removes what is missing (kept with its answers), audits', async () => {
    const ev = await event([{ label: 'Día 1' }, { label: 'Taller' }]);
    const first = await setQuestions(ev.id, [
      preset('institucion'),
      question({ kind: 'opcion', label: 'Turno', options: ['Mañana', ' Tarde ', ''], day: 'Taller' }),
      question({ kind: 'numero', label: 'Años de práctica', min: 0, max: 60, options: ['ignorada'] }),
    ]);
    expect(first['Turno']).toMatchObject({ options: ['Mañana', 'Tarde'], day: 'Taller', removed: false });
    expect(first['Años de práctica']).toMatchObject({ options: [], min: 0, max: 60 });

    const user = await holder(ev.id, ['Día 1', 'Taller']);
    const years = first['Años de práctica']!._id;
    expect((await answer(user, ev.id, [{ questionId: years, value: 12 }])).statusCode).toBe(400);
    const ok = await answer(user, ev.id, [
      { questionId: first['Institución donde trabajas']!._id, value: 'Hospital General' },
      { questionId: years, value: 12 },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);

    // Reordered, the institution edited, the shift removed, a new one added.
    const res = await putQuestions(ev.id, [
      question({ kind: 'numero', label: 'Años de práctica', _id: years, min: 1, max: 50 }),
      { ...preset('institucion'), _id: first['Institución donde trabajas']!._id, label: 'Hospital' },
      question({ kind: 'si_no', label: '¿Primera vez?' }),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(QUESTION_MSG.questionsSaved);
    const body = res.json() as { questions: AdminQuestion[]; removed: AdminQuestion[] };
    expect(body.questions.map((q) => [q.label, q.answered])).toEqual([
      ['Años de práctica', 1],
      ['Hospital', 1],
      ['¿Primera vez?', 0],
    ]);
    expect(body.questions[0]!._id).toBe(years);
    expect(body.removed.map((q) => [q.label, q.removed])).toEqual([['Turno', true]]);

    const rows = await db().select().from(eventQuestions).where(eq(eventQuestions.productId, ev.id));
    expect(rows).toHaveLength(4);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, ev.id), eq(auditLog.action, 'event.questions_update')));
    expect(audit).toHaveLength(2);
    expect(audit.at(-1)!.details).toMatchObject({ removed: ['Turno'] });
    expect(audit.at(-1)!.actorId).toBe(admin.id);

    const again = await call(h.ctx, admin.token, 'GET', `/api/admin/events/${ev.id}/questions`);
    expect(again.statusCode).toBe(200);
    expect(again.json().questions.map((q: AdminQuestion) => q.label)).toEqual([
      'Años de práctica',
      'Hospital',
      '¿Primera vez?',
    ]);
  });

  it('names each wrong question by its index and saves nothing', async () => {
    const ev = await event();
    await setQuestions(ev.id, [preset('institucion')]);
    const res = await putQuestions(ev.id, [
      preset('institucion'),
      question({ kind: 'texto', label: '   ' }),
      question({ kind: 'opcion', label: 'Turno', options: ['A', 'A'] }),
      question({ kind: 'opciones', label: 'Temas', options: ['Solo una'] }),
      question({ kind: 'numero', label: 'Edad', min: 90, max: 18 }),
      question({ kind: 'texto', label: 'Hotel', day: 'Día 9' }),
      question({ kind: 'texto', label: 'Otra', _id: '00000000-0000-4000-8000-000000000000' }),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: QUESTION_MSG.questionsCheck,
      problems: {
        1: QUESTION_MSG.questionLabelRequired,
        2: QUESTION_MSG.questionOptionsRepeated,
        3: QUESTION_MSG.questionOptionsRequired,
        4: QUESTION_MSG.questionRange,
        5: QUESTION_MSG.questionDayUnknown,
        6: QUESTION_MSG.answerQuestionUnknown,
      },
    });
    const rows = await db().select().from(eventQuestions).where(eq(eventQuestions.productId, ev.id));
    expect(rows.map((r) => [r.label, r.removedAt])).toEqual([['Institución donde trabajas', null]]);

    const tooMany = await putQuestions(
      ev.id,
      Array.from({ length: QUESTIONS_PER_EVENT_MAX + 1 }, (_, i) =>
        question({ kind: 'texto', label: `P${i}` }),
      ),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(QUESTION_MSG.questionsTooMany);
  });

  it('keeps the kind of a question that has answers', async () => {
    const ev = await event();
    const qs = await setQuestions(ev.id, [question({ kind: 'texto', label: 'Cargo' })]);
    const id = qs['Cargo']!._id;
    // Without answers the kind may change.
    expect(
      (await putQuestions(ev.id, [question({ kind: 'texto_largo', label: 'Cargo', _id: id })])).statusCode,
    ).toBe(200);
    const user = await holder(ev.id);
    expect((await answer(user, ev.id, [{ questionId: id, value: 'Jefe de servicio' }])).statusCode).toBe(200);
    const res = await putQuestions(ev.id, [question({ kind: 'numero', label: 'Cargo', _id: id })]);
    expect(res.statusCode).toBe(400);
    expect(res.json().problems).toEqual({ 0: QUESTION_MSG.questionKindLocked });
  });

  it('is for staff only, and an unknown event is a 404', async () => {
    const ev = await event();
    const customer = await createUser(h.ctx);
    for (const [method, url] of [
      ['GET', `/api/admin/events/${ev.id}/questions`],
      ['PUT', `/api/admin/events/${ev.id}/questions`],
      ['GET', `/api/admin/events/${ev.id}/answers`],
    ] as const) {
      const res = await call(
        h.ctx,
        customer.token,
        method,
        url,
        method === 'PUT' ? { questions: [] } : undefined,
      );
      expect(res.statusCode, url).toBe(403);
    }
    expect((await putQuestions(ev.id, [preset('institucion')], customer.token)).statusCode).toBe(403);
    expect(await db().select().from(eventQuestions).where(eq(eventQuestions.productId, ev.id))).toEqual([]);
    expect(
      (
        await call(
          h.ctx,
          admin.token,
          'GET',
          '/api/admin/events/00000000-0000-4000-8000-000000000000/questions',
        )
      ).statusCode,
    ).toBe(404);
    expect((await call(h.ctx, admin.token, 'GET', '/api/admin/events/no-es-un-id/answers')).statusCode).toBe(
      404,
    );
  });
});

describe('the attendee answers', () => {
  async function everyKind() {
    const ev = await event([{ label: 'Día 1' }]);
    const qs = await setQuestions(ev.id, [
      question({ kind: 'texto', label: 'Institución', required: true }),
      question({ kind: 'texto_largo', label: 'Comentarios' }),
      question({
        kind: 'opcion',
        label: 'Especialidad',
        required: true,
        options: ['Anestesia', 'Cardiología'],
      }),
      question({ kind: 'opciones', label: 'Temas', options: ['Eco', 'ECMO', 'Vía aérea'] }),
      question({ kind: 'si_no', label: 'Patrocinadores', required: true }),
      question({ kind: 'numero', label: 'Años', min: 0, max: 60 }),
      question({ kind: 'fecha', label: 'Nacimiento' }),
    ]);
    const id = (label: string) => qs[label]!._id;
    return { ev, id };
  }

  it('saves an answer of every kind, normalised', async () => {
    const { ev, id } = await everyKind();
    const user = await holder(ev.id);
    expect((await mine(user, ev.id)).complete).toBe(false);
    const res = await answer(user, ev.id, [
      { questionId: id('Institución'), value: '  Hospital de Cardiología  ' },
      { questionId: id('Comentarios'), value: 'Llego tarde el primer día.\nGracias.' },
      { questionId: id('Especialidad'), value: 'Cardiología' },
      { questionId: id('Temas'), value: ['Vía aérea', 'Eco', 'Eco'] },
      { questionId: id('Patrocinadores'), value: false },
      { questionId: id('Años'), value: 12 },
      { questionId: id('Nacimiento'), value: '1980-02-29' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(QUESTION_MSG.answersSaved);
    const view = res.json().event as EventQuestions;
    expect(view.complete).toBe(true);
    expect(view.proposed).toEqual([]);
    expect(view.answers).toEqual({
      [id('Institución')]: 'Hospital de Cardiología',
      [id('Comentarios')]: 'Llego tarde el primer día.\nGracias.',
      [id('Especialidad')]: 'Cardiología',
      [id('Temas')]: ['Eco', 'Vía aérea'],
      [id('Patrocinadores')]: false,
      [id('Años')]: 12,
      [id('Nacimiento')]: '1980-02-29',
    });
    expect(await savedOf(user)).toHaveLength(7);
    expect(await mine(user, ev.id)).toEqual(view);

    // Saving again without the optional ones clears them.
    const again = await answer(user, ev.id, [
      { questionId: id('Institución'), value: 'Hospital de Cardiología' },
      { questionId: id('Especialidad'), value: 'Anestesia' },
      { questionId: id('Patrocinadores'), value: true },
      { questionId: id('Temas'), value: [] },
    ]);
    expect(again.statusCode, again.body).toBe(200);
    expect((await savedOf(user)).map((r) => r.value).sort()).toEqual(
      ['Anestesia', 'Hospital de Cardiología', true].sort(),
    );
  });

  it.each([
    ['a required answer missing', 'Institución', '   ', QUESTION_MSG.answerRequired],
    ['a choice not offered', 'Especialidad', 'Pediatría', QUESTION_MSG.answerChoiceUnknown],
    ['choices not offered', 'Temas', ['Eco', 'Cocina'], QUESTION_MSG.answerChoicesUnknown],
    ['a number under the minimum', 'Años', -1, QUESTION_MSG.answerNumberMin(0)],
    ['a number over the maximum', 'Años', 61, QUESTION_MSG.answerNumberMax(60)],
    ['a text over its limit', 'Institución', 'x'.repeat(ANSWER_TEXT_MAX + 1), QUESTION_MSG.answerTextTooLong],
    ['HTML', 'Comentarios', 'Hola <script>alert(1)</script>', QUESTION_MSG.answerNoHtml],
    ['a formula', 'Institución', '=HYPERLINK("http://x")', QUESTION_MSG.answerNoFormula],
    ['a date that does not exist', 'Nacimiento', '2023-02-29', QUESTION_MSG.answerDate],
    ['yes/no as text', 'Patrocinadores', 'sí', QUESTION_MSG.answerYesNo],
  ])('refuses %s with a message next to it, and saves nothing', async (_, label, value, message) => {
    const { ev, id } = await everyKind();
    const user = await holder(ev.id);
    const good: Record<string, unknown> = {
      Institución: 'Hospital General',
      Especialidad: 'Anestesia',
      Patrocinadores: false,
    };
    const res = await answer(
      user,
      ev.id,
      Object.entries({ ...good, [label]: value }).map(([l, v]) => ({ questionId: id(l), value: v })),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      message: QUESTION_MSG.answersCheck,
      problems: { [id(label)]: message },
    });
    expect(await savedOf(user)).toEqual([]);
  });

  it('names every wrong answer at once, and a question that does not apply', async () => {
    const { ev, id } = await everyKind();
    const other = await event();
    const foreign = (await setQuestions(other.id, [question({ kind: 'texto', label: 'Ajena' })]))['Ajena']!
      ._id;
    const user = await holder(ev.id);
    const res = await answer(user, ev.id, [
      { questionId: id('Institución'), value: 'Hospital General' },
      { questionId: id('Años'), value: 'doce' },
      { questionId: foreign, value: 'x' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().problems).toEqual({
      [id('Especialidad')]: QUESTION_MSG.answerRequired,
      [id('Patrocinadores')]: QUESTION_MSG.answerRequired,
      [id('Años')]: QUESTION_MSG.answerNumber,
      [foreign]: QUESTION_MSG.answerQuestionUnknown,
    });
    expect(await savedOf(user)).toEqual([]);
  });

  it('refuses a member who neither holds a day of the event nor has it in the cart', async () => {
    const { ev, id } = await everyKind();
    const stranger = await createUser(h.ctx);
    const res = await answer(stranger, ev.id, [{ questionId: id('Institución'), value: 'Hospital' }]);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(QUESTION_MSG.answersNotAttendee);
    expect((await get(`/api/questions/event/${ev.id}`, stranger)).statusCode).toBe(403);
    expect(await savedOf(stranger)).toEqual([]);
    // With a day in the cart they may answer (the checkout's form).
    await addToCart(h.ctx, stranger, ev.id);
    expect((await get(`/api/questions/event/${ev.id}`, stranger)).statusCode).toBe(200);
    expect((await get('/api/questions/event/no-es-un-id', stranger)).statusCode).toBe(404);
  });

  it('asks the questions of a day only of those holding it', async () => {
    const ev = await event([{ label: 'En línea' }, { label: 'Presencial' }]);
    const qs = await setQuestions(ev.id, [
      preset('institucion'),
      preset('restricciones', { day: 'Presencial', required: true }),
    ]);
    const online = await holder(ev.id, ['En línea']);
    const both = await holder(ev.id, ['En línea', 'Presencial']);
    expect((await mine(online, ev.id)).questions.map((q) => q.label)).toEqual(['Institución donde trabajas']);
    const view = await mine(both, ev.id);
    expect(view.questions.map((q) => [q.label, q.day])).toEqual([
      ['Institución donde trabajas', null],
      ['Restricciones alimentarias o alergias', 'Presencial'],
    ]);
    // The online attendee cannot answer the in-person day's question.
    const diet = qs['Restricciones alimentarias o alergias']!._id;
    const res = await answer(online, ev.id, [
      { questionId: qs['Institución donde trabajas']!._id, value: 'Hospital' },
      { questionId: diet, value: 'Sin gluten' },
    ]);
    expect(res.json().problems).toEqual({ [diet]: QUESTION_MSG.answerQuestionUnknown });
  });
});

describe('proposed answers', () => {
  it('proposes the answer given to the same preset for another event, saved only when the form is saved', async () => {
    const a = await event();
    const b = await event();
    const qa = await setQuestions(a.id, [preset('institucion'), preset('especialidad')]);
    const qb = await setQuestions(b.id, [
      preset('institucion'),
      // Another event offers other options: the earlier choice is proposed only if offered here.
      preset('especialidad', { options: ['Enfermería', 'Otra'] }),
      preset('patrocinadores'),
    ]);
    const user = await holder(a.id);
    await holder(b.id, ['Día 1'], user);
    const saved = await answer(user, a.id, [
      { questionId: qa['Institución donde trabajas']!._id, value: 'Instituto Nacional de Cardiología' },
      { questionId: qa['Especialidad']!._id, value: 'Cardiología' },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);

    const view = await mine(user, b.id);
    const inst = qb['Institución donde trabajas']!._id;
    expect(view.answers).toEqual({ [inst]: 'Instituto Nacional de Cardiología' });
    expect(view.proposed).toEqual([inst]);
    expect(view.complete).toBe(false);
    expect(await savedOf(user)).toHaveLength(2);

    const res = await answer(user, b.id, [
      { questionId: inst, value: 'Instituto Nacional de Cardiología' },
      { questionId: qb['Especialidad']!._id, value: 'Otra' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().event as EventQuestions).proposed).toEqual([]);
    expect(await savedOf(user)).toHaveLength(4);
  });
});

describe('when answers close', () => {
  it('is read-only once the first day started: editableUntil null, saving refused, nothing pending', async () => {
    const ev = await event([{ label: 'Día 1' }, { label: 'Día 2' }]);
    const qs = await setQuestions(ev.id, [preset('institucion')]);
    const user = await holder(ev.id, ['Día 1', 'Día 2']);
    const view = await mine(user, ev.id);
    expect(view.editableUntil).toBe(ev.days[0]!.startsAt.getTime());
    expect((await get('/api/questions/pending', user)).json().events).toEqual([
      { productId: ev.id, productName: ev.name },
    ]);

    // The first day started an hour ago.
    await db()
      .update(productDays)
      .set({ startsAt: new Date(Date.now() - HOUR) })
      .where(eq(productDays.id, ev.days[0]!.id));
    const closed = await mine(user, ev.id);
    expect(closed).toMatchObject({ editableUntil: null, complete: false });
    const res = await answer(user, ev.id, [
      { questionId: qs['Institución donde trabajas']!._id, value: 'Hospital' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(QUESTION_MSG.answersClosed);
    expect(await savedOf(user)).toEqual([]);
    expect((await get('/api/questions/pending', user)).json().events).toEqual([]);
  });

  it('keeps a question of a later day open until that day starts', async () => {
    const ev = await event([{ label: 'En línea' }, { label: 'Presencial' }]);
    const qs = await setQuestions(ev.id, [preset('restricciones', { day: 'Presencial', required: true })]);
    const user = await holder(ev.id, ['En línea', 'Presencial']);
    await db()
      .update(productDays)
      .set({ startsAt: new Date(Date.now() - HOUR) })
      .where(eq(productDays.id, ev.days[0]!.id));
    expect(await mine(user, ev.id)).toMatchObject({
      complete: false,
      editableUntil: ev.days[1]!.startsAt.getTime(),
    });
    expect((await get('/api/questions/pending', user)).json().events).toHaveLength(1);
    const diet = qs['Restricciones alimentarias o alergias']!._id;
    const res = await answer(user, ev.id, [{ questionId: diet, value: 'Vegetariana' }]);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().event as EventQuestions).complete).toBe(true);
  });

  it('asks again after sales when a new required question is added, until it is answered', async () => {
    const ev = await event();
    const first = await setQuestions(ev.id, [preset('institucion')]);
    const user = await holder(ev.id);
    const inst = first['Institución donde trabajas']!._id;
    expect((await answer(user, ev.id, [{ questionId: inst, value: 'Hospital' }])).statusCode).toBe(200);
    expect((await mine(user, ev.id)).complete).toBe(true);
    // Complete and still open: listed as editable (Mis Productos offers «Editar mis respuestas»).
    expect((await get('/api/questions/pending', user)).json()).toMatchObject({
      events: [],
      editable: [{ productId: ev.id, editableUntil: (await mine(user, ev.id)).editableUntil }],
    });

    const next = await setQuestions(ev.id, [{ ...preset('institucion'), _id: inst }, preset('especialidad')]);
    const view = await mine(user, ev.id);
    expect(view.complete).toBe(false);
    expect(view.answers).toEqual({ [inst]: 'Hospital' });
    expect((await get('/api/questions/pending', user)).json().events).toEqual([
      { productId: ev.id, productName: ev.name },
    ]);
    const res = await answer(user, ev.id, [
      { questionId: inst, value: 'Hospital' },
      { questionId: next['Especialidad']!._id, value: 'Enfermería' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect((await get('/api/questions/pending', user)).json().events).toEqual([]);
  });
});

describe('the checkout', () => {
  it('is refused while a required question of a cart event is unanswered (free claim, PayPal, Stripe), then goes through', async () => {
    const free = await event();
    const qs = await setQuestions(free.id, [preset('institucion'), preset('patrocinadores')]);
    const paid = await event([{ label: 'Día 1' }], 1000);
    const qp = await setQuestions(paid.id, [preset('especialidad')]);
    const buyer = await createUser(h.ctx);

    await addToCart(h.ctx, buyer, free.id);
    const checkout = await get('/api/questions/checkout', buyer);
    expect(checkout.statusCode).toBe(200);
    expect(checkout.json().events.map((e: EventQuestions) => [e.productId, e.questions.length])).toEqual([
      [free.id, 2],
    ]);
    const refused = await placeOrder(h.ctx, buyer, [{ productId: free.id }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(QUESTION_MSG.answersMissingAtCheckout(free.name));

    const inst = qs['Institución donde trabajas']!._id;
    expect((await answer(buyer, free.id, [{ questionId: inst, value: 'Hospital Ángeles' }])).statusCode).toBe(
      200,
    );
    const placed = await placeOrder(h.ctx, buyer, [{ productId: free.id }]);
    expect(placed.statusCode, placed.body).toBe(200);
    expect((await mine(buyer, free.id)).complete).toBe(true);

    // The paid event: every way to pay goes through the same guard.
    await addToCart(h.ctx, buyer, paid.id);
    const total = toPesos(1000 * 100 + SERVICE_FEE_CENTAVOS);
    const body = {
      address: ADDRESS,
      items: [{ _id: paid.id, days: 'Día 1', quantity: 1 }],
      amount: total,
      discount: 0,
    };
    const message = QUESTION_MSG.answersMissingAtCheckout(paid.name);
    for (const url of ['/api/paypal/create-order', '/api/order/stripe']) {
      const res = await post(h.ctx, url, buyer.token, body);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const esp = qp['Especialidad']!._id;
    expect((await answer(buyer, paid.id, [{ questionId: esp, value: 'Cardiología' }])).statusCode).toBe(200);
    const created = await post(h.ctx, '/api/paypal/create-order', buyer.token, body);
    expect(created.statusCode, created.body).toBe(200);
  });
});

/** The buyer's paid team order of `places` places of the event's first day. */
async function buyTeam(buyer: TestUser, productId: string, places: number) {
  const body = { productId, days: ['Día 1'], places };
  const quote = await post(h.ctx, '/api/group/quote', buyer.token, body);
  expect(quote.statusCode, quote.body).toBe(200);
  const created = await post(h.ctx, '/api/group/paypal/create-order', buyer.token, {
    ...body,
    address: ADDRESS,
    amount: quote.json().quote.total,
  });
  expect(created.statusCode, created.body).toBe(200);
  const { paypalOrderId, orderId } = created.json() as { paypalOrderId: string; orderId: string };
  h.paypal.approve(paypalOrderId);
  const paid = await post(h.ctx, '/api/group/paypal/capture', buyer.token, { paypalOrderId });
  expect(paid.statusCode, paid.body).toBe(200);
  return orderId;
}

async function teamPlaces(buyer: TestUser, orderId: string) {
  const res = await post(h.ctx, '/api/group/places', buyer.token, { orderId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().group.places as {
    placeId: string;
    assignee: { email: string } | null;
    registration: string | null;
  }[];
}

describe('team places', () => {
  it('asks nothing of the buyer; each holder answers; the buyer sees only whether they did', async () => {
    const ev = await event(
      [{ label: 'Día 1', startsAt: mexicoCityTime(20, '09:00'), endsAt: mexicoCityTime(20, '18:00') }],
      1000,
    );
    const qs = await setQuestions(ev.id, [preset('institucion'), preset('patrocinadores')]);
    const buyer = await createUser(h.ctx);
    const orderId = await buyTeam(buyer, ev.id, 2);
    let places = await teamPlaces(buyer, orderId);
    expect(places.map((p) => p.registration)).toEqual([null, null]);

    const colleague = await createUser(h.ctx);
    const assigned = await post(h.ctx, '/api/group/assign', buyer.token, {
      orderId,
      placeIds: [places[0]!.placeId],
      name: 'Luis Pérez',
      email: colleague.email,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    places = await teamPlaces(buyer, orderId);
    expect(places.map((p) => p.registration)).toEqual(['pendiente', null]);
    const [mail] = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, colleague.email), like(emailOutbox.subject, 'Tienes un lugar%')));
    expect(mail!.text).toContain('Completa tu registro');
    expect(mail!.text).toContain(`${h.ctx.config.PUBLIC_URL}/registro/${ev.id}`);
    expect(mail!.html).toContain(`href="${h.ctx.config.PUBLIC_URL}/registro/${ev.id}"`);

    // The reminder, two days before the first day, once, while the registration is incomplete.
    const starts = ev.days[0]!.startsAt.getTime();
    const remind = (at: number) => queueRegistrationReminders(db(), h.ctx.app.mailSettings, new Date(at));
    const reminders = () =>
      db()
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.to, colleague.email), like(emailOutbox.subject, 'Completa tu registro%')));
    await remind(starts - 72 * HOUR);
    expect(await reminders()).toHaveLength(0);
    await remind(starts - 47 * HOUR);
    await remind(starts - 30 * HOUR);
    const sent = await reminders();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.dedupeKey).toBe(`registro:${colleague.id}:${ev.id}`);
    expect(sent[0]!.text).toContain(`${h.ctx.config.PUBLIC_URL}/registro/${ev.id}`);
    expect(sent[0]!.text).not.toContain('Hospital');

    const res = await answer(colleague, ev.id, [
      { questionId: qs['Institución donde trabajas']!._id, value: 'Hospital Juárez' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    places = await teamPlaces(buyer, orderId);
    expect(places.map((p) => p.registration)).toEqual(['completa', null]);
    expect(JSON.stringify(places)).not.toContain('Hospital Juárez');
  });

  it('reminds nobody whose registration is complete', async () => {
    const ev = await event([
      { label: 'Día 1', startsAt: mexicoCityTime(25, '09:00'), endsAt: mexicoCityTime(25, '18:00') },
    ]);
    const qs = await setQuestions(ev.id, [preset('institucion')]);
    const user = await holder(ev.id);
    await answer(user, ev.id, [{ questionId: qs['Institución donde trabajas']!._id, value: 'Hospital' }]);
    await queueRegistrationReminders(
      db(),
      h.ctx.app.mailSettings,
      new Date(ev.days[0]!.startsAt.getTime() - 40 * HOUR),
    );
    const sent = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, user.email), like(emailOutbox.subject, 'Completa tu registro%')));
    expect(sent).toEqual([]);
  });
});

describe('what staff read', () => {
  async function answered() {
    const ev = await event([{ label: 'Día 1' }, { label: 'Día 2' }]);
    const qs = await setQuestions(ev.id, [
      preset('especialidad'),
      preset('patrocinadores'),
      question({ kind: 'fecha', label: 'Llegada' }),
      question({ kind: 'opciones', label: 'Temas', options: ['Eco', 'ECMO'] }),
      question({ kind: 'texto', label: 'Cargo' }),
    ]);
    const id = (label: string) => qs[label]!._id;
    const ana = await holder(ev.id, ['Día 1', 'Día 2']);
    const luis = await holder(ev.id, ['Día 2']);
    const eva = await holder(ev.id);
    const save = async (u: TestUser, values: Record<string, unknown>) => {
      const res = await answer(
        u,
        ev.id,
        Object.entries(values).map(([l, value]) => ({ questionId: id(l), value })),
      );
      expect(res.statusCode, res.body).toBe(200);
    };
    await save(ana, {
      Especialidad: 'Cardiología',
      '¿Aceptas que los patrocinadores del evento te contacten?': true,
      Llegada: '2027-01-06',
      Temas: ['Eco', 'ECMO'],
      Cargo: 'Jefa de servicio',
    });
    await save(luis, { Especialidad: 'Enfermería', Temas: ['ECMO'] });
    return { ev, id, ana, luis, eva };
  }

  it('lists the holders with their answers, filters by answer and by name, and sums each question', async () => {
    const { ev, id, ana, luis, eva } = await answered();
    const url = `/api/admin/events/${ev.id}/answers`;
    const res = await call(h.ctx, admin.token, 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.rows).toHaveLength(3);
    const row = (u: TestUser) => body.rows.find((r: { userId: string }) => r.userId === u.id);
    expect(row(ana)).toMatchObject({ days: ['Día 1', 'Día 2'], complete: true });
    expect(row(ana).answers[id('Llegada')]).toBe('2027-01-06');
    expect(row(eva)).toMatchObject({ days: ['Día 1'], complete: false, answers: {} });
    const summary = (label: string) =>
      body.summary.find((s: { questionId: string }) => s.questionId === id(label));
    expect(summary('Especialidad').answered).toBe(2);
    expect(summary('Especialidad').counts).toContainEqual({ option: 'Cardiología', count: 1 });
    expect(summary('Especialidad').counts).toContainEqual({ option: 'Anestesiología', count: 0 });
    expect(summary('¿Aceptas que los patrocinadores del evento te contacten?')).toMatchObject({
      answered: 1,
      counts: [
        { option: 'Sí', count: 1 },
        { option: 'No', count: 0 },
      ],
    });
    expect(summary('Temas').counts).toEqual([
      { option: 'Eco', count: 1 },
      { option: 'ECMO', count: 2 },
    ]);
    expect(summary('Cargo')).toMatchObject({ answered: 1, counts: null });

    const filtered = async (query: string) =>
      ((await call(h.ctx, admin.token, 'GET', `${url}?${query}`)).json().rows as { userId: string }[])
        .map((r) => r.userId)
        .sort();
    expect(await filtered(`questionId=${id('Temas')}&value=ECMO`)).toEqual([ana.id, luis.id].sort());
    expect(await filtered(`questionId=${id('Especialidad')}&value=Enfermer%C3%ADa`)).toEqual([luis.id]);
    expect(
      await filtered(
        `questionId=${id('¿Aceptas que los patrocinadores del evento te contacten?')}&value=S%C3%AD`,
      ),
    ).toEqual([ana.id]);
    expect(await filtered(`questionId=${id('Cargo')}&value=jefa`)).toEqual([ana.id]);
    expect(await filtered(`questionId=${id('Cargo')}`)).toEqual([ana.id]);
    expect(await filtered(`q=${encodeURIComponent(luis.email.slice(0, 12))}`)).toEqual([luis.id]);
  });

  it('writes a column per question in the attendee CSV, in Spanish, the removed ones marked, formulas neutralised', async () => {
    const { ev, id, ana, luis } = await answered();
    // Removed after it was answered: its answers stay in the export.
    await setQuestions(ev.id, [
      { ...preset('especialidad'), _id: id('Especialidad') },
      { ...preset('patrocinadores'), _id: id('¿Aceptas que los patrocinadores del evento te contacten?') },
      question({ kind: 'fecha', label: 'Llegada', _id: id('Llegada') }),
      question({ kind: 'opciones', label: 'Temas', options: ['Eco', 'ECMO'], _id: id('Temas') }),
    ]);
    // Written straight to the database, past the API's rules.
    await db()
      .update(attendeeAnswers)
      .set({ value: '=HYPERLINK("http://x")' })
      .where(and(eq(attendeeAnswers.userId, luis.id), eq(attendeeAnswers.questionId, id('Especialidad'))));

    const res = await call(h.ctx, admin.token, 'GET', `/api/admin/attendees/export?productId=${ev.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...lines] = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(
      header!.endsWith(
        ',Especialidad,¿Aceptas que los patrocinadores del evento te contacten?,Llegada,Temas,Cargo (eliminada)',
      ),
    ).toBe(true);
    const anaLine = lines.find((l) => l.includes(ana.email))!;
    expect(anaLine.endsWith(',Cardiología,Sí,06/01/2027,"Eco; ECMO",Jefa de servicio')).toBe(true);
    const luisLine = lines.find((l) => l.includes(luis.email))!;
    expect(luisLine.endsWith(`,"'=HYPERLINK(""http://x"")",,,ECMO,`)).toBe(true);
    const answersPage = await call(h.ctx, admin.token, 'GET', `/api/admin/events/${ev.id}/answers`);
    const cargo = answersPage.json().questions.find((q: AdminQuestion) => q._id === id('Cargo'));
    expect(cargo).toMatchObject({ removed: true, answered: 1 });
  });
});

describe('two saves at once', () => {
  it('end with one whole set of answers, never a mix nor a failure', async () => {
    const ev = await event();
    const qs = await setQuestions(ev.id, [
      question({ kind: 'texto', label: 'Uno' }),
      question({ kind: 'texto', label: 'Dos' }),
    ]);
    const user = await holder(ev.id);
    const uno = qs['Uno']!._id;
    const dos = qs['Dos']!._id;
    // Each save writes one answer and clears the other, in crossed order: unserialised, the two
    // transactions would wait on each other's rows.
    const a = [
      { questionId: uno, value: 'A' },
      { questionId: dos, value: null },
    ];
    const b = [
      { questionId: uno, value: null },
      { questionId: dos, value: 'B' },
    ];
    for (let round = 0; round < 10; round += 1) {
      await answer(user, ev.id, round % 2 ? a : b);
      const results = await Promise.all([answer(user, ev.id, a), answer(user, ev.id, b)]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
      const saved = (await savedOf(user)).map((r) => [r.questionId, r.value]);
      expect([[[uno, 'A']], [[dos, 'B']]]).toContainEqual(saved);
    }
  });
});

describe('errors carry the message', () => {
  it('answers a malformed body with the generic message', async () => {
    const user = await createUser(h.ctx);
    const res = await post(h.ctx, '/api/questions/answers', user.token, { productId: 'x', answers: 'no' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.invalidInput);
  });
});
