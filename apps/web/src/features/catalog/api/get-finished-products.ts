// GET /api/product/list?estado=finalizados: the events whose every day has ended, most
// recently ended first. Loaded only where they are shown: the catalogue when "Mostrar
// eventos finalizados" is on, and a product or cart line that is not in the current list.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The answer's schema, loaded with the request (lib/api-client.ts → SchemaSource). */
const productListResponseSchema = async () =>
  (await import('@store/shared/schemas/product')).productListResponse;

export async function getFinishedProducts(signal?: AbortSignal) {
  const res = await apiRequest('/api/product/list?estado=finalizados', productListResponseSchema, { signal });
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
