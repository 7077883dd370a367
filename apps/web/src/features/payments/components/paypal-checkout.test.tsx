import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@store/shared/messages';
import type { PlaceOrderBody } from '@store/shared/schemas/order';
import { setToken } from '../../../lib/auth-token';
import { notify } from '../../../lib/notify';
import type * as NotifyModule from '../../../lib/notify';
import { PaypalCheckout } from './paypal-checkout';

// The SDK itself runs in the Playwright journey; here a stand-in calls our callbacks in the
// order the real buttons do (onClick → createOrder → buyer approves → onApprove). "Abrir PayPal"
// stops with PayPal's window open (onClick → createOrder); "Cerrar PayPal" is the buyer closing it.
interface ButtonProps {
  onClick: (
    data: object,
    actions: { resolve: () => Promise<void>; reject: () => Promise<void> },
  ) => Promise<void>;
  createOrder: (data: object, actions: object) => Promise<string>;
  onApprove: (data: { orderID: string; payerID: string }, actions: object) => Promise<void>;
  onCancel: (data: { orderID?: string }) => void;
  onError: (err: unknown) => void;
}
let opened: string | null = null;
vi.mock('@paypal/react-paypal-js', () => ({
  PayPalScriptProvider: ({ children, options }: { children: ReactNode; options: object }) => (
    <div data-testid="sdk" data-options={JSON.stringify(options)}>
      {children}
    </div>
  ),
  usePayPalScriptReducer: () => [{ isPending: false, isRejected: false }],
  PayPalButtons: (props: ButtonProps) => {
    const open = async () => {
      let go = true;
      await props.onClick({}, { resolve: async () => undefined, reject: async () => void (go = false) });
      if (!go) return null;
      return props.createOrder({}, {});
    };
    return (
      <>
        <button
          type="button"
          onClick={async () => {
            try {
              const orderID = await open();
              if (orderID)
                await props.onApprove(
                  { orderID, payerID: 'PAYER1' },
                  // A declined card: PayPal reopens on the same order and the buyer approves again.
                  { restart: async () => props.onApprove({ orderID, payerID: 'PAYER1' }, {}) },
                );
            } catch (err) {
              props.onError(err);
            }
          }}
        >
          PayPal
        </button>
        <button type="button" onClick={async () => void (opened = await open())}>
          Abrir PayPal
        </button>
        <button type="button" onClick={() => props.onCancel({ orderID: opened ?? undefined })}>
          Cerrar PayPal
        </button>
      </>
    );
  },
}));
vi.mock('../../../lib/notify', async (importOriginal) => ({
  ...(await importOriginal<typeof NotifyModule>()),
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn(), dismiss: vi.fn() },
}));

const ORDER: PlaceOrderBody = {
  address: {
    firstName: 'Ana',
    lastName: 'López',
    email: 'ana@prueba.mx',
    street: 'Calle 1',
    city: 'CDMX',
    state: '',
    zipcode: '14080',
    country: 'México',
    phone: '5555555555',
  },
  items: [{ _id: 'p1', days: 'Día 1', quantity: 1 }],
  amount: 1010,
  couponCode: null,
  discount: 0,
};

type Reply = { status?: number; body: unknown } | (() => Response);
let replies: Record<string, Reply>;
let calls: { url: string; body: unknown; init: RequestInit }[];

beforeEach(() => {
  calls = [];
  opened = null;
  replies = {
    '/api/paypal/config': {
      body: {
        success: true,
        configured: true,
        clientId: 'cid',
        sdkBase: 'https://sdk.test',
        currency: 'MXN',
      },
    },
    '/api/paypal/create-order': { body: { success: true, id: 'PP-1', orderId: 'o-1' } },
    '/api/order/paypal': { body: { success: true, message: MSG.paymentDone, orderId: 'o-1' } },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined, init: init ?? {} });
      const reply = replies[url] ?? { status: 404, body: { success: false, message: 'no' } };
      if (typeof reply === 'function') return reply();
      return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200 });
    }),
  );
});
afterEach(() => {
  setToken(null);
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

/** The looks at an order whose capture answer was lost: three, without waiting. */
const looks: number[] = [];
const recovery = { waits: [1_000, 2_000, 4_000], wait: async (ms: number) => void looks.push(ms) };

function setup(buildOrder: () => Promise<PlaceOrderBody | null> = async () => ORDER) {
  const onPaid = vi.fn();
  looks.length = 0;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PaypalCheckout total={1010} buildOrder={buildOrder} onPaid={onPaid} recovery={recovery} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onPaid };
}

/** An order as order/single answers it, in `status`, referenced by `paymentReference`. */
function orderReply(status: string, paymentReference: string | null = 'PP-1') {
  return {
    body: {
      success: true,
      order: {
        _id: 'o-1',
        items: [],
        subtotal: 1000,
        discount: 0,
        fee: 10,
        amount: 1010,
        status,
        payment: status === 'pagado',
        paymentMethod: 'paypal',
        date: 0,
        address: ORDER.address,
        couponCode: null,
        paymentReference,
      },
    },
  };
}

const urls = () => calls.map((c) => c.url);
const networkDown = () => {
  throw new TypeError('Failed to fetch');
};

describe('PaypalCheckout', () => {
  it('loads the SDK in MXN with intent capture from the configured base', async () => {
    setup();
    const sdk = await screen.findByTestId('sdk');
    expect(JSON.parse(sdk.dataset.options!)).toMatchObject({
      clientId: 'cid',
      currency: 'MXN',
      intent: 'capture',
      sdkBaseUrl: 'https://sdk.test/sdk/js',
    });
    expect(screen.getByText('MXN$1,010')).toBeInTheDocument();
  });

  it('says plainly when PayPal is not configured, with no button', async () => {
    replies['/api/paypal/config'] = {
      body: { success: true, configured: false, message: MSG.paymentNotConfigured },
    };
    setup();
    expect(await screen.findByText(MSG.paymentNotConfigured)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'PayPal' })).not.toBeInTheDocument();
    expect(screen.queryByText(/ventana segura de PayPal/)).not.toBeInTheDocument();
  });

  it('a declined card then an approval: the decline is taken off the screen when the payment succeeds', async () => {
    let captures = 0;
    replies['/api/order/paypal'] = () =>
      new Response(
        JSON.stringify(
          ++captures === 1
            ? { success: false, code: 'payment_failed', message: MSG.paymentDeclinedRetry, reason: 'restart' }
            : { success: true, message: MSG.paymentDone, orderId: 'o-1' },
        ),
        { status: captures === 1 ? 402 : 200 },
      );
    const { onPaid } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'PayPal' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith('o-1'));
    expect(notify.error).toHaveBeenCalledWith(MSG.paymentDeclinedRetry);
    expect(notify.dismiss).toHaveBeenCalledWith(MSG.paymentDeclinedRetry);
    expect(vi.mocked(notify.dismiss).mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(notify.success).mock.invocationCallOrder[0]!,
    );
    expect(notify.success).toHaveBeenCalledWith(MSG.paymentDone);
  });

  it('creates the order on our server, captures on approval, then hands over to the page', async () => {
    const { onPaid } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'PayPal' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith('o-1'));
    expect(calls.map((c) => c.url)).toEqual([
      '/api/paypal/config',
      '/api/paypal/create-order',
      '/api/order/paypal',
    ]);
    expect(calls[1]!.body).toEqual(ORDER);
    expect(calls[2]!.body).toEqual({ ...ORDER, paypalOrderId: 'PP-1', paypalPayerId: 'PAYER1' });
    expect(notify.success).toHaveBeenCalledWith(MSG.paymentDone);
  });

  it('does not open PayPal while the address form has errors', async () => {
    const { onPaid } = setup(async () => null);
    await userEvent.click(await screen.findByRole('button', { name: 'PayPal' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(MSG.checkoutFixAddress));
    expect(calls.map((c) => c.url)).toEqual(['/api/paypal/config']);
    expect(onPaid).not.toHaveBeenCalled();
  });

  it("shows the server's reason when the order cannot be created", async () => {
    replies['/api/paypal/create-order'] = { status: 409, body: { success: false, message: MSG.cartChanged } };
    const { onPaid } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'PayPal' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(MSG.cartChanged));
    expect(onPaid).not.toHaveBeenCalled();
  });

  it("a refused capture shows 'Error al procesar el pago' and keeps the buyer on the page", async () => {
    replies['/api/order/paypal'] = { status: 402, body: { success: false, message: MSG.paymentError } };
    const { onPaid } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'PayPal' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(MSG.paymentError));
    expect(onPaid).not.toHaveBeenCalled();
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('a capture whose answer is lost (network error) looks at the order and shows «Pago completado» when it is paid', async () => {
    replies['/api/order/paypal'] = networkDown;
    let looked = 0;
    replies['/api/order/single'] = () => {
      looked += 1;
      if (looked === 1) networkDown();
      const { body } = orderReply(looked === 2 ? 'pendiente' : 'pagado', 'CAPTURE-1');
      return new Response(JSON.stringify(body));
    };
    const { onPaid } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'PayPal' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith('o-1'));
    expect(notify.success).toHaveBeenCalledWith(MSG.paymentDone);
    expect(notify.error).not.toHaveBeenCalled();
    expect(urls().filter((u) => u === '/api/order/single')).toHaveLength(3);
    expect(calls.find((c) => c.url === '/api/order/single')!.body).toEqual({ orderId: 'o-1' });
    // Backing off between the looks.
    expect(looks).toEqual([1_000, 2_000, 4_000]);
  });

  it('a gateway error (502) on the capture is a lost answer too, never a generic error', async () => {
    replies['/api/order/paypal'] = () => new Response('<html>Bad Gateway</html>', { status: 502 });
    replies['/api/order/single'] = orderReply('pagado', 'CAPTURE-1');
    const { onPaid } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'PayPal' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledWith('o-1'));
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('while the order stays pending, says the payment is being confirmed and by e-mail, with no buttons to pay again', async () => {
    replies['/api/order/paypal'] = networkDown;
    replies['/api/order/single'] = orderReply('pendiente');
    const { onPaid } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'PayPal' }));
    const notice = await screen.findByText(MSG.paymentStillProcessing);
    // Announced politely (role status), in place of the buttons.
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Ver Mis Productos' })).toHaveAttribute('href', '/orders');
    expect(screen.queryByRole('button', { name: 'PayPal' })).not.toBeInTheDocument();
    expect(urls().filter((u) => u === '/api/order/single')).toHaveLength(3);
    expect(onPaid).not.toHaveBeenCalled();
    expect(notify.error).not.toHaveBeenCalled();
    expect(notify.success).not.toHaveBeenCalled();
  });

  it("the server's «still processing» is watched as well, and its words are kept while it stays pending", async () => {
    replies['/api/order/paypal'] = {
      status: 402,
      body: { success: false, message: MSG.paymentPendingReview },
    };
    replies['/api/order/single'] = orderReply('pendiente');
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'PayPal' }));
    expect(await screen.findByText(MSG.paymentPendingReview)).toBeInTheDocument();
    expect(urls()).toContain('/api/order/single');
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('an order found ended shows the refusal and gives the buttons back', async () => {
    replies['/api/order/paypal'] = () => new Response('', { status: 504 });
    replies['/api/order/single'] = orderReply('cancelado', 'PP-1');
    const { onPaid } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'PayPal' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(MSG.paymentError));
    expect(screen.getByRole('button', { name: 'PayPal' })).toBeEnabled();
    expect(onPaid).not.toHaveBeenCalled();
  });

  it('leaving the page with a PayPal order open cancels it at once (keepalive, with the token)', async () => {
    setToken('t1');
    setup();
    await userEvent.click(await screen.findByRole('button', { name: 'Abrir PayPal' }));
    await waitFor(() => expect(urls()).toContain('/api/paypal/create-order'));
    act(() => void window.dispatchEvent(new Event('pagehide')));
    const cancel = calls.find((c) => c.url === '/api/paypal/cancel-order');
    expect(cancel).toBeDefined();
    expect(cancel!.body).toEqual({ paypalOrderId: 'PP-1' });
    expect(cancel!.init).toMatchObject({ method: 'POST', keepalive: true });
    const headers = new Headers(cancel!.init.headers);
    expect(headers.get('token')).toBe('t1');
    expect(headers.get('content-type')).toBe('application/json');
    // Once is enough.
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(urls().filter((u) => u === '/api/paypal/cancel-order')).toHaveLength(1);
  });

  it('leaving after the capture started, or after the buyer closed PayPal, cancels nothing more', async () => {
    replies['/api/paypal/cancel-order'] = { body: { success: true, message: MSG.paymentCancelled } };
    const { onPaid } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'PayPal' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalled());
    act(() => void window.dispatchEvent(new Event('pagehide')));
    expect(urls()).not.toContain('/api/paypal/cancel-order');

    await userEvent.click(screen.getByRole('button', { name: 'Abrir PayPal' }));
    await waitFor(() => expect(urls().filter((u) => u === '/api/paypal/create-order')).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar PayPal' }));
    await waitFor(() => expect(urls()).toContain('/api/paypal/cancel-order'));
    act(() => void window.dispatchEvent(new Event('pagehide')));
    const cancels = calls.filter((c) => c.url === '/api/paypal/cancel-order');
    expect(cancels).toHaveLength(1);
    expect(cancels[0]!.init.keepalive).toBeUndefined();
  });
});
