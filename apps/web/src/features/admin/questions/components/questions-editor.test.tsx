// «Preguntas de registro»: a ready-made question added with one click, the shared rules' messages
// next to the field they are about before anything is sent, the list sent in the order shown,
// a refusal of the API shown next to the question it names by index, and removing a question
// with answers confirmed.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { QUESTION_MSG } from '@store/shared/question-messages';
import { PRESET_QUESTIONS } from '@store/shared/questions';
import type { AdminQuestion, SaveQuestionsBody } from '@store/shared/schemas/questions';
import { polyfillDialog, stubApi, testQueryClient, TestProviders } from '../../../../../test/providers';
import { QuestionsEditor } from './questions-editor';

const PATH = '/api/admin/events/ev1/questions';
const DAYS = ['Jueves 4 de junio de 2026', 'Viernes 5 de junio de 2026'];

const question = (over: Partial<AdminQuestion>): AdminQuestion => ({
  _id: 'q1',
  kind: 'texto',
  label: 'Número de cédula',
  help: null,
  required: true,
  options: [],
  min: null,
  max: null,
  day: null,
  preset: null,
  answered: 0,
  removed: false,
  ...over,
});

/** GET answers `saved`; PUT answers `onPut(body)` (the saved list by default). */
function api(saved: AdminQuestion[], onPut?: (body: SaveQuestionsBody) => unknown) {
  return stubApi({
    [PATH]: (body) => {
      if (body === undefined) return { success: true, questions: saved, removed: [] };
      const sent = body as SaveQuestionsBody;
      if (onPut) return onPut(sent);
      return {
        success: true,
        questions: sent.questions.map((q, i) => question({ ...q, _id: q._id ?? `n${i}`, help: q.help })),
        removed: [],
      };
    },
  });
}

function renderEditor({ productId }: { productId?: string } = { productId: 'ev1' }) {
  render(
    <TestProviders client={testQueryClient()}>
      <QuestionsEditor productId={productId} dayLabels={DAYS} />
    </TestProviders>,
  );
}

const item = (n: number) => within(screen.getByRole('listitem', { name: `Pregunta ${n}` }));
const puts = (calls: { path: string; body: unknown }[]) =>
  calls.filter((c) => c.path === PATH && c.body !== undefined).map((c) => c.body as SaveQuestionsBody);

beforeAll(() => {
  polyfillDialog();
  // The first marked field is scrolled to (lib/first-marked.ts); jsdom does not scroll.
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('QuestionsEditor', { timeout: 20_000 }, () => {
  it('asks to save a new event first', async () => {
    api([]);
    renderEditor({});
    expect(await screen.findByText('Guarda el evento para agregar preguntas.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Guardar preguntas' })).not.toBeInTheDocument();
  });

  it('adds a ready-made question with one click and saves it with its preset', async () => {
    const user = userEvent.setup();
    const { calls } = api([]);
    renderEditor();
    await user.click(await screen.findByRole('button', { name: '+ Institución' }));
    // Offered once: it is in the list now.
    expect(screen.queryByRole('button', { name: '+ Institución' })).not.toBeInTheDocument();
    expect(item(1).getByLabelText(/^Pregunta/)).toHaveValue(PRESET_QUESTIONS.institucion.label);
    await waitFor(() => expect(item(1).getByLabelText(/^Pregunta/)).toHaveFocus());
    expect(item(1).getByLabelText('Obligatoria')).toBeChecked();
    expect(screen.getByRole('link', { name: 'Ver respuestas' })).toHaveAttribute(
      'href',
      '/admin/events/ev1/respuestas',
    );

    await user.click(screen.getByRole('button', { name: 'Guardar preguntas' }));
    await screen.findByText(QUESTION_MSG.questionsSaved);
    expect(puts(calls)).toEqual([
      {
        questions: [
          {
            kind: 'texto',
            label: PRESET_QUESTIONS.institucion.label,
            help: PRESET_QUESTIONS.institucion.help,
            required: true,
            options: [],
            min: null,
            max: null,
            day: null,
            preset: 'institucion',
          },
        ],
      },
    ]);
  });

  it('names an empty question and a one-option choice next to their fields, and sends nothing', async () => {
    const user = userEvent.setup();
    const { calls } = api([]);
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Agregar pregunta' }));
    await user.click(screen.getByRole('button', { name: 'Agregar pregunta' }));
    await user.type(item(2).getByLabelText(/^Pregunta/), 'Turno');
    await user.selectOptions(item(2).getByLabelText('Tipo de respuesta'), 'Una opción');
    await user.type(item(2).getByLabelText(/^Opciones/), 'Matutino');

    await user.click(screen.getByRole('button', { name: 'Guardar preguntas' }));
    expect(item(1).getByLabelText(/^Pregunta/)).toHaveAccessibleDescription(
      QUESTION_MSG.questionLabelRequired,
    );
    expect(item(1).getByLabelText(/^Pregunta/)).toHaveAttribute('aria-invalid', 'true');
    expect(item(2).getByLabelText(/^Opciones/)).toHaveAccessibleDescription(
      expect.stringContaining(QUESTION_MSG.questionOptionsRequired),
    );
    expect(item(2).getByLabelText(/^Pregunta/)).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(item(1).getByLabelText(/^Pregunta/)).toHaveFocus());
    expect(puts(calls)).toEqual([]);

    // Fixed as it is typed.
    await user.type(item(2).getByLabelText(/^Opciones/), '{Enter}Vespertino');
    expect(item(2).queryByText(QUESTION_MSG.questionOptionsRequired)).not.toBeInTheDocument();
  });

  it('sends the whole list in the order shown after moving a question up', async () => {
    const user = userEvent.setup();
    const { calls } = api([
      question({ _id: 'q1', label: 'Número de cédula' }),
      question({
        _id: 'q2',
        kind: 'opcion',
        label: 'Turno',
        options: ['Matutino', 'Vespertino'],
        day: DAYS[1]!,
        required: false,
        answered: 3,
      }),
    ]);
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Subir pregunta 2' }));
    expect(item(1).getByLabelText(/^Pregunta/)).toHaveValue('Turno');
    // The focus follows the question; at the top it lands on the other arrow.
    await waitFor(() => expect(item(1).getByRole('button', { name: 'Bajar pregunta 1' })).toHaveFocus());
    expect(item(1).getByRole('button', { name: 'Subir pregunta 1' })).toBeDisabled();
    // Answered: its type is kept.
    expect(item(1).getByLabelText('Tipo de respuesta')).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Guardar preguntas' }));
    await screen.findByText(QUESTION_MSG.questionsSaved);
    expect(puts(calls)[0]!.questions).toEqual([
      {
        _id: 'q2',
        kind: 'opcion',
        label: 'Turno',
        help: null,
        required: false,
        options: ['Matutino', 'Vespertino'],
        min: null,
        max: null,
        day: DAYS[1],
        preset: null,
      },
      expect.objectContaining({ _id: 'q1', label: 'Número de cédula', required: true }),
    ]);
  });

  it("shows the API's refusal next to the question it names by index", async () => {
    const user = userEvent.setup();
    api([question({ _id: 'q1' }), question({ _id: 'q2', label: 'Turno' })], () =>
      Response.json(
        {
          success: false,
          message: 'Revisa las preguntas marcadas.',
          problems: { '1': QUESTION_MSG.questionDayUnknown },
        },
        { status: 400 },
      ),
    );
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Guardar preguntas' }));
    await waitFor(() =>
      expect(item(2).getByLabelText(/^Día/)).toHaveAccessibleDescription(
        expect.stringContaining(QUESTION_MSG.questionDayUnknown),
      ),
    );
    expect(item(1).queryByText(QUESTION_MSG.questionDayUnknown)).not.toBeInTheDocument();
    expect(screen.getByText('No se guardaron las preguntas').closest('[role="alert"]')).toHaveTextContent(
      'Revisa las preguntas marcadas.',
    );
  });

  it('confirms removing a question with answers, which stay in the export', async () => {
    const user = userEvent.setup();
    const { calls } = api([question({ _id: 'q1', answered: 4 }), question({ _id: 'q2', label: 'Turno' })]);
    renderEditor();
    await user.click(await screen.findByRole('button', { name: 'Eliminar pregunta 1' }));
    const dialog = screen.getByRole('dialog', { name: '¿Eliminar la pregunta «Número de cédula»?' });
    expect(dialog).toHaveAccessibleDescription(/Sus 4 respuestas se conservan en la exportación/);
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar pregunta' }));
    expect(item(1).getByLabelText(/^Pregunta/)).toHaveValue('Turno');
    await user.click(screen.getByRole('button', { name: 'Guardar preguntas' }));
    await screen.findByText(QUESTION_MSG.questionsSaved);
    expect(puts(calls)[0]!.questions.map((q) => q._id)).toEqual(['q2']);
  });
});
