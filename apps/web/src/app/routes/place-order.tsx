// /place-order: the checkout feature's page, given what the other features own: the cart and its
// events (upcoming, and finished ones when the cart names an event no longer listed), the
// buyer's account, the invoice request, the registration questions of the cart's events, the
// totals box, the PayPal buttons, and what follows a placed or paid order (an order held for
// cash at OXXO or a SPEI transfer: its payment page).
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { InstructionsResponse } from '@store/shared/schemas/mx-payments';
import { useProfile } from '../../features/account/api/get-profile';
import { RequireAuth } from '../../features/account/components/require-auth';
import { useFinishedProducts } from '../../features/catalog/api/get-finished-products';
import { useProducts } from '../../features/catalog/api/get-products';
import { CartTotals } from '../../features/cart/components/cart-totals';
import { useCart } from '../../features/cart/hooks/use-cart';
import { cartHasUnlistedEvents, cartViewLines } from '../../features/cart/utils/cart-view-lines';
import { linePriceViews } from '../../features/cart/utils/line-prices';
import { CheckoutPage } from '../../features/checkout/components/checkout-page';
import { invoiceKeys } from '../../features/invoices/api/keys';
import { useUserOrders } from '../../features/orders/api/get-user-orders';
import { InvoiceRequestSection } from '../../features/invoices/components/invoice-request-section';
import { useInvoiceChoice } from '../../features/invoices/hooks/use-invoice-choice';
import { PaypalCheckout } from '../../features/payments/components/paypal-checkout';
import { useCheckoutAnswers } from '../../features/questions/hooks/use-checkout-answers';
import { useSiteConfig } from '../../features/site-config/api/get-site-config';
import { getToken } from '../../lib/auth-token';
import { userQueryKeys } from '../../lib/query-keys';
import { useNow } from '../../lib/use-now';

export function Component() {
  return (
    <RequireAuth>
      <PlaceOrder />
    </RequireAuth>
  );
}

function PlaceOrder() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { cart, amount, clearCart, isLoading, linePrice } = useCart();
  const products = useProducts();
  const unlisted = cartHasUnlistedEvents(cart, products.data);
  const finished = useFinishedProducts({ enabled: unlisted });
  const now = useNow();
  const profile = useProfile();
  // The address of the newest order that has one: where this checkout starts.
  const orders = useUserOrders();
  const lastAddress = orders.isPending
    ? 'loading'
    : (orders.data?.find((o) => o.address.street)?.address ?? null);
  const invoice = useInvoiceChoice();
  const questions = useCheckoutAnswers(JSON.stringify(cart));
  const simulated = useSiteConfig().data?.paymentsMode === 'simulated';

  const listed = cartViewLines(cart, products.data ?? [], now);
  const prices = linePriceViews(listed, linePrice);
  const ended = cartViewLines(cart, [...(products.data ?? []), ...(finished.data ?? [])], now).filter(
    (l) => l.ended,
  );

  /** The cart is bought (or held for payment): empty it and refresh what the buyer owns. */
  const refresh = () => {
    clearCart();
    void queryClient.invalidateQueries({ queryKey: userQueryKeys.orders(getToken()) });
    void queryClient.invalidateQueries({ queryKey: ['products'] });
    void queryClient.invalidateQueries({ queryKey: invoiceKeys.mine(getToken()) });
    void queryClient.invalidateQueries({ queryKey: invoiceKeys.fiscalData(getToken()) });
  };

  /** After any successful order or payment (docs/product.md → After payment): empty cart, fresh orders, /orders. */
  const finish = () => {
    refresh();
    navigate('/orders');
  };

  /** Held for cash or a transfer: the payment page, shown at once with what the order call answered. */
  const awaitPayment = (placed: InstructionsResponse) => {
    refresh();
    navigate(`/pago/${placed.orderId}`, { state: { placed } });
  };

  return (
    <CheckoutPage
      loading={isLoading || products.isPending || (unlisted && finished.isPending) || questions.loading}
      cart={cart}
      subtotal={amount}
      summary={listed.map((l, i) => ({ ...l, ...prices[i] }))}
      ended={ended}
      account={profile.data}
      lastAddress={lastAddress}
      invoice={{
        section: <InvoiceRequestSection choice={invoice} />,
        wanted: invoice.wanted,
        build: invoice.build,
      }}
      questions={questions}
      renderTotals={(coupon) => (
        <CartTotals subtotal={amount} discount={coupon?.discount ?? 0} couponCode={coupon?.code} />
      )}
      renderPaypal={(paypal) => <PaypalCheckout {...paypal} simulated={simulated} />}
      onDone={finish}
      onAwaitingPayment={awaitPayment}
    />
  );
}
