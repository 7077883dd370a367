import { describe, expect, it } from 'vitest';
import { QUESTION_MSG } from '../question-messages';
import { answerProblem, normalizeAnswer, questionProblem, type AnswerRules } from './answers';

const rules = (over: Partial<AnswerRules>): AnswerRules => ({
  kind: 'texto',
  required: false,
  options: [],
  min: null,
  max: null,
  ...over,
});

describe('answerProblem', () => {
  it('a required question needs an answer; blanks and empty lists are none', () => {
    for (const kind of ['texto', 'texto_largo', 'opcion', 'opciones', 'si_no', 'numero', 'fecha'] as const) {
      expect(answerProblem(rules({ kind, required: true }), null)).toBe(QUESTION_MSG.answerRequired);
    }
    expect(answerProblem(rules({ required: true }), '   ')).toBe(QUESTION_MSG.answerRequired);
    expect(answerProblem(rules({ kind: 'opciones', required: true, options: ['a', 'b'] }), [])).toBe(
      QUESTION_MSG.answerRequired,
    );
    expect(answerProblem(rules({}), '')).toBeNull();
  });

  it('texts: length, no HTML, no formula', () => {
    expect(answerProblem(rules({}), 'Hospital Ángeles')).toBeNull();
    expect(answerProblem(rules({}), 'x'.repeat(201))).toBe(QUESTION_MSG.answerTextTooLong);
    expect(answerProblem(rules({ kind: 'texto_largo' }), 'x'.repeat(2000))).toBeNull();
    expect(answerProblem(rules({ kind: 'texto_largo' }), 'x'.repeat(2001))).toBe(
      QUESTION_MSG.answerLongTextTooLong,
    );
    expect(answerProblem(rules({}), '<script>alert(1)</script>')).toBe(QUESTION_MSG.answerNoHtml);
    expect(answerProblem(rules({}), 'a < b y c > d')).toBeNull();
    for (const f of ['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)']) {
      expect(answerProblem(rules({}), f)).toBe(QUESTION_MSG.answerNoFormula);
    }
  });

  it('choices: only the options offered', () => {
    const one = rules({ kind: 'opcion', options: ['Anestesiología', 'Otra'] });
    expect(answerProblem(one, 'Otra')).toBeNull();
    expect(answerProblem(one, 'Cardiología')).toBe(QUESTION_MSG.answerChoiceUnknown);
    expect(answerProblem(one, ['Otra'])).toBe(QUESTION_MSG.answerChoiceUnknown);
    const many = rules({ kind: 'opciones', options: ['a', 'b', 'c'] });
    expect(answerProblem(many, ['c', 'a', 'a'])).toBeNull();
    expect(normalizeAnswer(many, ['c', 'a', 'a'])).toEqual(['a', 'c']);
    expect(answerProblem(many, ['a', 'z'])).toBe(QUESTION_MSG.answerChoicesUnknown);
  });

  it('yes/no, numbers in range, real dates', () => {
    expect(answerProblem(rules({ kind: 'si_no' }), false)).toBeNull();
    expect(answerProblem(rules({ kind: 'si_no' }), 'sí')).toBe(QUESTION_MSG.answerYesNo);
    const n = rules({ kind: 'numero', min: 1, max: 10 });
    expect(answerProblem(n, 10)).toBeNull();
    expect(answerProblem(n, 0)).toBe(QUESTION_MSG.answerNumberMin(1));
    expect(answerProblem(n, 11)).toBe(QUESTION_MSG.answerNumberMax(10));
    expect(answerProblem(n, '5')).toBe(QUESTION_MSG.answerNumber);
    expect(answerProblem(n, Number.NaN)).toBe(QUESTION_MSG.answerNumber);
    const d = rules({ kind: 'fecha' });
    expect(answerProblem(d, '2026-02-28')).toBeNull();
    expect(answerProblem(d, '2026-02-30')).toBe(QUESTION_MSG.answerDate);
    expect(answerProblem(d, '28/02/2026')).toBe(QUESTION_MSG.answerDate);
  });
});

describe('questionProblem', () => {
  const draft = {
    kind: 'texto' as const,
    required: true,
    options: [],
    min: null,
    max: null,
    label: 'Institución',
    help: null,
    day: null,
  };
  it('checks label, options, range and day', () => {
    expect(questionProblem(draft, ['Día 1'])).toBeNull();
    expect(questionProblem({ ...draft, label: '  ' }, [])).toBe(QUESTION_MSG.questionLabelRequired);
    expect(questionProblem({ ...draft, kind: 'opcion', options: ['a'] }, [])).toBe(
      QUESTION_MSG.questionOptionsRequired,
    );
    expect(questionProblem({ ...draft, kind: 'opcion', options: ['a', 'a'] }, [])).toBe(
      QUESTION_MSG.questionOptionsRepeated,
    );
    expect(questionProblem({ ...draft, kind: 'numero', min: 5, max: 1 }, [])).toBe(
      QUESTION_MSG.questionRange,
    );
    expect(questionProblem({ ...draft, day: 'Día 9' }, ['Día 1'])).toBe(QUESTION_MSG.questionDayUnknown);
  });
});
