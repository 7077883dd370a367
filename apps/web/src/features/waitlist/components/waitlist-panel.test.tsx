import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitlistPosition } from '@store/shared/messages';
import type { DayOption } from '@store/shared/schemas/product';
import type { WaitlistDayState } from '@store/shared/schemas/waitlist';
import { setToken } from '../../../lib/auth-token';
import { stubApi, testQueryClient, TestProviders } from '../../../../test/providers';
import { WaitlistPanel } from './waitlist-panel';
import { AFTER_SALE_MSG } from '@store/shared/after-sale-messages';

const NOW = Date.parse('2030-03-01T12:00:00Z');
const day = (label: string, seatsSold: number, seatCapacity: number | null = 1): DayOption => ({
  label,
  startsAt: Date.parse('2030-04-01T15:00:00Z'),
  endsAt: Date.parse('2030-04-01T20:00:00Z'),
  seatCapacity,
  seatsSold,
});
const OPTIONS = [day('Taller A', 1), day('Taller B', 0, 5)];

function renderPanel(states: WaitlistDayState[] | undefined, signedIn = true, options = OPTIONS) {
  return render(
    <TestProviders client={testQueryClient()} path="/product/p1">
      <WaitlistPanel productId="p1" options={options} states={states} signedIn={signedIn} now={NOW} />
    </TestProviders>,
  );
}

afterEach(() => {
  act(() => setToken(null));
  vi.unstubAllGlobals();
});

describe('WaitlistPanel', () => {
  it('asks a visitor to sign in for a sold-out day, and says nothing about days with seats', async () => {
    renderPanel(undefined, false);
    expect(await screen.findByRole('link', { name: AFTER_SALE_MSG.waitlistSignIn })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(screen.getByText(/«Taller A» está agotado/)).toBeInTheDocument();
    expect(screen.queryByText(/Taller B/)).toBeNull();
    expect(screen.queryByRole('button', { name: AFTER_SALE_MSG.waitlistJoin })).toBeNull();
  });

  it('joins the list of a day sold out for the member (a seat held by an offer counts)', async () => {
    act(() => setToken('sesion'));
    const api = stubApi({
      '/api/waitlist/join': () => ({ success: true, message: AFTER_SALE_MSG.waitlistJoined }),
    });
    // The catalogue still shows a seat on Taller B, but the server says it is held.
    renderPanel([
      { day: 'Taller A', soldOut: false, entry: null },
      { day: 'Taller B', soldOut: true, entry: null },
    ]);
    expect(screen.queryByText(/«Taller A»/)).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: AFTER_SALE_MSG.waitlistJoin }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/waitlist/join')?.body).toEqual({
        productId: 'p1',
        day: 'Taller B',
      }),
    );
    expect(await screen.findByText(AFTER_SALE_MSG.waitlistJoined)).toBeInTheDocument();
  });

  it('shows the place in line and leaves the list; an offered seat says until when', async () => {
    act(() => setToken('sesion'));
    const api = stubApi({
      '/api/waitlist/leave': () => ({ success: true, message: AFTER_SALE_MSG.waitlistLeft }),
    });
    const { unmount } = renderPanel([
      { day: 'Taller A', soldOut: true, entry: { status: 'esperando', position: 3, offerExpiresAt: null } },
    ]);
    expect(await screen.findByText(`«Taller A»: ${waitlistPosition(3)}`)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: AFTER_SALE_MSG.waitlistLeave }));
    await waitFor(() => expect(api.calls.map((c) => c.path)).toContain('/api/waitlist/leave'));
    expect(await screen.findByText(AFTER_SALE_MSG.waitlistLeft)).toBeInTheDocument();
    unmount();

    renderPanel(
      [
        {
          day: 'Taller A',
          soldOut: false,
          entry: { status: 'ofrecido', position: null, offerExpiresAt: Date.parse('2030-03-02T18:00:00Z') },
        },
      ],
      true,
      [day('Taller A', 0)],
    );
    expect(
      await screen.findByText(/Se liberó un lugar para ti en «Taller A».*2 mar 2030, 12:00/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: AFTER_SALE_MSG.waitlistLeave })).toBeInTheDocument();
  });

  it('shows the server refusal in Spanish', async () => {
    act(() => setToken('sesion'));
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ success: false, message: AFTER_SALE_MSG.waitlistNotSoldOut }), {
            status: 409,
          }),
      ),
    );
    renderPanel([{ day: 'Taller A', soldOut: true, entry: null }]);
    await userEvent.click(await screen.findByRole('button', { name: AFTER_SALE_MSG.waitlistJoin }));
    expect(await screen.findByText(AFTER_SALE_MSG.waitlistNotSoldOut)).toBeInTheDocument();
  });
});
