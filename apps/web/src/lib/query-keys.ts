// Query keys of the data that belongs to the signed-in user: dropped on logout and login so
// one person's cart or orders never show for the next.
export const userQueryKeys = {
  cart: (token: string | null) => ['cart', token] as const,
  profile: (token: string | null) => ['profile', token] as const,
  orders: (token: string | null) => ['orders', token] as const,
  waitlist: (token: string | null, productId: string) => ['waitlist', token, productId] as const,
  /** Under `waitlist` too, so joining or leaving anywhere reads it again. */
  myWaitlist: (token: string | null) => ['waitlist', token, 'mine'] as const,
  all: [
    ['cart'],
    ['profile'],
    ['orders'],
    ['product-single'],
    ['fiscal-data'],
    ['invoices'],
    ['participant-type'],
    ['waitlist'],
  ] as const,
};
