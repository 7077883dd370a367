// Opening an event card (docs/product.md → My products): when logged in, the user's orders are checked first; an
// event already owned says 'Ya tienes acceso a este producto' and goes to /orders. A failed
// check silently opens the product page (docs/product.md → My products).
import { useCallback, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '@store/shared/messages';
import type { Product } from '@store/shared/schemas/product';
import { getToken } from '../../../lib/auth-token';
import { notify } from '../../../lib/notify';
import { userOrdersQueryOptions } from '../api/get-user-orders';
import { ownsProduct } from '../utils/owned-days';

export function useOpenProduct() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (product: Product, event: MouseEvent<HTMLAnchorElement>) => {
      const token = getToken();
      // Modified clicks (new tab) keep the browser's behaviour.
      if (!token || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      queryClient
        .fetchQuery(userOrdersQueryOptions(token))
        .then((orders) => {
          if (ownsProduct(orders, product._id, product.days)) {
            notify.info(MSG.alreadyOwned);
            navigate('/orders');
          } else navigate(`/product/${product._id}`);
        })
        .catch(() => navigate(`/product/${product._id}`));
    },
    [navigate, queryClient],
  );
}
