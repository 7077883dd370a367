// POST /api/invoice/request: the CFDI of a paid order, asked from /orders within its month.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestInvoiceResponse, type RequestInvoiceBody } from '@store/shared/schemas/invoice';
import { apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-token';
import { invoiceKeys } from './keys';

export function requestInvoice(body: RequestInvoiceBody) {
  return apiRequest('/api/invoice/request', requestInvoiceResponse, { method: 'POST', body });
}

export function useRequestInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestInvoice,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.mine(getToken()) });
      void queryClient.invalidateQueries({ queryKey: invoiceKeys.fiscalData(getToken()) });
    },
  });
}
