// The registration questions of the cart's events for the checkout page (docs/questions.md → At
// checkout): their section, `check` (marks every wrong answer) and `save` (checks, then saves
// each event's answers; false when a field is marked or the save was refused), called before
// any way to pay starts.
import { useMemo } from 'react';
import { useNow } from '../../../lib/use-now';
import { useCheckoutQuestions } from '../api/get-checkout-questions';
import { CheckoutQuestions } from '../components/checkout-questions';
import { useAnswerDrafts } from './use-answer-drafts';

/** `cart`: the cart's contents as a key (another cart asks other questions). */
export function useCheckoutAnswers(cart: string) {
  const query = useCheckoutQuestions(cart);
  const now = useNow();
  const events = useMemo(() => query.data ?? [], [query.data]);
  const { drafts, check, save } = useAnswerDrafts(events, now);
  return {
    /** Until the questions have loaded (a failure asks nothing: the server still refuses an incomplete registration). */
    loading: query.isPending,
    section: <CheckoutQuestions drafts={drafts} />,
    check,
    save,
  };
}

export type CheckoutAnswers = ReturnType<typeof useCheckoutAnswers>;
