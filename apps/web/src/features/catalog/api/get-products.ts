// GET /api/product/list as the pages use it: the shared query (lib/products-query.ts) plus a
// toast when it fails (docs/product.md → Messages: the server's message, or the exception's),
// once however many pages ask.
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MSG } from '@store/shared/messages';
import { errorMessage, notify } from '../../../lib/notify';
import { productsQueryOptions } from '../../../lib/products-query';

export function useProducts() {
  const query = useQuery(productsQueryOptions());
  const { error } = query;
  useEffect(() => {
    if (error) notify.error(errorMessage(error, MSG.productsLoadError), 'products-load');
  }, [error]);
  return query;
}
