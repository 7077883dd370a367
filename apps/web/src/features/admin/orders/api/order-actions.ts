// POST /api/admin/orders/:id/{mark-paid,cancel,refund,allow-transfer}.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminOrderResponse, type AdminRefundBody } from '@store/shared/schemas/admin/orders';
import { apiRequest } from '../../../../lib/api-client';
import { adminKeys } from '../../../../lib/admin/query-keys';

export type OrderAction =
  | { kind: 'mark-paid'; note: string }
  | { kind: 'cancel'; note: string }
  | { kind: 'allow-transfer'; note: string }
  | ({ kind: 'refund' } & AdminRefundBody);

export function runOrderAction(id: string, action: OrderAction) {
  const { kind, ...body } = action;
  return apiRequest(`/api/admin/orders/${encodeURIComponent(id)}/${kind}`, adminOrderResponse, {
    method: 'POST',
    body,
  });
}

export function useOrderAction(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (action: OrderAction) => runOrderAction(id, action),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
