// GET /api/questions/checkout: the questions of every event of my cart that has any, with my
// answers (or proposed ones), asked at checkout before paying.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkoutQuestionsResponse } from '@store/shared/schemas/questions';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth-token';
import { questionKeys } from './keys';

export async function getCheckoutQuestions(signal?: AbortSignal) {
  return (await apiRequest('/api/questions/checkout', checkoutQuestionsResponse, { signal })).events;
}

/** `cart`: the cart's contents as a key (another cart asks other questions). */
export const checkoutQuestionsQuery = (token: string | null, cart: string) =>
  queryOptions({
    queryKey: questionKeys.checkout(token, cart),
    queryFn: ({ signal }) => getCheckoutQuestions(signal),
    enabled: Boolean(token),
    staleTime: 0,
  });

export function useCheckoutQuestions(cart: string) {
  return useQuery(checkoutQuestionsQuery(useToken(), cart));
}
