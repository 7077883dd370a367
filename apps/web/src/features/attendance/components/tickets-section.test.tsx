// The ticket names where to show it: the venue, its address and a map link in a new tab.
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ticket } from '@store/shared/schemas/attendance';
import { stubApi, testQueryClient, TestProviders } from '../../../../test/providers';
import { setToken } from '../../../lib/auth-token';
import { TicketsSection } from './tickets-section';

const ticket = (over: Partial<Ticket>): Ticket => ({
  productId: 'p1',
  productName: 'Taller de aminas vasoactivas',
  day: 'Jueves 14 de enero',
  dayStartsAt: Date.UTC(2027, 0, 14, 20, 30),
  code: 'codigo',
  qr: 'data:image/png;base64,AAAA',
  checkedInAt: null,
  venue: null,
  ...over,
});

afterEach(() => {
  vi.unstubAllGlobals();
  setToken(null);
});

describe('TicketsSection', () => {
  it('shows the venue on the ticket, with its address and map link', async () => {
    setToken('t');
    const venue = {
      name: 'Hotel Sede',
      address: 'Av. Reforma 1, CDMX',
      mapUrl: 'https://maps.example.org/?q=1',
    };
    stubApi({
      '/api/attendance/tickets': () => ({
        success: true,
        tickets: [ticket({ venue }), ticket({ productName: 'Sin sede', code: 'otro' })],
      }),
    });
    render(
      <TestProviders client={testQueryClient()}>
        <TicketsSection />
      </TestProviders>,
    );
    const [withVenue, without] = await screen.findAllByRole('listitem');
    expect(withVenue).toHaveTextContent('Hotel Sede');
    expect(withVenue).toHaveTextContent('Av. Reforma 1, CDMX');
    const link = within(withVenue!).getByRole('link', { name: /Abrir en mapa/ });
    expect(link).toHaveAttribute('href', venue.mapUrl);
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAttribute('target', '_blank');
    expect(within(without!).queryByRole('link')).not.toBeInTheDocument();
  });
});
