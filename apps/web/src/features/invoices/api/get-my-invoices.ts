// GET /api/invoice/mine: the user's invoice requests with their status and files.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { myInvoicesResponse } from '@store/shared/schemas/invoice';
import { apiRequest } from '../../../lib/api-client';
import { useToken } from '../../../lib/auth-token';
import { invoiceKeys } from './keys';

export async function getMyInvoices(signal?: AbortSignal) {
  return (await apiRequest('/api/invoice/mine', myInvoicesResponse, { signal })).invoices;
}

/**
 * While a CFDI is being stamped (`solicitada`, usually seconds: an invoice, or a PPD invoice's
 * payment complement once the transfer arrived) the list is read again, every 3 s at first and
 * less often the longer it waits (at most once a minute, the provider may be down), so
 * «Timbrada» and its files appear without reloading; nothing is polled otherwise.
 */
export function stampingRefetchInterval(
  invoices: readonly { status: string; paymentComplement?: { status: string } | null }[] | undefined,
  reads: number,
): number | false {
  const stamping = (d: { status: string } | null | undefined) => d?.status === 'solicitada';
  if (!invoices?.some((i) => stamping(i) || stamping(i.paymentComplement))) return false;
  return Math.min(3000 * 2 ** Math.max(0, reads - 1), 60_000);
}

export const myInvoicesQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: invoiceKeys.mine(token),
    queryFn: ({ signal }) => getMyInvoices(signal),
    enabled: Boolean(token),
    refetchInterval: (query) => stampingRefetchInterval(query.state.data, query.state.dataUpdateCount),
  });

export function useMyInvoices() {
  return useQuery(myInvoicesQueryOptions(useToken()));
}
