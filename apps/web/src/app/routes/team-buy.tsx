// "Comprar para mi equipo" (docs/groups.md): the days (every day of an event sold whole), how many
// places (1–50, never more than the seats left: the server's quote says), a coupon, the billing
// address and the institution's fiscal data for one CFDI (prefilled with the institution of the
// buyer's last team purchase, never with the buyer's own fiscal data), then PayPal or, when the
// association offers it, a SPEI transfer (the order is held and its payment page gives the
// CLABE). After payment the buyer names each place on /orders/:orderId/lugares.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Users } from 'lucide-react';
import { MAX_GROUP_PLACES } from '@store/shared/constants';
import { formatPrice } from '@store/shared/domain/money';
import { formatDateLong } from '@store/shared/domain/time';

import type { GroupCheckoutBody, GroupQuoteBody } from '@store/shared/schemas/group';
import type { InstructionsResponse } from '@store/shared/schemas/mx-payments';
import { address, type AddressInput } from '@store/shared/schemas/order';
import { Seo } from '../../components/layout/seo';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Container } from '../../components/ui/container';
import { Input, Label } from '../../components/ui/input';
import { Skeleton } from '../../components/ui/skeleton';
import { useProfile } from '../../features/account/api/get-profile';
import { RequireAuth } from '../../features/account/components/require-auth';
import { useProducts } from '../../features/catalog/api/get-products';
import { AddressFields, EMPTY_ADDRESS } from '../../features/checkout/components/address-fields';
import {
  captureGroupPaypalOrder,
  createGroupPaypalOrder,
  useGroupQuote,
} from '../../features/groups/api/group';
import { useTeamFiscalData } from '../../features/invoices/api/team-fiscal-data';
import { TeamPayment } from '../../features/groups/components/team-payment';
import { InvoiceRequestSection } from '../../features/invoices/components/invoice-request-section';
import { useInvoiceChoice } from '../../features/invoices/hooks/use-invoice-choice';
import { PaypalCheckout, type PaypalFlow } from '../../features/payments/components/paypal-checkout';
import { useSiteConfig } from '../../features/site-config/api/get-site-config';
import { formResolver } from '../../lib/form-resolver';
import { showFirstMarked } from '../../lib/first-marked';
import { usePaymentMethods } from '../../lib/payment-methods';
import { useNow } from '../../lib/use-now';
import { GROUP_MSG } from '@store/shared/group-messages';

export function Component() {
  return (
    <RequireAuth>
      <TeamBuy />
    </RequireAuth>
  );
}

function TeamBuy() {
  const { productId = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  /** The form's columns: a refused order scrolls to the first marked field in them. */
  const columnsRef = useRef<HTMLDivElement>(null);
  const products = useProducts();
  const product = products.data?.find((p) => p._id === productId);
  const now = useNow();
  const profile = useProfile();
  const siteConfig = useSiteConfig();
  const institution = useTeamFiscalData();
  const invoice = useInvoiceChoice(institution);
  const offer = usePaymentMethods();
  const [days, setDays] = useState<string[]>([]);
  const [placesText, setPlacesText] = useState('3');
  const [couponText, setCouponText] = useState('');
  const [coupon, setCoupon] = useState<string | null>(null);
  const { register, getValues, setValue, trigger, formState } = useForm<AddressInput>({
    resolver: formResolver(address),
    defaultValues: EMPTY_ADDRESS,
  });

  const profileEmail = profile.data?.email;
  useEffect(() => {
    if (profileEmail && !getValues('email')) setValue('email', profileEmail);
  }, [profileEmail, getValues, setValue]);

  const whole = product?.saleMode === 'completo';
  const open = useMemo(() => (product?.dayOptions ?? []).filter((d) => d.endsAt > now), [product, now]);
  const places = Number(placesText);
  const placesOk = Number.isInteger(places) && places >= 1 && places <= MAX_GROUP_PLACES;
  const chosen = whole ? open.map((d) => d.label) : days;
  const body: GroupQuoteBody | null =
    product && placesOk && chosen.length > 0
      ? { productId: product._id, days: chosen, places, couponCode: coupon }
      : null;
  const quote = useGroupQuote(body);

  if (products.isPending) {
    return (
      <main aria-busy="true">
        <TeamSeo />
        <Container className="py-8 lg:py-12">
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="mt-6 h-64 w-full rounded-xl" />
        </Container>
      </main>
    );
  }
  if (!product || open.length === 0) {
    return (
      <main>
        <TeamSeo />
        <Container narrow className="py-16">
          <Alert tone="info" title={GROUP_MSG.groupProductUnavailable}>
            <Link to="/collection" className="font-semibold underline underline-offset-2">
              Ver los próximos eventos
            </Link>
          </Alert>
        </Container>
      </main>
    );
  }

  const buildOrder = async (): Promise<GroupCheckoutBody | null> => {
    const [addressOk, fiscal] = await Promise.all([trigger(), invoice.build()]);
    if (!addressOk || fiscal === undefined || !body || !quote.data) {
      showFirstMarked(columnsRef.current);
      return null;
    }
    return { ...body, address: getValues(), amount: quote.data.total, invoice: fiscal };
  };
  const flow: PaypalFlow<GroupCheckoutBody> = {
    create: createGroupPaypalOrder,
    capture: (_order, paypalOrderId) => captureGroupPaypalOrder(paypalOrderId),
  };
  /** Paid (its capture answered, or the order found paid after a lost answer): name the places. */
  const paid = (orderId: string) => {
    void queryClient.invalidateQueries({ queryKey: ['orders'] });
    void queryClient.invalidateQueries({ queryKey: ['products'] });
    navigate(`/orders/${orderId}/lugares`);
  };
  /** Held for a SPEI transfer: its payment page, shown at once with what the call answered. */
  const issued = (placed: InstructionsResponse) => {
    void queryClient.invalidateQueries({ queryKey: ['orders'] });
    void queryClient.invalidateQueries({ queryKey: ['products'] });
    navigate(`/pago/${placed.orderId}`, { state: { placed } });
  };

  return (
    <main>
      <TeamSeo />
      <Container className="py-8 lg:py-12">
        <Link
          to={`/product/${product._id}`}
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4" /> {product.name}
        </Link>
        <h1 className="mt-3 text-2xl font-bold tracking-tight sm:text-3xl">
          COMPRAR PARA MI <span className="text-brand-700">EQUIPO</span>
        </h1>
        <p className="mt-2 max-w-2xl text-pretty text-slate-700">
          Compra varios lugares de «{product.name}» en una sola orden, con un solo pago y una sola factura.
          Después del pago escribes el nombre y el correo de quien usará cada lugar: cada persona recibe su
          acceso, su boleto y su constancia a su nombre.
        </p>
        <div
          ref={columnsRef}
          className="mt-8 grid grid-cols-1 items-start gap-10 lg:grid-cols-[minmax(0,1fr)_24rem]"
        >
          <div className="min-w-0 space-y-8">
            <section aria-labelledby="team-days" className="space-y-4">
              <h2 id="team-days" className="text-xl font-bold tracking-tight">
                LUGARES
              </h2>
              {whole ? (
                <p className="text-sm text-slate-700">
                  Este evento se vende completo: cada lugar incluye todos sus días (
                  {open.map((d) => d.label).join(', ')}).
                </p>
              ) : (
                <fieldset className="space-y-2">
                  <legend className="text-sm font-medium text-ink">Días</legend>
                  {open.map((d) => (
                    <label
                      key={d.label}
                      className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 py-2 hover:border-slate-400"
                    >
                      <input
                        type="checkbox"
                        className="h-5 w-5 accent-brand-700"
                        checked={days.includes(d.label)}
                        onChange={(e) =>
                          setDays((cur) =>
                            e.target.checked ? [...cur, d.label] : cur.filter((x) => x !== d.label),
                          )
                        }
                      />
                      <span className="font-medium">{d.label}</span>
                      <span className="text-sm text-slate-600">{formatDateLong(d.startsAt)}</span>
                      {d.seatCapacity !== null && (
                        <span className="ml-auto text-sm text-slate-600">
                          {Math.max(0, d.seatCapacity - d.seatsSold)} disponibles
                        </span>
                      )}
                    </label>
                  ))}
                </fieldset>
              )}
              <div className="max-w-xs">
                <Label htmlFor="team-places">Número de lugares (1 a {MAX_GROUP_PLACES})</Label>
                <Input
                  id="team-places"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={MAX_GROUP_PLACES}
                  className="mt-1"
                  value={placesText}
                  invalid={!placesOk}
                  aria-describedby={placesOk ? undefined : 'team-places-error'}
                  onChange={(e) => setPlacesText(e.target.value)}
                />
                {!placesOk && (
                  <p id="team-places-error" className="mt-1 text-sm text-red-700">
                    {GROUP_MSG.groupPlacesInvalid}
                  </p>
                )}
              </div>
            </section>
            <form noValidate onSubmit={(e) => e.preventDefault()}>
              <AddressFields register={register} errors={formState.errors} />
              <InvoiceRequestSection choice={invoice} />
              <p className="mt-2 text-sm text-slate-600">
                Para facturar a la institución escribe sus datos fiscales: emitimos un solo CFDI por toda la
                orden.
                {institution.data &&
                  ' Te proponemos los de la institución de tu última compra para equipo; tus datos fiscales personales no cambian.'}
              </p>
            </form>
          </div>
          <div className="space-y-6 lg:sticky lg:top-24">
            <section aria-labelledby="team-quote" className="rounded-xl border border-slate-200 p-5">
              <h2 id="team-quote" className="flex items-center gap-2 text-lg font-bold">
                <Users aria-hidden="true" className="h-5 w-5 text-brand-700" /> Resumen
              </h2>
              {!body ? (
                <p className="mt-3 text-sm text-slate-600">
                  {chosen.length === 0 ? GROUP_MSG.groupDaysRequired : GROUP_MSG.groupPlacesInvalid}
                </p>
              ) : quote.isError ? (
                <Alert tone="error" className="mt-3">
                  {quote.error.message}
                </Alert>
              ) : quote.isPending ? (
                <Skeleton className="mt-3 h-24 w-full" />
              ) : (
                <dl className="mt-3 space-y-2 text-sm">
                  <div className="flex justify-between gap-4">
                    <dt className="text-slate-600">Precio por lugar</dt>
                    <dd className="font-semibold">{formatPrice(quote.data.pricePerPlace)}</dd>
                  </div>
                  <div className="flex justify-between gap-4">
                    <dt className="text-slate-600">
                      {quote.data.places} {quote.data.places === 1 ? 'lugar' : 'lugares'} ×{' '}
                      {quote.data.days.map((d) => d.label).join(', ')}
                    </dt>
                    <dd>{formatPrice(quote.data.subtotal)}</dd>
                  </div>
                  {quote.data.discount > 0 && (
                    <div className="flex justify-between gap-4 text-emerald-800">
                      <dt>Cupón {quote.data.couponCode}</dt>
                      <dd>−{formatPrice(quote.data.discount)}</dd>
                    </div>
                  )}
                  <div className="flex justify-between gap-4">
                    <dt className="text-slate-600">Precio de servicio</dt>
                    <dd>{formatPrice(quote.data.fee)}</dd>
                  </div>
                  <div className="flex justify-between gap-4 border-t border-slate-200 pt-2 text-base">
                    <dt className="font-semibold">Total</dt>
                    <dd className="font-bold">{formatPrice(quote.data.total)}</dd>
                  </div>
                </dl>
              )}
              <form
                className="mt-4 flex items-end gap-2"
                onSubmit={(e) => {
                  e.preventDefault();
                  setCoupon(couponText.trim() || null);
                }}
              >
                <div className="grow">
                  <Label htmlFor="team-coupon">Cupón</Label>
                  <Input
                    id="team-coupon"
                    className="mt-1"
                    value={couponText}
                    onChange={(e) => setCouponText(e.target.value.toUpperCase())}
                  />
                </div>
                <Button type="submit" variant="secondary">
                  Aplicar
                </Button>
              </form>
            </section>
            {quote.data && body && (
              <TeamPayment
                spei={offer.data?.spei ?? null}
                invoiceWanted={invoice.wanted}
                buildOrder={buildOrder}
                onIssued={issued}
                paypal={
                  <PaypalCheckout<GroupCheckoutBody>
                    total={quote.data.total}
                    buildOrder={buildOrder}
                    flow={flow}
                    onPaid={paid}
                    simulated={siteConfig.data?.paymentsMode === 'simulated'}
                  />
                }
              />
            )}
          </div>
        </div>
      </Container>
    </main>
  );
}

function TeamSeo() {
  return (
    <Seo
      title="Comprar para mi equipo"
      description="Varios lugares de un evento en una sola orden, con una sola factura."
      noindex
    />
  );
}
