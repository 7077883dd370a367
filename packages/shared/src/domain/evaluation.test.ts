import { describe, expect, it } from 'vitest';
import { answersFit, scoreAttempt } from './evaluation';

const exam = (correct: number) => ({ kind: 'examen' as const, options: ['a', 'b', 'c'], correct });
const survey = { kind: 'encuesta' as const, options: ['Sí', 'No'], correct: null };

describe('scoreAttempt', () => {
  it('scores exam questions only and compares with the pass mark', () => {
    const qs = [exam(0), exam(1), survey, exam(2), exam(0)];
    expect(scoreAttempt(qs, [0, 1, 1, 2, 0], 80)).toEqual({ scorePercent: 100, passed: true });
    expect(scoreAttempt(qs, [0, 1, 0, 2, 1], 80)).toEqual({ scorePercent: 75, passed: false });
    expect(scoreAttempt(qs, [0, 1, 0, 2, 1], 75)).toEqual({ scorePercent: 75, passed: true });
  });
  it('rounds down, so a score just under the mark does not pass', () => {
    const qs = [exam(0), exam(0), exam(0)];
    expect(scoreAttempt(qs, [0, 0, 1], 67)).toEqual({ scorePercent: 66, passed: false });
  });
  it('passes a survey once answered, without a score', () => {
    expect(scoreAttempt([survey, survey], [1, 0], 100)).toEqual({ scorePercent: null, passed: true });
  });
});

describe('answersFit', () => {
  it('needs one existing option per question', () => {
    const qs = [exam(0), survey];
    expect(answersFit(qs, [2, 1])).toBe(true);
    expect(answersFit(qs, [2])).toBe(false);
    expect(answersFit(qs, [2, 2])).toBe(false);
    expect(answersFit(qs, [-1, 0])).toBe(false);
    expect(answersFit(qs, [0, 0, 0])).toBe(false);
  });
});
