// Where the answers form starts (saved or proposed answers; an optional Sí/No on No), the body
// of the save (answers as stored, null for none) and when answers can still change.
import { describe, expect, it } from 'vitest';
import { QUESTION_MSG } from '@store/shared/question-messages';
import { testEventQuestions, testQuestion } from '../../../../test/questions';
import { answersBody, initialValues, isEditable, isProposed, problemsOf } from './answer-values';

const EVENT = testEventQuestions({
  questions: [
    testQuestion({ _id: 'inst', required: true }),
    testQuestion({ _id: 'patro', kind: 'si_no' }),
    testQuestion({ _id: 'cena', kind: 'si_no', required: true }),
    testQuestion({ _id: 'talleres', kind: 'opciones', options: ['A', 'B', 'C'] }),
  ],
  answers: { inst: 'Hospital Ángeles', talleres: ['B'] },
  proposed: ['inst'],
});

describe('answer values', () => {
  it('start from the saved or proposed answers; an optional Sí/No on No, a required one empty', () => {
    expect(initialValues(EVENT)).toEqual({
      inst: 'Hospital Ángeles',
      patro: false,
      cena: null,
      talleres: ['B'],
    });
  });

  it('name every wrong field with the shared rules', () => {
    expect(problemsOf(EVENT, { inst: '  ', patro: false, cena: null, talleres: ['Z'] })).toEqual({
      inst: QUESTION_MSG.answerRequired,
      cena: QUESTION_MSG.answerRequired,
      talleres: QUESTION_MSG.answerChoicesUnknown,
    });
    expect(problemsOf(EVENT, { inst: 'IMSS', patro: true, cena: false, talleres: null })).toEqual({});
  });

  it('send every question, trimmed and in the options’ order, null for no answer', () => {
    expect(answersBody(EVENT, { inst: '  IMSS ', patro: false, cena: true, talleres: ['C', 'A'] })).toEqual({
      productId: 'congreso',
      answers: [
        { questionId: 'inst', value: 'IMSS' },
        { questionId: 'patro', value: false },
        { questionId: 'cena', value: true },
        { questionId: 'talleres', value: ['A', 'C'] },
      ],
    });
    expect(answersBody(EVENT, {}).answers.map((a) => a.value)).toEqual([null, null, null, null]);
  });

  it('a proposed answer is noted until it is changed', () => {
    expect(isProposed(EVENT, 'inst', 'Hospital Ángeles')).toBe(true);
    expect(isProposed(EVENT, 'inst', 'IMSS')).toBe(false);
    expect(isProposed(EVENT, 'talleres', ['B'])).toBe(false);
  });

  it('can change until the first day starts; null is closed', () => {
    expect(isEditable({ editableUntil: 2000 }, 1000)).toBe(true);
    expect(isEditable({ editableUntil: 2000 }, 2000)).toBe(false);
    expect(isEditable({ editableUntil: null }, 0)).toBe(false);
  });
});
