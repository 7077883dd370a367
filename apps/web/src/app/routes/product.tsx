// /product/:productId: the catalogue's product page, given what the other features own: the days
// the member already bought, their waiting-list state and panel, their participant-type request,
// adding to the cart, and opening a related event (an owned one goes to /orders).
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useParticipantType } from '../../features/account/api/participant-type';
import { ProductPage } from '../../features/catalog/components/product-page';
import { useCart } from '../../features/cart/hooks/use-cart';
import { useUserOrders } from '../../features/orders/api/get-user-orders';
import { useOpenProduct } from '../../features/orders/hooks/use-open-product';
import { ownedDays } from '../../features/orders/utils/owned-days';
import { useWaitlistState } from '../../features/waitlist/api/get-waitlist-state';
import { WaitlistPanel } from '../../features/waitlist/components/waitlist-panel';

export function Component() {
  const { productId = '' } = useParams();
  const orders = useUserOrders();
  const openProduct = useOpenProduct();
  const { addToCart } = useCart();
  const pendingRequest = useParticipantType().data?.request;
  const waitlist = useWaitlistState(productId);
  const owned = useMemo(
    () => (orders.data ? ownedDays(orders.data, productId) : undefined),
    [orders.data, productId],
  );
  return (
    <ProductPage
      productId={productId}
      owned={owned}
      waitlist={waitlist.data}
      pendingRequest={pendingRequest}
      addToCart={addToCart}
      onOpen={openProduct}
      renderWaitlist={(panel) => <WaitlistPanel {...panel} />}
    />
  );
}
