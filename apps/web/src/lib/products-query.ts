// GET /api/product/list: the fetcher and its query options. They live in lib/ because two
// features read the list: the catalogue shows it (features/catalog/api/get-products.ts adds
// the hook with its error toast) and the cart prices its lines from it.
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/** The list's schema, loaded with the first request (lib/api-client.ts → SchemaSource). */
const productListSchema = async () => (await import('@store/shared/schemas/product')).productListResponse;

export async function getProducts(signal?: AbortSignal) {
  const res = await apiRequest('/api/product/list', productListSchema, { signal });
  return res.products;
}

export const productsQueryOptions = () =>
  queryOptions({ queryKey: ['products'], queryFn: ({ signal }) => getProducts(signal) });

/** Every active event, finished ones included (?estado=todos): when each bought day happens. */
export const allProductsQueryOptions = () =>
  queryOptions({
    queryKey: ['products', 'todos'],
    queryFn: async ({ signal }) =>
      (
        await apiRequest('/api/product/list?estado=todos', productListSchema, {
          signal,
        })
      ).products,
  });
