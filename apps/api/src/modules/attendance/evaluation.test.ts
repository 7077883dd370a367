// The endorsement and the evaluation through the API (docs/attendance.md → Endorsement,
// Evaluation): the admin sets both, bad definitions are refused; a member who attended answers
// after the event (moved clock), fails, passes; the constancia waits for the pass and prints
// the endorsement, which the public verification shows; results export per person and question.

import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import { MSG } from '@store/shared/messages';
import type { AdminEventInput } from '@store/shared/schemas/admin/events';
import type { EvaluationQuestionInput } from '@store/shared/schemas/evaluation';
import { createTestContext, type TestContext } from '../../../test/context';
import { call, claim } from '../../../test/admin-helpers';
import { createUser, type TestUser } from '../../../test/store-helpers';
import { evaluationFailed } from '@store/shared/attendance-messages';

const PROFILE = {
  certificateName: 'Ana Lucía Pérez Ortiz',
  cedula: '9876543',
  specialty: 'Anestesiología',
  institution: 'Hospital General de México',
};
const ENDORSEMENT = {
  body: 'Consejo Mexicano de Anestesiología, A.C.',
  number: 'CMA-2026-0415',
  hours: 8,
  points: 2.5,
};
const EXAM: EvaluationQuestionInput[] = [
  { kind: 'examen', text: '¿Cuál es el fármaco de primera línea?', options: ['A', 'B', 'C'], correct: 1 },
  { kind: 'examen', text: '¿Qué monitor es indispensable?', options: ['ECG', 'Ninguno'], correct: 0 },
  { kind: 'examen', text: '¿Cuánto dura la fase de inducción?', options: ['1', '2', '3'], correct: 2 },
  { kind: 'examen', text: '¿Qué valor es normal?', options: ['X', 'Y'], correct: 0 },
  { kind: 'examen', text: '¿Qué complicación es más frecuente?', options: ['P', 'Q'], correct: 1 },
  { kind: 'encuesta', text: '¿Recomendarías el curso?', options: ['Sí', 'No'] },
];
const RIGHT = [1, 0, 2, 0, 1, 0];
const THREE_RIGHT = [1, 0, 2, 1, 0, 1];

describe('endorsement and evaluation', () => {
  let ctx: TestContext;
  let admin: TestUser;
  const t0 = Date.now();
  const end = t0 + 3_600_000;

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await createUser(ctx, { role: 'admin' });
  });
  afterEach(() => vi.useRealTimers());
  afterAll(() => ctx.close());

  const eventInput = (over: Partial<AdminEventInput> = {}): AdminEventInput => ({
    name: 'Curso de Anestesia en Cirugía Cardiaca',
    description: 'Curso avalado',
    price: 0,
    image: [],
    category: 'Conferencias',
    subCategory: 'Avanzado',
    isPresential: true,
    days: [
      {
        label: 'Único',
        startsAt: new Date(t0 - 60_000).toISOString(),
        endsAt: new Date(end).toISOString(),
        streamUrl: null,
        seatCapacity: null,
      },
    ],
    ...over,
  });

  it('keeps an endorsement per event and refuses incomplete or out-of-range values', async () => {
    for (const [bad, message] of [
      [{ ...ENDORSEMENT, body: ' ' }, ADMIN_MSG.endorsementBodyInvalid],
      [{ ...ENDORSEMENT, number: '' }, ADMIN_MSG.endorsementNumberInvalid],
      [{ ...ENDORSEMENT, hours: 0.25 }, ADMIN_MSG.endorsementHoursInvalid],
      [{ ...ENDORSEMENT, hours: 1000 }, ADMIN_MSG.endorsementHoursInvalid],
      [{ ...ENDORSEMENT, points: 1.25 }, ADMIN_MSG.endorsementPointsInvalid],
    ] as const) {
      const res = await call(ctx, admin.token, 'POST', '/api/admin/events', eventInput({ endorsement: bad }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const created = await call(
      ctx,
      admin.token,
      'POST',
      '/api/admin/events',
      eventInput({ endorsement: ENDORSEMENT }),
    );
    expect(created.statusCode).toBe(200);
    const event = created.json().event;
    expect(event.endorsement).toEqual(ENDORSEMENT);
    // Absent keeps it; null removes it.
    const kept = await call(ctx, admin.token, 'PUT', `/api/admin/events/${event._id}`, {
      ...eventInput(),
      days: [{ ...eventInput().days[0]!, _id: event.days[0]._id }],
    });
    expect(kept.json().event.endorsement).toEqual(ENDORSEMENT);
    const removed = await call(ctx, admin.token, 'PUT', `/api/admin/events/${event._id}`, {
      ...eventInput({ endorsement: null }),
      days: [{ ...eventInput().days[0]!, _id: event.days[0]._id }],
    });
    expect(removed.json().event.endorsement).toBeNull();
  });

  it('asks the evaluation before the constancia: fail, pass, issue, verify, export', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(t0));
    const created = await call(
      ctx,
      admin.token,
      'POST',
      '/api/admin/events',
      eventInput({ endorsement: ENDORSEMENT }),
    );
    const productId: string = created.json().event._id;
    const dayId: string = created.json().event.days[0]._id;

    // Bad definitions change nothing.
    const noCorrect = await call(ctx, admin.token, 'PUT', '/api/admin/attendance/evaluation', {
      productId,
      questions: [{ kind: 'examen', text: '¿Pregunta sin respuesta?', options: ['A', 'B'] }],
      passPercent: 80,
      maxAttempts: 2,
    });
    expect(noCorrect.statusCode).toBe(400);
    expect(noCorrect.json().message).toBe(ADMIN_MSG.evaluationCorrectMissing);
    const above = await call(ctx, admin.token, 'PUT', '/api/admin/attendance/evaluation', {
      productId,
      questions: EXAM,
      passPercent: 101,
      maxAttempts: 2,
    });
    expect(above.statusCode).toBe(400);
    expect(above.json().message).toBe(ADMIN_MSG.evaluationPassPercentInvalid);
    expect(
      (await call(ctx, admin.token, 'GET', `/api/admin/attendance/evaluation?productId=${productId}`)).json()
        .evaluation,
    ).toBeNull();

    const saved = await call(ctx, admin.token, 'PUT', '/api/admin/attendance/evaluation', {
      productId,
      questions: EXAM,
      passPercent: 80,
      maxAttempts: 2,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().evaluation).toMatchObject({ passPercent: 80, maxAttempts: 2, attempts: 0 });
    expect(saved.json().evaluation.questions[5].correct).toBeNull();

    const member = await createUser(ctx);
    const absent = await createUser(ctx);
    const unlucky = await createUser(ctx);
    for (const u of [member, absent, unlucky]) {
      await claim(ctx, u, productId, ['Único']);
      await call(ctx, u.token, 'PUT', '/api/attendance/profile', PROFILE);
    }
    for (const u of [member, unlucky]) {
      const res = await call(ctx, admin.token, 'POST', '/api/admin/attendance/checkin', {
        userId: u.id,
        productDayId: dayId,
      });
      expect(res.json().created).toBe(true);
    }
    const answer = (u: TestUser, answers: unknown) =>
      call(ctx, u.token, 'POST', `/api/attendance/evaluations/${productId}`, { answers });
    const mine = async (u: TestUser) =>
      (await call(ctx, u.token, 'GET', '/api/attendance/evaluations')).json().evaluations[0];

    // During the event: not open yet; the constancia waits.
    expect(await mine(member)).toMatchObject({ state: 'pendiente_evento', questions: [], opensAt: end });
    const early = await answer(member, RIGHT);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(MSG.evaluationNotYet);
    const issueEarly = await call(ctx, admin.token, 'POST', '/api/admin/attendance/constancias', {
      productId,
      userId: member.id,
    });
    expect(issueEarly.statusCode).toBe(400);
    expect(issueEarly.json().message).toBe(ADMIN_MSG.constanciaEvaluationPending);
    const report = (
      await call(ctx, admin.token, 'GET', `/api/admin/attendance?productId=${productId}`)
    ).json();
    expect(report.people.find((p: { userId: string }) => p.userId === member.id)).toMatchObject({
      qualifies: false,
      reason: 'sin_evaluacion',
    });

    // After the event.
    vi.setSystemTime(new Date(end + 60_000));
    const open = await mine(member);
    expect(open).toMatchObject({ state: 'por_responder', hasExam: true, passPercent: 80, attemptsLeft: 2 });
    expect(open.questions).toHaveLength(6);
    expect(open.questions[0]).toEqual({ kind: 'examen', text: EXAM[0]!.text, options: ['A', 'B', 'C'] });
    expect(await mine(absent)).toMatchObject({ state: 'sin_asistencia', questions: [] });
    const absentTry = await answer(absent, RIGHT);
    expect(absentTry.statusCode).toBe(403);
    expect(absentTry.json().message).toBe(MSG.evaluationNotAttended);

    for (const bad of [[1, 0], [...RIGHT, 0], [9, 0, 2, 0, 1, 0], [1.5, 0, 2, 0, 1, 0], 'todas']) {
      const res = await answer(member, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().message).toBe(MSG.evaluationAnswersInvalid);
    }
    expect((await mine(member)).attemptsLeft).toBe(2);

    // Fails once (3 of 5 exam questions: 60 %), then passes.
    const failed = await answer(member, THREE_RIGHT);
    expect(failed.json()).toMatchObject({ passed: false, scorePercent: 60, attemptsLeft: 1 });
    expect(failed.json().message).toBe(evaluationFailed(60, 80, 1));
    expect(await mine(member)).toMatchObject({ state: 'no_aprobada', attemptsLeft: 1, bestScore: 60 });

    // The questions are fixed once answered; the pass mark may still change.
    const edit = await call(ctx, admin.token, 'PUT', '/api/admin/attendance/evaluation', {
      productId,
      questions: EXAM.slice(1),
      passPercent: 80,
      maxAttempts: 2,
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(ADMIN_MSG.evaluationHasAnswers);

    const passed = await answer(member, RIGHT);
    expect(passed.json()).toMatchObject({ passed: true, scorePercent: 100, message: MSG.evaluationPassed });
    expect(await mine(member)).toMatchObject({ state: 'aprobada', bestScore: 100, questions: [] });
    const again = await answer(member, RIGHT);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.evaluationAlreadyPassed);

    // Out of attempts.
    await answer(unlucky, THREE_RIGHT);
    await answer(unlucky, THREE_RIGHT);
    expect(await mine(unlucky)).toMatchObject({ state: 'sin_intentos', attemptsLeft: 0 });
    const third = await answer(unlucky, RIGHT);
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe(MSG.evaluationNoAttemptsLeft);

    // The constancia: issued now, with the endorsement on the PDF and on the verification.
    const issued = await call(ctx, admin.token, 'POST', '/api/admin/attendance/constancias', {
      productId,
      userId: member.id,
    });
    expect(issued.statusCode).toBe(200);
    const folio: string = issued.json().folio;
    const pdfRes = await call(ctx, member.token, 'GET', `/api/attendance/constancias/${folio}/pdf`);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdfRes.rawPayload)), {
      mergePages: true,
    });
    expect(text).toContain(
      'Actividad avalada por Consejo Mexicano de Anestesiología, A.C. · Aval núm. CMA-2026-0415',
    );
    expect(text).toContain('8 horas avaladas · 2.5 puntos de recertificación');
    const verify = await ctx.app.inject({ method: 'GET', url: `/api/constancias/${folio}` });
    expect(verify.json().endorsement).toEqual(ENDORSEMENT);
    const refused = await call(ctx, admin.token, 'POST', '/api/admin/attendance/constancias', {
      productId,
      userId: unlucky.id,
    });
    expect(refused.json().message).toBe(ADMIN_MSG.constanciaEvaluationPending);

    // Results per person and per question.
    const people = await call(
      ctx,
      admin.token,
      'GET',
      `/api/admin/attendance/evaluation/export?productId=${productId}&view=personas`,
    );
    expect(people.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = people.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe(
      'Nombre,Correo,Nombre en constancia,Cédula,Intentos,Mejor calificación,Aprobada,Último intento',
    );
    expect(rows).toHaveLength(3);
    expect(rows.find((r) => r.includes(member.email))).toContain(',2,100 %,Sí,');
    expect(rows.find((r) => r.includes(unlucky.email))).toContain(',2,60 %,No,');
    const questions = await call(
      ctx,
      admin.token,
      'GET',
      `/api/admin/attendance/evaluation/export?productId=${productId}&view=preguntas`,
    );
    const qRows = questions.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(qRows[0]).toBe('Pregunta,Tipo,Opción,Respuestas,Porcentaje,Correcta');
    // Question 1, option B (right): chosen in all 4 attempts.
    expect(qRows[2]).toBe('1. ¿Cuál es el fármaco de primera línea?,Examen,B,4,100 %,Sí');
    // Question 4, option Y (wrong): chosen in the 3 failed attempts.
    expect(qRows).toContain('4. ¿Qué valor es normal?,Examen,Y,3,75 %,No');
    expect(qRows).toContain('6. ¿Recomendarías el curso?,Encuesta,Sí,1,25 %,');
  });
});
