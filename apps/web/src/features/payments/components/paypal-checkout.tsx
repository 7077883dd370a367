// The PayPal buttons of /place-order (docs/product.md → PayPal payment): the SDK loads here only, in MXN
// with intent capture; createOrder asks our server for a PayPal order of the server's total,
// onApprove asks our server to capture it. Without PayPal configured, a plain notice says so.
import { useMemo, useRef, useState } from 'react';
import {
  PayPalButtons,
  PayPalScriptProvider,
  usePayPalScriptReducer,
  type ReactPayPalScriptOptions,
} from '@paypal/react-paypal-js';
import { CURRENCY } from '@store/shared/constants';
import { formatPrice } from '@store/shared/domain/money';
import { MSG } from '@store/shared/messages';
import type { PlaceOrderBody } from '@store/shared/schemas/order';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { errorMessage, notify } from '../../../lib/notify';
import { usePaypalConfig } from '../api/get-paypal-config';
import { cancelPaypalOrder } from '../api/cancel-paypal-order';
import { capturePaypalOrder } from '../api/capture-paypal-order';
import { createPaypalOrder } from '../api/create-paypal-order';

/**
 * The server calls of another kind of order (places for a team, docs/groups.md): create answers
 * the PayPal order id, capture confirms the approved one. Absent: the cart's own calls.
 */
export interface PaypalFlow<B> {
  create: (order: B) => Promise<string>;
  capture: (order: B, paypalOrderId: string, payerId: string | null) => Promise<void>;
}

export interface PaypalCheckoutProps<B = PlaceOrderBody> {
  /** Pesos, as shown to the buyer; the server computes what is charged. */
  total: number;
  /** Validates the checkout form (showing its errors); the body to send, or null. */
  buildOrder: () => Promise<B | null>;
  flow?: PaypalFlow<B>;
  /** After a confirmed payment: empty the cart and go to /orders (the page decides how). */
  onPaid: () => void;
  /** The local PayPal simulator stands in for PayPal (npm run demo): say so under the button. */
  simulated?: boolean;
}

export function PaypalCheckout<B = PlaceOrderBody>(props: PaypalCheckoutProps<B>) {
  const config = usePaypalConfig();
  const options = useMemo<ReactPayPalScriptOptions | null>(
    () =>
      config.data?.configured
        ? {
            clientId: config.data.clientId,
            currency: CURRENCY,
            intent: 'capture',
            locale: 'es_MX',
            components: 'buttons',
            sdkBaseUrl: `${config.data.sdkBase}/sdk/js`,
          }
        : null,
    [config.data],
  );

  let body;
  if (config.isPending) body = <Spinner label={MSG.paypalLoading} className="py-4" />;
  else if (config.isError) body = <Alert tone="error">{MSG.paypalLoadError}</Alert>;
  else if (!config.data.configured || !options) body = <Alert tone="info">{MSG.paymentNotConfigured}</Alert>;
  else {
    body = (
      <PayPalScriptProvider options={options}>
        <Buttons {...props} />
      </PayPalScriptProvider>
    );
  }

  return (
    <section aria-label="Pago con PayPal" className="space-y-4">
      <p className="flex items-baseline justify-between gap-4 rounded-lg bg-slate-50 px-4 py-3 text-sm">
        <span className="text-slate-700">Total a pagar con PayPal</span>
        <strong className="text-lg text-ink">{formatPrice(props.total)}</strong>
      </p>
      {body}
      {options &&
        (props.simulated ? (
          <p className="text-xs leading-relaxed text-amber-900">
            Pago simulado: el simulador local de PayPal sustituye la ventana de PayPal y ningún cobro es real.
            Tu acceso se activa igual que con un pago verdadero.
          </p>
        ) : (
          <p className="text-xs leading-relaxed text-slate-600">
            Pagas en pesos mexicanos (MXN) en la ventana segura de PayPal. Tu acceso se activa en cuanto
            PayPal confirma el cobro.
          </p>
        ))}
    </section>
  );
}

const cartFlow: PaypalFlow<PlaceOrderBody> = {
  create: (order) => createPaypalOrder(order),
  capture: async (order, paypalOrderId, paypalPayerId) => {
    await capturePaypalOrder({ ...order, paypalOrderId, paypalPayerId });
  },
};

function Buttons<B>({ buildOrder, onPaid, flow }: PaypalCheckoutProps<B>) {
  const calls = flow ?? (cartFlow as unknown as PaypalFlow<B>);
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  const [busy, setBusy] = useState(false);
  /** The order body validated at click time, reused for onApprove (the order/paypal body, docs/product.md → API). */
  const orderRef = useRef<B | null>(null);
  /** Our server's message for a failed createOrder (the SDK may wrap the error it gets). */
  const failureRef = useRef<string | null>(null);

  if (isRejected) return <Alert tone="error">{MSG.paypalLoadError}</Alert>;

  return (
    <div className="relative min-h-[3.5rem]">
      {isPending && <Spinner label={MSG.paypalLoading} className="py-4" />}
      {busy && (
        <div className="absolute inset-0 z-10 flex items-center justify-center rounded-lg bg-white/85">
          <Spinner label={MSG.paymentProcessing} className="py-0" />
        </div>
      )}
      <PayPalButtons
        className="relative z-0"
        disabled={busy}
        style={{ layout: 'vertical', color: 'gold', shape: 'rect', label: 'paypal', height: 48 }}
        onClick={async (_data, actions) => {
          const order = await buildOrder();
          if (!order) {
            notify.error(MSG.checkoutFixAddress);
            return actions.reject();
          }
          orderRef.current = order;
          return actions.resolve();
        }}
        createOrder={async () => {
          failureRef.current = null;
          const order = orderRef.current ?? (await buildOrder());
          if (!order) throw new Error(MSG.checkoutFixAddress);
          try {
            return await calls.create(order);
          } catch (err) {
            failureRef.current = errorMessage(err, MSG.paymentError);
            throw err;
          }
        }}
        onApprove={async (data, actions) => {
          const order = orderRef.current;
          setBusy(true);
          try {
            if (!order) throw new Error(MSG.paymentError);
            await calls.capture(order, data.orderID, data.payerID ?? null);
            notify.success(MSG.paymentDone);
            onPaid();
          } catch (err) {
            if (err instanceof ApiError && err.reason === 'restart') {
              // A declined funding source (docs/providers.md): PayPal reopens on the same order
              // so the buyer picks another card or method; our order keeps its seats.
              notify.error(err.message);
              setBusy(false);
              await actions.restart();
              return;
            }
            // docs/product.md → PayPal payment: 'Error al procesar el pago' (or the server's more precise reason).
            notify.error(errorMessage(err, MSG.paymentError));
          } finally {
            setBusy(false);
          }
        }}
        onCancel={(data) => {
          notify.info(MSG.paymentCancelled);
          const id = typeof data.orderID === 'string' ? data.orderID : null;
          if (id) void cancelPaypalOrder(id).catch(() => undefined);
        }}
        onError={() => {
          notify.error(failureRef.current ?? MSG.paymentError);
          failureRef.current = null;
        }}
      />
    </div>
  );
}
