import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@store/shared/messages';
import type { PlaceOrderBody } from '@store/shared/schemas/order';
import { notify } from '../../../lib/notify';
import type * as NotifyModule from '../../../lib/notify';
import { PaypalCheckout } from './paypal-checkout';

// The SDK itself runs in the Playwright journey; here a stand-in calls our callbacks in the
// order the real buttons do (onClick → createOrder → buyer approves → onApprove).
interface ButtonProps {
  onClick: (
    data: object,
    actions: { resolve: () => Promise<void>; reject: () => Promise<void> },
  ) => Promise<void>;
  createOrder: (data: object, actions: object) => Promise<string>;
  onApprove: (data: { orderID: string; payerID: string }, actions: object) => Promise<void>;
  onError: (err: unknown) => void;
}
vi.mock('@paypal/react-paypal-js', () => ({
  PayPalScriptProvider: ({ children, options }: { children: ReactNode; options: object }) => (
    <div data-testid="sdk" data-options={JSON.stringify(options)}>
      {children}
    </div>
  ),
  usePayPalScriptReducer: () => [{ isPending: false, isRejected: false }],
  PayPalButtons: (props: ButtonProps) => (
    <button
      type="button"
      onClick={async () => {
        let go = true;
        await props.onClick({}, { resolve: async () => undefined, reject: async () => void (go = false) });
        if (!go) return;
        try {
          const orderID = await props.createOrder({}, {});
          await props.onApprove({ orderID, payerID: 'PAYER1' }, {});
        } catch (err) {
          props.onError(err);
        }
      }}
    >
      PayPal
    </button>
  ),
}));
vi.mock('../../../lib/notify', async (importOriginal) => ({
  ...(await importOriginal<typeof NotifyModule>()),
  notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() },
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

type Reply = { status?: number; body: unknown };
let replies: Record<string, Reply>;
let calls: { url: string; body: unknown }[];

beforeEach(() => {
  calls = [];
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
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const reply = replies[url] ?? { status: 404, body: { success: false, message: 'no' } };
      return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

function setup(buildOrder: () => Promise<PlaceOrderBody | null> = async () => ORDER) {
  const onPaid = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <PaypalCheckout total={1010} buildOrder={buildOrder} onPaid={onPaid} />
    </QueryClientProvider>,
  );
  return { onPaid };
}

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

  it('creates the order on our server, captures on approval, then hands over to the page', async () => {
    const { onPaid } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'PayPal' }));
    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
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
});
