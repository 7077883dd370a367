// GET and PUT /api/admin/payment-settings: which ways to pay besides PayPal the association
// offers (card with meses sin intereses, cash at OXXO, SPEI) and for how many days, with
// whether each can work now (Stripe's keys, the webhook). A save refused (a way not ready)
// carries the server's message.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { paymentSettingsResponse, type PaymentSettings } from '@store/shared/schemas/mx-payments';
import { apiRequest } from '../../../../lib/api-client';
import { adminKeys } from '../../../../lib/admin/query-keys';

export function usePaymentSettings() {
  return useQuery({
    queryKey: adminKeys.paymentSettings,
    queryFn: ({ signal }) => apiRequest('/api/admin/payment-settings', paymentSettingsResponse, { signal }),
  });
}

export function useSavePaymentSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (settings: PaymentSettings) =>
      apiRequest('/api/admin/payment-settings', paymentSettingsResponse, { method: 'PUT', body: settings }),
    onSuccess: (res) => {
      qc.setQueryData(adminKeys.paymentSettings, res);
      // What the checkout offers changed.
      void qc.invalidateQueries({ queryKey: ['payment-methods'] });
    },
  });
}
