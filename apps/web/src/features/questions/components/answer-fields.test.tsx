// The answers form: each kind of question drawn as its control, with its label («*» when
// required), help and the note of a proposed answer; a wrong answer's message (the shared
// answerProblem) under its field, tied to the control; read-only once closed.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QUESTION_MSG } from '@store/shared/question-messages';
import type { EventQuestions } from '@store/shared/schemas/questions';
import { testEventQuestions, testQuestion } from '../../../../test/questions';
import { TestProviders, testQueryClient } from '../../../../test/providers';
import { useAnswerDrafts } from '../hooks/use-answer-drafts';
import { AnswerFields, PROPOSED_NOTE } from './answer-fields';

const SPECIALTIES = [
  'Anestesiología',
  'Cardiología',
  'Cirugía',
  'Enfermería',
  'Medicina crítica',
  'Pediatría',
  'Otra',
];

const EVENT = testEventQuestions({
  questions: [
    testQuestion({
      _id: 'inst',
      label: 'Institución donde trabajas',
      required: true,
      help: 'Hospital o clínica.',
    }),
    testQuestion({ _id: 'dieta', kind: 'texto_largo', label: 'Restricciones alimentarias', day: 'Sábado' }),
    testQuestion({
      _id: 'rol',
      kind: 'opcion',
      label: 'Tu papel',
      required: true,
      options: ['Médico', 'Residente'],
    }),
    testQuestion({ _id: 'esp', kind: 'opcion', label: 'Especialidad', options: SPECIALTIES }),
    testQuestion({
      _id: 'talleres',
      kind: 'opciones',
      label: 'Talleres',
      required: true,
      options: ['Aminas', 'Arritmias'],
    }),
    testQuestion({ _id: 'patro', kind: 'si_no', label: '¿Aceptas que los patrocinadores te contacten?' }),
    testQuestion({ _id: 'anios', kind: 'numero', label: 'Años de práctica', min: 0, max: 60 }),
    testQuestion({ _id: 'nac', kind: 'fecha', label: 'Fecha de nacimiento' }),
  ],
  answers: { inst: 'Hospital Ángeles' },
  proposed: ['inst'],
});

function Harness({ event }: { event: EventQuestions }) {
  const events = useMemo(() => [event], [event]);
  const { drafts, check } = useAnswerDrafts(events, Date.now());
  return (
    <>
      <AnswerFields draft={drafts[0]!} />
      <button type="button" onClick={() => check()}>
        Revisar
      </button>
    </>
  );
}

function show(event: EventQuestions = EVENT) {
  render(
    <TestProviders client={testQueryClient()}>
      <Harness event={event} />
    </TestProviders>,
  );
}

/** The message tied to a control (its aria-describedby), as a reader hears it. */
const described = (el: HTMLElement) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

afterEach(() => vi.unstubAllGlobals());

describe('AnswerFields', () => {
  it('draws each kind of question as its control', () => {
    show();
    const inst = screen.getByRole('textbox', { name: 'Institución donde trabajas' });
    expect(inst).toHaveValue('Hospital Ángeles');
    expect(inst).toBeRequired();
    // «*» is seen beside a required question's label (a reader hears «required» instead).
    expect(document.querySelector(`label[for="${inst.id}"]`)).toHaveTextContent(
      'Institución donde trabajas *',
    );
    expect(described(inst)).toContain('Hospital o clínica.');
    expect(described(inst)).toContain(PROPOSED_NOTE);

    const dieta = screen.getByRole('textbox', { name: 'Restricciones alimentarias' });
    expect(dieta.tagName).toBe('TEXTAREA');
    expect(described(dieta)).toContain('Para quienes asisten el día «Sábado».');
    expect(described(dieta)).toContain('0 de 2000 caracteres');

    const rol = screen.getByRole('group', { name: 'Tu papel' });
    expect(rol.querySelector('legend')).toHaveTextContent('Tu papel *');
    expect(
      within(rol)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value') ?? r.closest('label')?.textContent),
    ).toEqual(['Médico', 'Residente']);
    // Beyond six options, a list to open.
    const esp = screen.getByRole('combobox', { name: 'Especialidad' });
    expect(within(esp).getAllByRole('option')).toHaveLength(SPECIALTIES.length + 1);

    const talleres = screen.getByRole('group', { name: 'Talleres (obligatoria)' });
    expect(within(talleres).getAllByRole('checkbox')).toHaveLength(2);

    // The sponsors' question starts on No: nothing is shared without a yes.
    const patro = screen.getByRole('group', { name: '¿Aceptas que los patrocinadores te contacten?' });
    expect(within(patro).getByRole('radio', { name: 'No' })).toBeChecked();
    expect(within(patro).getByRole('radio', { name: 'Sí' })).not.toBeChecked();

    const anios = screen.getByRole('spinbutton', { name: 'Años de práctica' });
    expect(anios).toHaveAttribute('min', '0');
    expect(anios).toHaveAttribute('max', '60');
    expect(screen.getByLabelText('Fecha de nacimiento')).toHaveAttribute('type', 'date');
  });

  it('names each wrong answer under its field, and takes it away once fixed', async () => {
    show();
    const inst = screen.getByRole('textbox', { name: /^Institución/ });
    await userEvent.clear(inst);
    await userEvent.type(inst, '=SUMA(A1)');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Años de práctica' }), '75');
    await userEvent.click(screen.getByRole('button', { name: 'Revisar' }));

    expect(inst).toHaveAttribute('aria-invalid', 'true');
    expect(described(inst)).toContain(QUESTION_MSG.answerNoFormula);
    expect(described(inst)).not.toContain(PROPOSED_NOTE);
    const anios = screen.getByRole('spinbutton', { name: 'Años de práctica' });
    expect(described(anios)).toContain(QUESTION_MSG.answerNumberMax(60));
    for (const radio of within(screen.getByRole('group', { name: 'Tu papel' })).getAllByRole('radio')) {
      expect(radio).toHaveAttribute('aria-invalid', 'true');
      expect(described(radio)).toContain(QUESTION_MSG.answerRequired);
    }
    const talleres = within(screen.getByRole('group', { name: /^Talleres/ })).getAllByRole('checkbox');
    expect(described(talleres[0]!)).toContain(QUESTION_MSG.answerRequired);
    // Optional questions left empty are fine.
    expect(screen.getByRole('combobox', { name: 'Especialidad' })).not.toHaveAttribute('aria-invalid');

    await userEvent.clear(inst);
    await userEvent.type(inst, 'IMSS');
    expect(inst).not.toHaveAttribute('aria-invalid');
    await userEvent.click(screen.getByRole('radio', { name: 'Residente' }));
    expect(screen.getByRole('radio', { name: 'Residente' })).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByText(QUESTION_MSG.answerRequired)).toHaveLength(1);
  });

  it('counts a long text’s characters and says when it is over', async () => {
    show();
    const dieta = screen.getByRole('textbox', { name: 'Restricciones alimentarias' });
    await userEvent.click(dieta);
    await userEvent.paste('x'.repeat(2001));
    expect(described(dieta)).toContain('2001 de 2000 caracteres');
    await userEvent.click(screen.getByRole('button', { name: 'Revisar' }));
    expect(described(dieta)).toContain(QUESTION_MSG.answerLongTextTooLong);
  });

  it('is read-only once the answers can no longer change', () => {
    show({ ...EVENT, editableUntil: null });
    expect(screen.getByText(QUESTION_MSG.answersClosed)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Institución/ })).toBeDisabled();
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Especialidad' })).toBeDisabled();
  });
});
