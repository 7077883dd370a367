// PUT /api/invoice/fiscal-data: saves the account's fiscal data (validated again by the API).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveFiscalDataResponse, type FiscalDataInput } from '@store/shared/schemas/invoice';
import { apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/auth-token';
import { invoiceKeys } from './keys';

export function saveFiscalData(body: FiscalDataInput) {
  return apiRequest('/api/invoice/fiscal-data', saveFiscalDataResponse, { method: 'PUT', body });
}

export function useSaveFiscalData() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFiscalData,
    onSuccess: (res) => queryClient.setQueryData(invoiceKeys.fiscalData(getToken()), res.fiscalData),
  });
}
