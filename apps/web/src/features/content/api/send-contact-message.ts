// POST /api/contact: fetcher and mutation hook for the contact form.
import { useMutation } from '@tanstack/react-query';
import { contactResponse, type ContactBody } from '@store/shared/schemas/contact';
import { apiRequest } from '../../../lib/api-client';

export function sendContactMessage(body: ContactBody) {
  return apiRequest('/api/contact', contactResponse, { method: 'POST', body });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
