// Query keys of the registration questions (docs/questions.md): under the member's orders, so
// they are dropped on logout and read again whenever the orders change (a purchase, a transfer,
// a place assigned), which changes what a person is asked.
import { userQueryKeys } from '../../../lib/query-keys';

export const questionKeys = {
  all: (token: string | null) => [...userQueryKeys.orders(token), 'questions'] as const,
  event: (token: string | null, productId: string) =>
    [...userQueryKeys.orders(token), 'questions', 'event', productId] as const,
  /** The cart's events: `cart` tells one cart's contents from another's. */
  checkout: (token: string | null, cart: string) =>
    [...userQueryKeys.orders(token), 'questions', 'checkout', cart] as const,
  pending: (token: string | null) => [...userQueryKeys.orders(token), 'questions', 'pending'] as const,
};
