// GET /api/product/list: fetcher, query options and hook.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { productListResponse } from '@store/shared/schemas/product';
import { apiRequest } from '../../../lib/api-client';

export async function getProducts(signal?: AbortSignal) {
  const res = await apiRequest('/api/product/list', productListResponse, { signal });
  return res.products;
}

export const productsQueryOptions = () =>
  queryOptions({ queryKey: ['products'], queryFn: ({ signal }) => getProducts(signal) });

export function useProducts() {
  return useQuery(productsQueryOptions());
}
