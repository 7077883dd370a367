// The answers forms of one or several events (the /registro page: one; the checkout: one per
// event of the cart). Each starts from the API's saved or proposed answers; a field marked wrong
// is checked again as it changes. `check` marks every wrong field; `save` checks, then sends each
// editable event's answers (one call per event, in order) and marks the fields a refusal names.
import { useCallback, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { answerProblem } from '@store/shared/domain/answers';
import { MSG } from '@store/shared/messages';
import type { AnswerValue, EventQuestions } from '@store/shared/schemas/questions';
import { ApiError } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-token';
import { errorMessage, notify } from '../../../lib/notify';
import { saveAnswers } from '../api/save-answers';
import { questionKeys } from '../api/keys';
import {
  answersBody,
  initialValues,
  isEditable,
  problemsOf,
  type AnswerProblems,
  type AnswerValues,
} from '../utils/answer-values';

/** One event's form as the fields draw it. */
export interface AnswerDraft {
  event: EventQuestions;
  values: AnswerValues;
  problems: AnswerProblems;
  /** Answers can still change (else the fields are read-only). */
  editable: boolean;
  /** Why the last save of this event failed when no field was named (network, closed…). */
  failure: string | null;
  onChange: (questionId: string, value: AnswerValue | null) => void;
}

export function useAnswerDrafts(events: readonly EventQuestions[], now: number) {
  const queryClient = useQueryClient();
  // By product id; an event the attendee has not touched yet takes the API's answers.
  const [values, setValues] = useState<Record<string, AnswerValues>>({});
  const [problems, setProblems] = useState<Record<string, AnswerProblems>>({});
  const [failures, setFailures] = useState<Record<string, string | null>>({});

  const valuesOf = useCallback(
    (event: EventQuestions) => values[event.productId] ?? initialValues(event),
    [values],
  );

  const drafts: AnswerDraft[] = useMemo(
    () =>
      events.map((event) => ({
        event,
        values: valuesOf(event),
        problems: problems[event.productId] ?? {},
        editable: isEditable(event, now),
        failure: failures[event.productId] ?? null,
        onChange: (questionId, value) => {
          const id = event.productId;
          setValues((cur) => ({
            ...cur,
            [id]: { ...(cur[id] ?? initialValues(event)), [questionId]: value },
          }));
          setProblems((cur) => {
            if (!cur[id]?.[questionId]) return cur;
            const { [questionId]: _old, ...rest } = cur[id];
            const question = event.questions.find((q) => q._id === questionId);
            const problem = question ? answerProblem(question, value) : null;
            return { ...cur, [id]: problem ? { ...rest, [questionId]: problem } : rest };
          });
        },
      })),
    [events, valuesOf, problems, failures, now],
  );

  /** Marks every wrong field of the editable events; true when none is wrong. */
  const check = (): boolean => {
    let ok = true;
    const next: Record<string, AnswerProblems> = {};
    for (const draft of drafts) {
      if (!draft.editable) continue;
      next[draft.event.productId] = problemsOf(draft.event, draft.values);
      if (Object.keys(next[draft.event.productId]!).length > 0) ok = false;
    }
    setProblems((cur) => ({ ...cur, ...next }));
    return ok;
  };

  /**
   * Checks, then saves each editable event's answers; true when all are saved. A refusal marks
   * the fields it names (or says why under the event's title) and stops.
   */
  const save = async (): Promise<boolean> => {
    if (!check()) return false;
    setFailures({});
    try {
      for (const draft of drafts) {
        if (!draft.editable || draft.event.questions.length === 0) continue;
        const id = draft.event.productId;
        try {
          await saveAnswers(answersBody(draft.event, draft.values));
        } catch (err) {
          if (err instanceof ApiError && err.problems) {
            const named = err.problems;
            setProblems((cur) => ({ ...cur, [id]: named }));
            // A question removed meanwhile has no field to carry its message.
            const shown = new Set(draft.event.questions.map((q) => q._id));
            const elsewhere = Object.entries(named).find(([questionId]) => !shown.has(questionId));
            if (elsewhere) setFailures({ [id]: elsewhere[1] });
          } else {
            const message = errorMessage(err, MSG.serverError);
            setFailures({ [id]: message });
            notify.error(message);
          }
          return false;
        }
      }
      return true;
    } finally {
      void queryClient.invalidateQueries({ queryKey: questionKeys.all(getToken()) });
    }
  };

  return { drafts, check, save };
}
