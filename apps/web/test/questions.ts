// Test-only builders of registration questions as the API answers them (imported by *.test.tsx files).
import type { EventQuestions, PublicQuestion } from '@store/shared/schemas/questions';

export function testQuestion(over: Partial<PublicQuestion> & Pick<PublicQuestion, '_id'>): PublicQuestion {
  return {
    kind: 'texto',
    label: 'Pregunta',
    help: null,
    required: false,
    options: [],
    min: null,
    max: null,
    day: null,
    ...over,
  };
}

/** A congress asking its institution (required); editable for a year from now. */
export function testEventQuestions(over: Partial<EventQuestions> = {}): EventQuestions {
  return {
    productId: 'congreso',
    productName: 'Congreso de anestesia cardiovascular',
    questions: [
      testQuestion({
        _id: 'inst',
        label: 'Institución donde trabajas',
        required: true,
        help: 'Hospital, clínica o universidad.',
      }),
    ],
    answers: {},
    proposed: [],
    complete: false,
    editableUntil: Date.now() + 365 * 86_400_000,
    ...over,
  };
}
