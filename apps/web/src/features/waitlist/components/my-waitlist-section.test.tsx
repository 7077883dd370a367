import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitlistPosition } from '@store/shared/messages';
import type { MyWaitlistEntry } from '@store/shared/schemas/waitlist';
import { setToken } from '../../../lib/auth-token';
import { stubApi, testQueryClient, TestProviders } from '../../../../test/providers';
import { MyWaitlistSection } from './my-waitlist-section';
import { AFTER_SALE_MSG } from '@store/shared/after-sale-messages';

const OFFERED: MyWaitlistEntry = {
  productId: 'p1',
  productName: 'Taller de ecocardiografía',
  day: 'Taller práctico',
  startsAt: Date.parse('2030-04-01T15:00:00Z'),
  status: 'ofrecido',
  position: null,
  offerExpiresAt: Date.parse('2030-03-02T18:00:00Z'),
};
const WAITING: MyWaitlistEntry = {
  ...OFFERED,
  productId: 'p2',
  productName: 'Curso de anestesia',
  day: 'Día 2',
  status: 'esperando',
  position: 3,
  offerExpiresAt: null,
};

function renderSection() {
  return render(
    <TestProviders client={testQueryClient()} path="/orders">
      <MyWaitlistSection />
    </TestProviders>,
  );
}

afterEach(() => {
  act(() => setToken(null));
  vi.unstubAllGlobals();
});

describe('MyWaitlistSection', () => {
  it('lists the offer with its deadline and a way to buy it, and the place in line of the others', async () => {
    act(() => setToken('sesion'));
    stubApi({ '/api/waitlist/mine': () => ({ success: true, entries: [OFFERED, WAITING] }) });
    renderSection();
    const list = await screen.findByRole('region', { name: 'Listas de espera' });
    const [offered, waiting] = within(list).getAllByRole('listitem');
    expect(offered).toHaveTextContent('Taller de ecocardiografía');
    expect(offered).toHaveTextContent('Lugar ofrecido para ti');
    expect(offered).toHaveTextContent(/Te lo guardamos hasta el .*2030/);
    expect(within(offered!).getByRole('link', { name: 'Comprar mi lugar' })).toHaveAttribute(
      'href',
      '/product/p1',
    );
    expect(waiting).toHaveTextContent(waitlistPosition(3));
    expect(within(waiting!).queryByRole('link')).toBeNull();
  });

  it('leaves a list and reads it again', async () => {
    act(() => setToken('sesion'));
    let entries = [WAITING];
    const api = stubApi({
      '/api/waitlist/mine': () => ({ success: true, entries }),
      '/api/waitlist/leave': () => {
        entries = [];
        return { success: true, message: AFTER_SALE_MSG.waitlistLeft };
      },
    });
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: AFTER_SALE_MSG.waitlistLeave }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Listas de espera' })).toBeNull());
    expect(api.calls.find((c) => c.path === '/api/waitlist/leave')?.body).toEqual({
      productId: 'p2',
      day: 'Día 2',
    });
  });

  it('is hidden with no waiting list', async () => {
    act(() => setToken('sesion'));
    const api = stubApi({ '/api/waitlist/mine': () => ({ success: true, entries: [] }) });
    renderSection();
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/waitlist/mine')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Listas de espera' })).toBeNull();
    expect(screen.queryByText(/Si alguien cancela/)).toBeNull();
  });
});
