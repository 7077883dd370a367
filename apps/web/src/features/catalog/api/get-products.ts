// GET /api/product/list: fetcher, query options and hook. A failed load is also a toast
// (docs/product.md → Messages: the server's message, or the exception's), once however many pages ask.
import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { MSG } from '@store/shared/messages';
import { productListResponse } from '@store/shared/schemas/product';
import { apiRequest } from '../../../lib/api-client';
import { errorMessage, notify } from '../../../lib/notify';

export async function getProducts(signal?: AbortSignal) {
  const res = await apiRequest('/api/product/list', productListResponse, { signal });
  return res.products;
}

export const productsQueryOptions = () =>
  queryOptions({ queryKey: ['products'], queryFn: ({ signal }) => getProducts(signal) });

export function useProducts() {
  const query = useQuery(productsQueryOptions());
  const { error } = query;
  useEffect(() => {
    if (error) notify.error(errorMessage(error, MSG.productsLoadError), 'products-load');
  }, [error]);
  return query;
}
