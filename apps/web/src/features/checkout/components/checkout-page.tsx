// The checkout page (docs/product.md → Checkout and payment method, Free claim): address form,
// coupon (after the user type has loaded), totals, payment method. A free order is claimed here;
// PayPal renders its own buttons; the ways the association turned on besides PayPal
// (GET /api/payment-methods) submit the form: the card goes to Stripe's page, OXXO and SPEI hold
// the order and the buyer goes to its payment page (a refusal shows above the button). A cart with a day that has ended goes back to the cart to remove
// it (the server would refuse it). What other features own comes in from the route module: the
// cart and its events, the buyer's account, the invoice request, the totals box, the PayPal
// buttons, and what follows a placed order. A SPEI transfer with an invoice asks when the CFDI is
// stamped: once paid (PUE) or before paying (PPD, with its payment complement after the transfer).
// The registration questions of the cart's events come after the billing fields; their answers
// are checked with everything else and saved before any way to pay starts.
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarX, ShoppingCart } from 'lucide-react';
import type { PaymentMethod, UserType } from '@store/shared/constants';
import { cartLines, type CartData } from '@store/shared/domain/cart';
import { toCentavos, toPesos } from '@store/shared/domain/money';
import { computeTotals } from '@store/shared/domain/totals';
import { couponAppliedToProducts, MSG } from '@store/shared/messages';
import { address, type AddressInput, type PlaceOrderBody } from '@store/shared/schemas/order';
import type { InstructionsResponse } from '@store/shared/schemas/mx-payments';
import { Seo } from '../../../components/layout/seo';
import { InvoicePlanChoice, type InvoicePlan } from '../../../components/payments/invoice-plan-choice';
import { Alert } from '../../../components/ui/alert';
import { ButtonLink } from '../../../components/ui/button';
import { Container } from '../../../components/ui/container';
import { Skeleton } from '../../../components/ui/skeleton';
import { getToken } from '../../../lib/auth-token';
import { formResolver } from '../../../lib/form-resolver';
import { showFirstMarked as showMarked } from '../../../lib/first-marked';
import { errorMessage, notify } from '../../../lib/notify';
import { userQueryKeys } from '../../../lib/query-keys';
import { usePaymentMethods } from '../../../lib/payment-methods';
import { placeOrder } from '../api/place-order';
import { placeOxxoOrder, placeSpeiOrder, startCardPayment } from '../api/place-mx-order';
import { validateCoupon } from '../api/validate-coupon';
import { AddressFields, EMPTY_ADDRESS, prefilledAddress } from './address-fields';
import { CouponField } from './coupon-field';
import { OrderSummary, type OrderSummaryLine } from './order-summary';
import { mxPaymentChoices } from './mx-payment-choices';
import { effectiveMethod, PaymentOptions } from './payment-options';

export interface AppliedCoupon {
  code: string;
  /** Pesos. */
  discount: number;
}

export interface CheckoutPageProps {
  /** The cart or the events it names are still loading. */
  loading: boolean;
  cart: CartData;
  /** The cart's subtotal in pesos (the member's prices). */
  subtotal: number;
  /** The lines whose event is on sale, with their prices. */
  summary: readonly OrderSummaryLine[];
  /** Lines whose day has ended: the buyer removes them in the cart first. */
  ended: readonly { day: string; product: { name: string } }[];
  /** The signed-in buyer: the likely billing e-mail and the user type coupons are checked for. */
  account: { email: string; name?: string; userType: UserType } | undefined;
  /**
   * The address of the buyer's newest order (kept on the server with the order, so it follows
   * the buyer to another device): the form starts from it; null without one, 'loading' while the
   * orders load.
   */
  lastAddress?: AddressInput | null | 'loading';
  /**
   * "¿Requieres factura?": its section, whether it is ticked, and `build`, which validates it and
   * answers what the order carries (the fiscal data, null for none, undefined while the form
   * shows errors).
   */
  invoice: {
    section: ReactNode;
    wanted: boolean;
    build: () => Promise<PlaceOrderBody['invoice'] | undefined>;
  };
  /** The totals box for the coupon applied (if any). */
  renderTotals: (coupon: AppliedCoupon | null) => ReactNode;
  /** The PayPal buttons for the total; `buildOrder` validates the form (null while it is not valid). */
  renderPaypal: (paypal: {
    total: number;
    buildOrder: () => Promise<PlaceOrderBody | null>;
    onPaid: () => void;
  }) => ReactNode;
  /**
   * The registration questions of the cart's events (docs/questions.md → At checkout): their
   * section, shown after the billing fields; `check` marks the wrong answers (true when none);
   * `save` checks and saves them, before any way to pay starts (false: a field is marked or the
   * save was refused).
   */
  questions?: {
    section: ReactNode;
    check: () => boolean;
    save: () => Promise<boolean>;
  };
  /** After an order is placed or paid: the cart emptied, the buyer's data refreshed, /orders. */
  onDone: () => void;
  /** An order held for cash at OXXO or a SPEI transfer: the cart emptied, its payment page. */
  onAwaitingPayment: (placed: InstructionsResponse) => void;
  /** Leaves for Stripe's card page (tests replace it). */
  goTo?: (url: string) => void;
}

export function CheckoutPage({
  loading,
  cart,
  subtotal: amount,
  summary,
  ended,
  account,
  lastAddress = null,
  invoice,
  questions,
  renderTotals,
  renderPaypal,
  onDone: finish,
  onAwaitingPayment,
  goTo = (url) => window.location.assign(url),
}: CheckoutPageProps) {
  const queryClient = useQueryClient();
  const [method, setMethod] = useState<PaymentMethod>('paypal');
  /** When a SPEI transfer's invoice is stamped; any other way to pay is always PUE. */
  const [plan, setPlan] = useState<InvoicePlan>('PUE');
  /** The server's refusal of the last OXXO, SPEI or card attempt, shown above the button. */
  const [refusal, setRefusal] = useState<string | null>(null);
  /** On the way to Stripe's page: the button stays busy until the browser leaves. */
  const [leaving, setLeaving] = useState(false);
  const offer = usePaymentMethods();
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  /** Under the coupon field: why the last code was refused. */
  const [couponError, setCouponError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
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
    // The first marked field is scrolled to and focused below (the sticky header would hide it).
    shouldFocusError: false,
  });

  // docs/product.md → Checkout and payment method: the form starts from the newest order's address, else the
  // account's name and e-mail; only fields the buyer has not typed in are filled.
  const profileEmail = account?.email;
  const profileName = account?.name;
  useEffect(() => {
    if (lastAddress === 'loading' || profileEmail === undefined) return;
    const start = prefilledAddress(lastAddress, profileName, profileEmail);
    for (const [name, value] of Object.entries(start) as [keyof AddressInput, string][]) {
      const now = getValues(name) ?? '';
      if (value && (now === '' || now === EMPTY_ADDRESS[name])) setValue(name, value);
    }
  }, [lastAddress, profileEmail, profileName, getValues, setValue]);

  /** After a refused submit: the first marked field, scrolled to and focused. */
  const showFirstMarked = () => showMarked(formRef.current);

  const lines = useMemo(() => cartLines(cart), [cart]);
  const totals = computeTotals(toCentavos(amount), toCentavos(coupon?.discount ?? 0));
  const choices = mxPaymentChoices(offer.data, totals.total);
  const current = effectiveMethod(totals.isFree, method, choices.methods, choices.disabled);
  const asksPlan = current === 'spei' && invoice.wanted;

  const orderBody = (addr: AddressInput, fiscal: PlaceOrderBody['invoice'] = null): PlaceOrderBody => {
    const invoiced = totals.isFree ? null : fiscal;
    return {
      address: addr,
      invoice: invoiced,
      // PPD only with SPEI and the fiscal data (the API refuses it otherwise).
      ...(invoiced && { invoicePlan: current === 'spei' && plan === 'PPD' ? 'PPD' : 'PUE' }),
      items: lines.map((l) => ({ _id: l.productId, days: l.day, quantity: l.quantity })),
      amount: toPesos(totals.total),
      couponCode: coupon?.code ?? null,
      discount: toPesos(totals.discount),
    };
  };

  /** The registration answers, saved once everything else is valid: true to go on and pay. */
  const saveAnswers = async () => (questions ? questions.save() : true);

  /**
   * For the PayPal buttons: validates the address, the invoice and the registration answers
   * (showing their errors), saves the answers and answers the body to send, or null when the
   * form is not valid yet.
   */
  const buildPaidOrder = async (): Promise<PlaceOrderBody | null> => {
    const [addressOk, fiscal] = await Promise.all([trigger(), invoice.build()]);
    const answered = questions?.check() ?? true;
    if (addressOk && fiscal !== undefined && answered && (await saveAnswers()))
      return orderBody(getValues(), fiscal);
    showFirstMarked();
    return null;
  };

  /** A refused address: the registration answers are marked too, then the first marked field shown. */
  const onInvalid = () => {
    questions?.check();
    showFirstMarked();
  };

  const onSubmit = handleSubmit(async (addr) => {
    const fiscal = totals.isFree ? null : await invoice.build();
    const answered = questions?.check() ?? true;
    if (fiscal === undefined || !answered || !(await saveAnswers())) {
      showFirstMarked();
      return;
    }
    setRefusal(null);
    if (current === 'stripe' || current === 'oxxo' || current === 'spei') {
      try {
        const body = orderBody(addr, fiscal);
        if (current === 'stripe') {
          const res = await startCardPayment(body);
          setLeaving(true);
          goTo(res.session_url);
          return;
        }
        const res = await (current === 'oxxo' ? placeOxxoOrder(body) : placeSpeiOrder(body));
        notify.success(res.message);
        onAwaitingPayment(res);
      } catch (err) {
        setRefusal(errorMessage(err, MSG.serverError));
        void queryClient.invalidateQueries({ queryKey: userQueryKeys.cart(getToken()) });
      }
      return;
    }
    try {
      const res = await placeOrder(orderBody(addr, fiscal));
      notify.success(totals.isFree ? MSG.freeClaimDone : res.message);
      finish();
    } catch (err) {
      notify.error(errorMessage(err, MSG.serverError));
      void queryClient.invalidateQueries({ queryKey: userQueryKeys.cart(getToken()) });
    }
  }, onInvalid);

  const applyCoupon = async (code: string) => {
    // docs/product.md → Checkout and payment method: the user type must be loaded before a coupon can be checked.
    if (!account) {
      notify.error(MSG.waitForUserInfo);
      return false;
    }
    setCouponError(null);
    try {
      const res = await validateCoupon({
        code,
        userId: getToken() ?? undefined,
        userType: account.userType,
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
      // Under the field (read by screen readers as it appears), not only a passing toast.
      setCouponError(errorMessage(err, MSG.couponError));
      return false;
    }
  };

  if (loading) return <CheckoutSkeleton />;

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
        <form
          ref={formRef}
          onSubmit={onSubmit}
          noValidate
          className="grid grid-cols-1 items-start gap-10 lg:grid-cols-[minmax(0,1fr)_24rem]"
        >
          <div>
            <AddressFields register={register} errors={errors} />
            {!totals.isFree && invoice.section}
            {questions?.section}
          </div>
          <div className="space-y-6 lg:sticky lg:top-24">
            <OrderSummary lines={summary} />
            {renderTotals(coupon)}
            <CouponField
              applied={coupon?.code ?? null}
              error={couponError}
              onApply={applyCoupon}
              onEdit={() => setCouponError(null)}
              onRemove={() => setCoupon(null)}
            />
            <PaymentOptions
              isFree={totals.isFree}
              {...choices}
              method={current}
              onMethodChange={(m) => {
                setMethod(m);
                setPlan('PUE');
                setRefusal(null);
              }}
              submitting={isSubmitting || leaving}
              followUp={asksPlan && <InvoicePlanChoice value={plan} onChange={setPlan} />}
              notice={
                refusal && (
                  <Alert tone="error" live>
                    {refusal}
                  </Alert>
                )
              }
              slots={{
                paypal: renderPaypal({
                  total: toPesos(totals.total),
                  buildOrder: buildPaidOrder,
                  onPaid: finish,
                }),
              }}
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
