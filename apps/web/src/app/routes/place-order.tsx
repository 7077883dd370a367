// Checkout (docs/product.md → Checkout and payment method, Free claim): address form, coupon (after the user type has loaded), totals,
// payment method. A free order is claimed here; PayPal renders its own buttons. A cart with a
// day that has ended goes back to the cart to remove it (the server would refuse it).
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useForm } from 'react-hook-form';
import { formResolver } from '../../lib/form-resolver';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarX, ShoppingCart } from 'lucide-react';
import type { PaymentMethod } from '@store/shared/constants';
import { cartLines } from '@store/shared/domain/cart';
import { toCentavos, toPesos } from '@store/shared/domain/money';
import { computeTotals } from '@store/shared/domain/totals';
import { couponAppliedToProducts, MSG } from '@store/shared/messages';
import { address, type AddressInput, type PlaceOrderBody } from '@store/shared/schemas/order';
import { Seo } from '../../components/layout/seo';
import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { Skeleton } from '../../components/ui/skeleton';
import { useProfile } from '../../features/account/api/get-profile';
import { RequireAuth } from '../../features/account/components/require-auth';
import { useFinishedProducts } from '../../features/catalog/api/get-finished-products';
import { useProducts } from '../../features/catalog/api/get-products';
import { CartTotals } from '../../features/cart/components/cart-totals';
import { useCart } from '../../features/cart/hooks/use-cart';
import { cartHasUnlistedEvents, cartViewLines } from '../../features/cart/utils/cart-view-lines';
import { linePriceViews } from '../../features/cart/utils/line-prices';
import { placeOrder } from '../../features/checkout/api/place-order';
import { validateCoupon } from '../../features/checkout/api/validate-coupon';
import { AddressFields, EMPTY_ADDRESS } from '../../features/checkout/components/address-fields';
import { CouponField } from '../../features/checkout/components/coupon-field';
import { InvoiceRequestSection } from '../../features/invoices/components/invoice-request-section';
import { useInvoiceChoice } from '../../features/invoices/hooks/use-invoice-choice';
import { invoiceKeys } from '../../features/invoices/api/keys';
import { OrderSummary } from '../../features/checkout/components/order-summary';
import { PaymentOptions } from '../../features/checkout/components/payment-options';
import { PaypalCheckout } from '../../features/payments/components/paypal-checkout';
import { useSiteConfig } from '../../features/site-config/api/get-site-config';
import { getToken } from '../../lib/auth-token';
import { errorMessage, notify } from '../../lib/notify';
import { userQueryKeys } from '../../lib/query-keys';
import { useNow } from '../../lib/use-now';

/** docs/product.md → Checkout and payment method: only PayPal is offered in the interface when the order has a cost. */
const PAID_METHODS: readonly PaymentMethod[] = ['paypal'];

interface AppliedCoupon {
  code: string;
  /** Pesos. */
  discount: number;
}

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
  const siteConfig = useSiteConfig();
  const [method, setMethod] = useState<PaymentMethod>('paypal');
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const invoice = useInvoiceChoice();
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    trigger,
    formState: { errors, isSubmitting },
  } = useForm<AddressInput>({
    resolver: formResolver(address),
    defaultValues: EMPTY_ADDRESS,
  });

  // The account's e-mail is the likely billing e-mail; only filled in while the field is empty.
  const profileEmail = profile.data?.email;
  useEffect(() => {
    if (profileEmail && !getValues('email')) setValue('email', profileEmail);
  }, [profileEmail, getValues, setValue]);

  const lines = useMemo(() => cartLines(cart), [cart]);
  const summary = useMemo(() => {
    const byId = new Map((products.data ?? []).map((p) => [p._id, p]));
    const found = lines.flatMap((l) => {
      const product = byId.get(l.productId);
      return product ? [{ product, day: l.day, productId: l.productId }] : [];
    });
    const prices = linePriceViews(found, linePrice);
    return found.map((l, i) => ({ ...l, ...prices[i] }));
  }, [lines, products.data, linePrice]);
  const totals = computeTotals(toCentavos(amount), toCentavos(coupon?.discount ?? 0));

  const orderBody = (addr: AddressInput, fiscal: PlaceOrderBody['invoice'] = null): PlaceOrderBody => ({
    address: addr,
    invoice: totals.isFree ? null : fiscal,
    items: lines.map((l) => ({ _id: l.productId, days: l.day, quantity: l.quantity })),
    amount: toPesos(totals.total),
    couponCode: coupon?.code ?? null,
    discount: toPesos(totals.discount),
  });

  /** After any successful order or payment (docs/product.md → After payment): empty cart, fresh orders, /orders. */
  const finish = () => {
    clearCart();
    void queryClient.invalidateQueries({ queryKey: userQueryKeys.orders(getToken()) });
    void queryClient.invalidateQueries({ queryKey: ['products'] });
    void queryClient.invalidateQueries({ queryKey: invoiceKeys.mine(getToken()) });
    void queryClient.invalidateQueries({ queryKey: invoiceKeys.fiscalData(getToken()) });
    navigate('/orders');
  };

  /**
   * For the PayPal buttons: validates the address (showing its errors) and answers the body
   * to send, or null when the form is not valid yet.
   */
  const buildPaidOrder = async (): Promise<PlaceOrderBody | null> => {
    const [addressOk, fiscal] = await Promise.all([trigger(), invoice.build()]);
    return addressOk && fiscal !== undefined ? orderBody(getValues(), fiscal) : null;
  };

  const onSubmit = handleSubmit(async (addr) => {
    const fiscal = totals.isFree ? null : await invoice.build();
    if (fiscal === undefined) return;
    try {
      const res = await placeOrder(orderBody(addr, fiscal));
      notify.success(totals.isFree ? MSG.freeClaimDone : res.message);
      finish();
    } catch (err) {
      notify.error(errorMessage(err, MSG.serverError));
      void queryClient.invalidateQueries({ queryKey: userQueryKeys.cart(getToken()) });
    }
  });

  const applyCoupon = async (code: string) => {
    // docs/product.md → Checkout and payment method: the user type must be loaded before a coupon can be checked.
    if (!profile.data) {
      notify.error(MSG.waitForUserInfo);
      return false;
    }
    try {
      const res = await validateCoupon({
        code,
        userId: getToken() ?? undefined,
        userType: profile.data.userType,
        orderAmount: amount,
        cartItems: cart,
      });
      setCoupon({ code: res.coupon.code, discount: res.discount });
      notify.success(
        res.applicableProducts.length > 0
          ? couponAppliedToProducts(res.applicableProductsCount)
          : MSG.couponWholeOrder,
      );
      return true;
    } catch (err) {
      notify.error(errorMessage(err, MSG.couponError));
      return false;
    }
  };

  if (isLoading || products.isPending || (unlisted && finished.isPending)) return <CheckoutSkeleton />;

  const ended = cartViewLines(cart, [...(products.data ?? []), ...(finished.data ?? [])], now).filter(
    (l) => l.ended,
  );
  if (ended.length > 0) {
    return (
      <main>
        <CheckoutSeo />
        <Container narrow className="py-16 text-center">
          <CalendarX aria-hidden="true" className="mx-auto h-10 w-10 text-slate-400" />
          <h1 className="mt-3 text-2xl font-bold">Tu carrito tiene días que ya terminaron</h1>
          <p className="mt-2 text-slate-600">
            {ended.map((l) => `«${l.day}» de «${l.product.name}»`).join(', ')} ya no se{' '}
            {ended.length === 1 ? 'puede' : 'pueden'} comprar. Quítalos de tu carrito para continuar.
          </p>
          <ButtonLink to="/cart" className="mt-8">
            Volver al carrito
          </ButtonLink>
        </Container>
      </main>
    );
  }

  if (lines.length === 0) {
    return (
      <main>
        <CheckoutSeo />
        <Container narrow className="py-16 text-center">
          <ShoppingCart aria-hidden="true" className="mx-auto h-10 w-10 text-slate-400" />
          <h1 className="mt-3 text-2xl font-bold">{MSG.emptyCart}</h1>
          <p className="mt-2 text-slate-600">Agrega un evento a tu carrito para finalizar la compra.</p>
          <ButtonLink to="/collection" className="mt-8">
            Ver eventos
          </ButtonLink>
        </Container>
      </main>
    );
  }

  return (
    <main>
      <CheckoutSeo />
      <Container className="py-8 lg:py-12">
        <h1 className="sr-only">Finalizar compra</h1>
        <form onSubmit={onSubmit} noValidate className="grid items-start gap-10 lg:grid-cols-[1fr_24rem]">
          <div>
            <AddressFields register={register} errors={errors} />
            {!totals.isFree && <InvoiceRequestSection choice={invoice} />}
          </div>
          <div className="space-y-6 lg:sticky lg:top-24">
            <OrderSummary lines={summary} />
            <CartTotals subtotal={amount} discount={coupon?.discount ?? 0} couponCode={coupon?.code} />
            <CouponField
              applied={coupon?.code ?? null}
              onApply={applyCoupon}
              onRemove={() => setCoupon(null)}
            />
            <PaymentOptions
              isFree={totals.isFree}
              methods={PAID_METHODS}
              method={method}
              onMethodChange={setMethod}
              submitting={isSubmitting}
              paypalSlot={
                <PaypalCheckout
                  total={toPesos(totals.total)}
                  buildOrder={buildPaidOrder}
                  onPaid={finish}
                  simulated={siteConfig.data?.paymentsMode === 'simulated'}
                />
              }
            />
          </div>
        </form>
      </Container>
    </main>
  );
}

function CheckoutSkeleton() {
  return (
    <main aria-busy="true">
      <CheckoutSeo />
      <Container className="py-8 lg:py-12">
        <p className="sr-only" role="status">
          Cargando tu orden…
        </p>
        <div className="grid gap-10 lg:grid-cols-[1fr_24rem]">
          <div className="grid gap-4 sm:grid-cols-2">
            <Skeleton className="h-7 w-64 sm:col-span-2" />
            {Array.from({ length: 9 }, (_, i) => (
              <Skeleton key={i} className="h-16 w-full" />
            ))}
          </div>
          <div className="space-y-6">
            <Skeleton className="h-56 w-full rounded-xl" />
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        </div>
      </Container>
    </main>
  );
}

function CheckoutSeo() {
  return (
    <Seo
      title="Finalizar compra"
      description="Tus datos de facturación, tu cupón y el pago seguro de tus eventos."
      noindex
    />
  );
}
