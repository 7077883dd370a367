// POST /api/waitlist/claim: the offered member takes the seat of the e-mail's link (the day
// goes into the cart, the seat stays held until the offer expires).
import { waitlistClaimResponse } from '@store/shared/schemas/waitlist';
import { apiRequest } from '../../../lib/api-client';

export function claimOffer(token: string) {
  return apiRequest('/api/waitlist/claim', waitlistClaimResponse, { method: 'POST', body: { token } });
}
