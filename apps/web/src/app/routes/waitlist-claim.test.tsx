import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { setToken } from '../../lib/auth-token';
import { stubApi, testQueryClient, TestProviders } from '../../../test/providers';
import { Component as ClaimPage } from './waitlist-claim';
import { AFTER_SALE_MSG } from '@store/shared/after-sale-messages';

function renderAt(search: string) {
  return render(
    <TestProviders client={testQueryClient()} path="/lista-de-espera/reclamar" search={search}>
      <ClaimPage />
    </TestProviders>,
  );
}

afterEach(() => {
  act(() => setToken(null));
  vi.unstubAllGlobals();
});

describe('/lista-de-espera/reclamar', () => {
  it('asks a visitor to sign in first and claims nothing', async () => {
    const api = stubApi({});
    renderAt('?token=abc');
    expect(
      await screen.findByText(/Inicia sesión con la cuenta a la que llegó el correo/),
    ).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it("claims the member's offer and goes to the cart, already holding the day", async () => {
    act(() => setToken('sesion'));
    const client = testQueryClient();
    // The cart as it was before the claim, cached by an earlier visit and not on screen.
    client.setQueryData(['cart', 'sesion'], {});
    const api = stubApi({
      '/api/waitlist/claim': () => ({
        success: true,
        message: AFTER_SALE_MSG.waitlistClaimed,
        productId: 'p1',
        day: 'Taller',
        offerExpiresAt: Date.parse('2030-03-02T18:00:00Z'),
      }),
      '/api/cart/get': () => ({ success: true, cartData: { p1: { Taller: 1 } } }),
    });
    render(
      <TestProviders client={client} path="/lista-de-espera/reclamar" search="?token=abc">
        <ClaimPage />
      </TestProviders>,
    );
    expect(await screen.findByTestId('location')).toHaveTextContent('/cart');
    // No reload needed: the cart the next page reads already has the offered day.
    expect(client.getQueryData(['cart', 'sesion'])).toEqual({ p1: { Taller: 1 } });
    expect(api.calls.filter((c) => c.path === '/api/waitlist/claim').map((c) => c.body)).toEqual([
      { token: 'abc' },
    ]);
  });

  it("shows the server's refusal (someone else's offer, expired)", async () => {
    act(() => setToken('sesion'));
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ success: false, message: AFTER_SALE_MSG.waitlistOfferExpired }), {
            status: 409,
          }),
      ),
    );
    renderAt('?token=abc');
    await waitFor(() => expect(screen.getByText(AFTER_SALE_MSG.waitlistOfferExpired)).toBeInTheDocument());
  });
});
