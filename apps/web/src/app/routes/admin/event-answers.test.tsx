// /admin/events/:eventId/respuestas: the summary per question (counts readable as text), one row
// per attendee with their answers (a removed question marked), and the filters sent to the API
// and kept in the address.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminEvent } from '@store/shared/schemas/admin/events';
import type { AdminAnswersResponse, AdminQuestion } from '@store/shared/schemas/questions';
import { stubApi, testQueryClient } from '../../../../test/providers';
import { Component as AnswersPage } from './event-answers';

const EVENT: AdminEvent = {
  _id: 'ev1',
  name: 'Congreso de anestesia cardiovascular',
  description: '',
  price: 3000,
  image: [],
  category: 'Conferencias',
  subCategory: 'Avanzado',
  isPresential: true,
  startsAt: 0,
  endsAt: 1,
  active: true,
  draft: false,
  createdAt: 0,
  updatedAt: 0,
  days: [],
  saleMode: 'completo',
  requires: null,
  endorsement: null,
  venue: null,
  tiers: [],
};

const question = (over: Partial<AdminQuestion>): AdminQuestion => ({
  _id: 'q1',
  kind: 'texto',
  label: 'Institución donde trabajas',
  help: null,
  required: true,
  options: [],
  min: null,
  max: null,
  day: null,
  preset: 'institucion',
  answered: 2,
  removed: false,
  ...over,
});
const QUESTIONS = [
  question({}),
  question({
    _id: 'q2',
    kind: 'opcion',
    label: 'Especialidad',
    options: ['Anestesiología', 'Cardiología'],
    preset: 'especialidad',
  }),
  question({
    _id: 'q3',
    kind: 'si_no',
    label: '¿Traes acompañante?',
    preset: null,
    answered: 1,
    removed: true,
  }),
];
const ANA = {
  userId: 'u1',
  name: 'Ana Ruiz',
  email: 'ana@hospital.mx',
  days: ['Jueves 4 de junio de 2026', 'Viernes 5 de junio de 2026'],
  complete: true,
  answers: { q1: 'Instituto Nacional de Cardiología', q2: 'Cardiología', q3: true },
};
const LUIS = {
  userId: 'u2',
  name: 'Luis Pérez',
  email: 'luis@clinica.mx',
  days: ['Jueves 4 de junio de 2026'],
  complete: false,
  answers: { q1: 'Clínica del Norte' },
};
const SUMMARY: AdminAnswersResponse['summary'] = [
  { questionId: 'q1', answered: 2, counts: null },
  {
    questionId: 'q2',
    answered: 1,
    counts: [
      { option: 'Anestesiología', count: 0 },
      { option: 'Cardiología', count: 1 },
    ],
  },
  {
    questionId: 'q3',
    answered: 1,
    counts: [
      { option: 'Sí', count: 1 },
      { option: 'No', count: 0 },
    ],
  },
];

function renderPage() {
  const api = stubApi({
    '/api/admin/events/ev1': () => ({ success: true, event: EVENT }),
    // The stub answers by path: the filter is read from the address asked for.
    '/api/admin/events/ev1/answers': () => ({
      success: true,
      questions: QUESTIONS,
      rows: lastSearch().includes('value=Cardiolog') ? [ANA] : [ANA, LUIS],
      summary: SUMMARY,
    }),
  });
  const lastSearch = () => {
    const urls = api.fetchMock.mock.calls.map((c) => new URL(String(c[0]), 'http://localhost'));
    return urls.filter((u) => u.pathname.endsWith('/answers')).at(-1)?.search ?? '';
  };
  const router = createMemoryRouter(
    [{ path: '/admin/events/:eventId/respuestas', element: <AnswersPage /> }],
    {
      initialEntries: ['/admin/events/ev1/respuestas'],
    },
  );
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, lastSearch };
}

const params = (search: string) => Object.fromEntries(new URLSearchParams(search));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/admin/events/:eventId/respuestas', { timeout: 20_000 }, () => {
  it('shows the summary per question and one row per attendee with their answers', async () => {
    renderPage();
    expect(await screen.findByText('Congreso de anestesia cardiovascular')).toBeInTheDocument();
    const summary = within(screen.getByRole('list', { name: 'Resumen por pregunta' }));
    const specialty = within(summary.getByRole('heading', { name: 'Especialidad' }).closest('li')!);
    expect(specialty.getByText('1 persona respondió')).toBeInTheDocument();
    expect(specialty.getByText('Cardiología').parentElement).toHaveTextContent('Cardiología1 · 100 %');
    expect(specialty.getByText('Anestesiología').parentElement).toHaveTextContent('0 · 0 %');
    expect(summary.getByRole('heading', { name: '¿Traes acompañante? (eliminada)' })).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Respuestas por asistente' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Nombre',
      'Correo',
      'Días',
      'Registro',
      'Institución donde trabajas',
      'Especialidad',
      '¿Traes acompañante? (eliminada)',
    ]);
    const [, ana, luis] = within(table).getAllByRole('row');
    expect(
      within(ana!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'Ana Ruiz',
      'ana@hospital.mx',
      'Jueves 4 de junio de 2026Viernes 5 de junio de 2026',
      'Completo',
      'Instituto Nacional de Cardiología',
      'Cardiología',
      'Sí',
    ]);
    expect(within(luis!).getByText('Pendiente')).toBeInTheDocument();
    expect(within(luis!).getAllByText('Sin respuesta')).toHaveLength(2);
    expect(screen.getByRole('status')).toHaveTextContent('2 asistentes');
  });

  it("filters by a question's option: sent to the API and kept in the address", async () => {
    const user = userEvent.setup();
    const { router, lastSearch } = renderPage();
    const question = await screen.findByLabelText('Pregunta');
    // Before a question is chosen the answer cannot be typed.
    expect(screen.getByLabelText('La respuesta contiene')).toBeDisabled();
    await user.selectOptions(question, 'Especialidad');
    await user.selectOptions(screen.getByLabelText('Respuesta'), 'Cardiología');
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('1 asistente con estos filtros'),
    );
    expect(params(lastSearch())).toEqual({ questionId: 'q2', value: 'Cardiología' });
    expect(router.state.location.search).toBe(`?questionId=q2&value=${encodeURIComponent('Cardiología')}`);
    expect(screen.queryByText('Luis Pérez')).not.toBeInTheDocument();

    // A name or e-mail goes as q; another question starts from any answer.
    await user.type(screen.getByRole('searchbox', { name: 'Nombre o correo' }), 'ana');
    await user.selectOptions(question, 'Institución donde trabajas');
    await waitFor(() => expect(params(lastSearch())).toEqual({ q: 'ana', questionId: 'q1' }));
    expect(screen.getByLabelText('La respuesta contiene')).toHaveValue('');
  });
});
