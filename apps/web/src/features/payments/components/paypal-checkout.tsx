// The PayPal buttons of /place-order (docs/product.md → PayPal payment): the SDK loads here only, in MXN
// with intent capture; createOrder asks our server for a PayPal order of the server's total,
// onApprove asks our server to capture it. Without PayPal configured, a plain notice says so.
// Never charged in silence (docs/on-sale.md): a capture whose answer is lost is followed by
// looks at the order (utils/recover-payment.ts), and leaving the page with a PayPal order
// opened here and not captured cancels it at once (`pagehide`, a keepalive request).
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
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
import { cancelPaypalOrder, cancelPaypalOrderOnLeave } from '../api/cancel-paypal-order';
import { capturePaypalOrder } from '../api/capture-paypal-order';
import { createPaypalOrder } from '../api/create-paypal-order';
import { getOrderState } from '../api/get-order-state';
import {
  isClearRefusal,
  pendingMessageOf,
  recoverPayment,
  type RecoverOptions,
} from '../utils/recover-payment';

/** What opening a payment answers: the PayPal order id (for the buttons) and our pending order's. */
export interface OpenedPaypalOrder {
  id: string;
  orderId: string;
}

/**
 * The server calls of another kind of order (places for a team, docs/groups.md): create opens
 * the PayPal order and our pending one, capture confirms the approved one and answers our
 * order's id. Absent: the cart's own calls.
 */
export interface PaypalFlow<B> {
  create: (order: B) => Promise<OpenedPaypalOrder>;
  capture: (order: B, paypalOrderId: string, payerId: string | null) => Promise<string>;
}

export interface PaypalCheckoutProps<B = PlaceOrderBody> {
  /** Pesos, as shown to the buyer; the server computes what is charged. */
  total: number;
  /** Validates the checkout form (showing its errors); the body to send, or null. */
  buildOrder: () => Promise<B | null>;
  flow?: PaypalFlow<B>;
  /** After a confirmed payment of our order `orderId`: empty the cart and go to /orders (the page decides how). */
  onPaid: (orderId: string) => void;
  /** The local PayPal simulator stands in for PayPal (npm run demo): say so under the button. */
  simulated?: boolean;
  /** How the page looks at an order whose capture answer was lost (tests shorten the waits). */
  recovery?: Pick<RecoverOptions, 'waits' | 'wait'>;
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
  capture: async (order, paypalOrderId, paypalPayerId) =>
    (await capturePaypalOrder({ ...order, paypalOrderId, paypalPayerId })).orderId,
};

function Buttons<B>({ buildOrder, onPaid, flow, recovery }: PaypalCheckoutProps<B>) {
  const calls = flow ?? (cartFlow as unknown as PaypalFlow<B>);
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  const [busy, setBusy] = useState<string | null>(null);
  /** The payment's outcome is still unknown after a minute of looking: the message shown instead of the buttons. */
  const [stillPending, setStillPending] = useState<string | null>(null);
  /** The order body validated at click time, reused for onApprove (the order/paypal body, docs/product.md → API). */
  const orderRef = useRef<B | null>(null);
  /** Our server's message for a failed createOrder (the SDK may wrap the error it gets). */
  const failureRef = useRef<string | null>(null);
  /** The payment opened by this page, until it is captured (or the capture starts) or cancelled. */
  const openRef = useRef<OpenedPaypalOrder | null>(null);
  /** The last payment opened here: the order a lost capture answer is looked up by. */
  const openedRef = useRef<OpenedPaypalOrder | null>(null);
  /** Still on the page: a recovery that ends after the buyer went elsewhere changes nothing. */
  const mountedRef = useRef(true);
  /**
   * The failures this checkout has shown (a declined card, a closed window…). A payment that
   * then succeeds takes them off the screen, so the buyer never reads «tarjeta rechazada» beside
   * «Pago completado».
   */
  const failuresShownRef = useRef(new Set<string>());
  const fail = (message: string, kind: 'error' | 'info' = 'error') => {
    failuresShownRef.current.add(message);
    notify[kind](message);
  };
  const paid = (orderId: string) => {
    for (const message of failuresShownRef.current) notify.dismiss(message);
    failuresShownRef.current.clear();
    notify.success(MSG.paymentDone);
    onPaid(orderId);
  };

  // Leaving the page (closing it, going elsewhere) with a payment opened here and not captured
  // gives its seats back at once. PayPal's own window is another window: this page stays.
  useEffect(() => {
    mountedRef.current = true;
    const leave = () => {
      const open = openRef.current;
      if (!open) return;
      openRef.current = null;
      cancelPaypalOrderOnLeave(open.id);
    };
    window.addEventListener('pagehide', leave);
    return () => {
      mountedRef.current = false;
      window.removeEventListener('pagehide', leave);
    };
  }, []);

  if (isRejected) return <Alert tone="error">{MSG.paypalLoadError}</Alert>;

  if (stillPending) {
    return (
      <Alert tone="info" live>
        <p>{stillPending}</p>
        <p className="mt-2">
          <Link to="/orders" className="font-semibold underline underline-offset-2">
            Ver Mis Productos
          </Link>
        </p>
      </Alert>
    );
  }

  /** The capture's answer was lost: look at the order until it shows how the payment ended. */
  const recover = async (paypalOrderId: string, pendingMessage: string) => {
    const opened = openedRef.current;
    if (!opened || opened.id !== paypalOrderId) {
      setStillPending(pendingMessage);
      return;
    }
    setBusy(MSG.paymentVerifying);
    const outcome = await recoverPayment({
      orderId: opened.orderId,
      paypalOrderId,
      look: getOrderState,
      ...recovery,
    });
    if (!mountedRef.current) return;
    if (outcome.kind === 'paid') {
      paid(opened.orderId);
    } else if (outcome.kind === 'ended') {
      fail(outcome.message);
    } else {
      setStillPending(pendingMessage);
    }
  };

  return (
    <div className="relative min-h-[3.5rem]">
      {isPending && <Spinner label={MSG.paypalLoading} className="py-4" />}
      {busy && (
        <div className="absolute inset-0 z-10 flex items-center justify-center rounded-lg bg-white/85">
          <Spinner label={busy} className="py-0" />
        </div>
      )}
      <PayPalButtons
        className="relative z-0"
        disabled={busy !== null}
        style={{ layout: 'vertical', color: 'gold', shape: 'rect', label: 'paypal', height: 48 }}
        onClick={async (_data, actions) => {
          const order = await buildOrder();
          if (!order) {
            fail(MSG.checkoutFixAddress);
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
            const opened = await calls.create(order);
            openRef.current = opened;
            openedRef.current = opened;
            return opened.id;
          } catch (err) {
            failureRef.current = errorMessage(err, MSG.paymentError);
            throw err;
          }
        }}
        onApprove={async (data, actions) => {
          const order = orderRef.current;
          // The capture starts: leaving the page no longer cancels this payment.
          const open = openRef.current;
          openRef.current = null;
          setBusy(MSG.paymentProcessing);
          try {
            if (!order) throw new Error(MSG.paymentError);
            const orderId = await calls.capture(order, data.orderID, data.payerID ?? null);
            paid(orderId);
          } catch (err) {
            if (err instanceof ApiError && err.reason === 'restart') {
              // A declined funding source (docs/providers.md): PayPal reopens on the same order
              // so the buyer picks another card or method; our order keeps its seats.
              fail(err.message);
              setBusy(null);
              openRef.current = open;
              await actions.restart();
              return;
            }
            if (!order || isClearRefusal(err)) {
              // docs/product.md → PayPal payment: 'Error al procesar el pago' (or the server's more precise reason).
              fail(errorMessage(err, MSG.paymentError));
            } else {
              // No answer, or "still processing": the buyer may have paid. Never a generic error.
              await recover(data.orderID, pendingMessageOf(err));
            }
          } finally {
            setBusy(null);
          }
        }}
        onCancel={(data) => {
          fail(MSG.paymentCancelled, 'info');
          const id = typeof data.orderID === 'string' ? data.orderID : null;
          if (openRef.current?.id === id) openRef.current = null;
          if (id) void cancelPaypalOrder(id).catch(() => undefined);
        }}
        onError={() => {
          fail(failureRef.current ?? MSG.paymentError);
          failureRef.current = null;
        }}
      />
    </div>
  );
}
