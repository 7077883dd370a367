// The places of a group order (docs/groups.md): each place's state and holder, assigning one
// (the server's refusal shown in place), the CSV list sent as written, and who may act when.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { GroupPlaces } from '@store/shared/schemas/group';
import { setToken } from '../../../lib/auth-token';
import { stubApi, testQueryClient, TestProviders } from '../../../../test/providers';
import { TeamPlaces } from './team-places';
import { GROUP_MSG } from '@store/shared/group-messages';

const start = Date.UTC(2027, 0, 20, 15, 0);
const place = (n: number, over: Partial<GroupPlaces['places'][number]> = {}) => ({
  placeId: `p${n}`,
  place: n,
  productId: 'panel',
  days: ['Viernes'],
  startsAt: start,
  status: 'pagado' as const,
  state: 'sin_asignar' as const,
  assignee: null,
  assignable: true,
  cancellable: true,
  refund: 640,
  ...over,
});
const GROUP: GroupPlaces = {
  orderId: 'orden-1',
  productName: 'Panel de coagulación',
  status: 'pagado',
  amount: 2410,
  places: [
    place(1, { state: 'asignado', assignee: { name: 'ANA RUIZ', email: 'ana@h.mx' } }),
    place(2, {
      state: 'usado',
      assignee: { name: 'LUIS MORA', email: 'luis@h.mx' },
      assignable: false,
    }),
    place(3),
  ],
};

function show(handlers: Parameters<typeof stubApi>[0]) {
  const api = stubApi(handlers);
  render(
    <TestProviders client={testQueryClient()}>
      <TeamPlaces group={GROUP} />
    </TestProviders>,
  );
  return api;
}

beforeEach(() => setToken('token-de-prueba'));
afterEach(() => {
  setToken(null);
  vi.unstubAllGlobals();
});

describe('TeamPlaces', () => {
  it('lists each place with its state and holder; a used place offers no reassignment', () => {
    show({});
    const rows = within(screen.getByRole('list', { name: 'Lugares' })).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('ANA RUIZ · ana@h.mx');
    expect(rows[0]).toHaveTextContent('Asignado');
    expect(within(rows[0]!).getByRole('button', { name: /^Reasignar\s*Lugar 1$/ })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Usado');
    expect(within(rows[1]!).queryByRole('button', { name: /Reasignar/ })).toBeNull();
    expect(rows[2]).toHaveTextContent('Nadie asignado todavía');
    expect(screen.getByText(/2 de 3 lugares asignados/)).toBeInTheDocument();
  });

  it('assigns a place with name and e-mail, and shows the server refusal beside the form', async () => {
    const api = stubApi({ '/api/group/assign': () => ({ success: true, message: GROUP_MSG.placeAssigned }) });
    // The first answer is the server's refusal (409).
    api.fetchMock.mockImplementationOnce(
      async () =>
        new Response(JSON.stringify({ success: false, message: GROUP_MSG.placeAlreadyHolds }), {
          status: 409,
        }),
    );
    render(
      <TestProviders client={testQueryClient()}>
        <TeamPlaces group={GROUP} />
      </TestProviders>,
    );
    fireEvent.click(screen.getByRole('button', { name: /^Asignar\s*Lugar 3$/ }));
    fireEvent.change(screen.getByLabelText('Nombre completo'), { target: { value: 'Carla Soto' } });
    fireEvent.change(screen.getByLabelText('Correo electrónico'), { target: { value: 'carla@h.mx' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(GROUP_MSG.placeAlreadyHolds);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByLabelText('Nombre completo')).toBeNull());
    const sent = api.calls.filter((c) => c.path === '/api/group/assign').map((c) => c.body);
    expect(sent.at(-1)).toEqual({
      orderId: 'orden-1',
      placeId: 'p3',
      name: 'Carla Soto',
      email: 'carla@h.mx',
    });
  });

  it('sends the pasted list as written', async () => {
    const api = show({
      '/api/group/assign-csv': () => ({ success: true, message: GROUP_MSG.placesAssignedMany }),
    });
    const list = 'nombre,correo\nCarla Soto,carla@h.mx';
    fireEvent.change(screen.getByLabelText('Lista de personas'), { target: { value: list } });
    fireEvent.click(screen.getByRole('button', { name: 'Asignar la lista' }));
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/group/assign-csv')?.body).toEqual({
        orderId: 'orden-1',
        csv: list,
      }),
    );
  });
});
