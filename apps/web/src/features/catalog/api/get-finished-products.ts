// GET /api/product/list?estado=finalizados: the events whose every day has ended, most
// recently ended first. Loaded only where they are shown: the catalogue when "Mostrar
// eventos finalizados" is on, and a product or cart line that is not in the current list.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { productListResponse } from '@store/shared/schemas/product';
import { apiRequest } from '../../../lib/api-client';

export async function getFinishedProducts(signal?: AbortSignal) {
  const res = await apiRequest('/api/product/list?estado=finalizados', productListResponse, { signal });
  return res.products;
}

export const finishedProductsQueryOptions = () =>
  queryOptions({
    queryKey: ['products', 'finalizados'],
    queryFn: ({ signal }) => getFinishedProducts(signal),
  });

export function useFinishedProducts({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...finishedProductsQueryOptions(), enabled });
}
