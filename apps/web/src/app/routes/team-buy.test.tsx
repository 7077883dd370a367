// /equipo/:productId, the team checkout's invoice: «¿Requieres factura?» opens the fields filled
// with the institution of the buyer's last team purchase (GET /api/group/fiscal-data), never
// with the buyer's own fiscal data, which is not even read; before a first team purchase with
// an invoice they are empty.
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Product } from '@store/shared/schemas/product';
import { setToken } from '../../lib/auth-token';
import { stubApi, testQueryClient } from '../../../test/providers';
import { Component as TeamBuyPage } from './team-buy';

const inDays = (n: number) => Date.now() + n * 86_400_000;
const CURSO: Product = {
  _id: 'curso',
  name: 'Curso de anestesia regional',
  description: 'Dos días de práctica.',
  price: 1000,
  image: ['/covers/x.svg'],
  category: 'Paneles',
  subCategory: 'Avanzado',
  days: ['Jueves'],
  dayOptions: [
    {
      label: 'Jueves',
      startsAt: inDays(20),
      endsAt: inDays(20) + 8 * 3_600_000,
      seatCapacity: 40,
      seatsSold: 2,
    },
  ],
  isPresential: true,
  date: inDays(20),
  startsAt: inDays(20),
  endsAt: inDays(20) + 8 * 3_600_000,
  saleMode: 'por_dia',
  tiers: [],
  requires: null,
  venue: null,
};
const PERSON = {
  rfc: 'GODE561231GR8',
  razonSocial: 'EDUARDO GÓMEZ DÍAZ',
  regimenFiscal: '612',
  usoCfdi: 'G03',
  codigoPostal: '14080',
};
const HOSPITAL = {
  rfc: 'MAB9307148T4',
  razonSocial: 'HOSPITAL CARDIOLÓGICO DEL BAJÍO',
  regimenFiscal: '601',
  usoCfdi: 'G03',
  codigoPostal: '06700',
};
const PREFILL_NOTE = /Te proponemos los de la institución de tu última compra para equipo/;

function renderTeamBuy(institution: typeof HOSPITAL | null) {
  const api = stubApi({
    '/api/product/list': () => ({ success: true, products: [CURSO] }),
    '/api/group/fiscal-data': () => ({ success: true, fiscalData: institution }),
    '/api/invoice/fiscal-data': () => ({ success: true, fiscalData: PERSON }),
  });
  const router = createMemoryRouter([{ path: '/equipo/:productId', element: <TeamBuyPage /> }], {
    initialEntries: ['/equipo/curso'],
  });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return api;
}

const askInvoice = async () =>
  userEvent.click(await screen.findByRole('checkbox', { name: /¿Requieres factura\?/ }));

beforeEach(() => act(() => setToken('sesion')));
afterEach(() => {
  // Unmounted first: without a session the page would go to /login.
  cleanup();
  act(() => setToken(null));
  vi.unstubAllGlobals();
});

describe('/equipo/:productId: the institution’s fiscal data', () => {
  it('fills the fields with the last institution, and never reads the buyer’s own fiscal data', async () => {
    const api = renderTeamBuy(HOSPITAL);
    await askInvoice();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /RFC/ })).toHaveValue(HOSPITAL.rfc));
    expect(screen.getByRole('textbox', { name: /Razón social/i })).toHaveValue(HOSPITAL.razonSocial);
    expect(screen.getByRole('textbox', { name: /Código postal fiscal/ })).toHaveValue(HOSPITAL.codigoPostal);
    expect(screen.getByText(PREFILL_NOTE)).toBeInTheDocument();
    expect(api.calls.map((c) => c.path)).toContain('/api/group/fiscal-data');
    expect(api.calls.map((c) => c.path)).not.toContain('/api/invoice/fiscal-data');
  });

  it('before a first team purchase with an invoice the fields are empty, not the buyer’s own', async () => {
    const api = renderTeamBuy(null);
    await askInvoice();
    await waitFor(() => expect(api.calls.map((c) => c.path)).toContain('/api/group/fiscal-data'));
    expect(screen.getByRole('textbox', { name: /RFC/ })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: /Razón social/i })).toHaveValue('');
    expect(screen.queryByText(PREFILL_NOTE)).not.toBeInTheDocument();
    expect(api.calls.map((c) => c.path)).not.toContain('/api/invoice/fiscal-data');
  });
});
