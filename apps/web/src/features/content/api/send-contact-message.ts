// POST /api/contact: fetcher and mutation hook for the contact form.
import { useMutation } from '@tanstack/react-query';
import { contactResponse, type ContactInput } from '@store/shared/schemas/contact';
import { apiRequest } from '../../../lib/api-client';

/** The form's values; the API parses them with the same schema (trims, checks consent). */
export function sendContactMessage(body: ContactInput) {
  return apiRequest('/api/contact', contactResponse, { method: 'POST', body });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
