// The places of a group order (docs/groups.md): one row per person's place across the days,
// assigning a row's free days to one person (the places sent together), reassigning with the
// holder the buyer saw, a change saved first by someone else (the list read again and the
// message announced), cancelling, the CSV list sent as written and its template.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { formatPrice } from '@store/shared/domain/money';
import { GROUP_MSG } from '@store/shared/group-messages';
import type { GroupPlace, GroupPlaces } from '@store/shared/schemas/group';
import { setToken } from '../../../lib/auth-token';
import { saveFile } from '../../../lib/save-file';
import { stubApi, testQueryClient, TestProviders } from '../../../../test/providers';
import { useGroupPlaces } from '../api/group';
import { TeamPlaces } from './team-places';

vi.mock('../../../lib/save-file', () => ({ saveFile: vi.fn() }));

const FRIDAY = Date.UTC(2027, 0, 22, 15, 0);
const SATURDAY = Date.UTC(2027, 0, 23, 15, 0);
const ORDER_ID = 'a1b2c3d4-0000-4000-8000-000000000001';

/** Place `n` of a day (`vie` or `sab`). */
const place = (n: number, day: 'vie' | 'sab', over: Partial<GroupPlace> = {}): GroupPlace => ({
  placeId: `p${n}-${day}`,
  place: n,
  productId: 'panel',
  days: [day === 'vie' ? 'Viernes' : 'Sábado'],
  startsAt: day === 'vie' ? FRIDAY : SATURDAY,
  status: 'pagado',
  state: 'sin_asignar',
  assignee: null,
  assignable: true,
  cancellable: true,
  refund: 640,
  ...over,
});
const ana = { state: 'asignado' as const, assignee: { name: 'ANA RUIZ', email: 'ana@h.mx' } };

/** 3 places × 2 days: Ana on both days of place 1, Luis (used) and Eva on place 2, place 3 free. */
const GROUP: GroupPlaces = {
  orderId: ORDER_ID,
  productName: 'Panel de coagulación',
  status: 'pagado',
  amount: 4810,
  // As the API lists them: by day, then place.
  places: [
    place(1, 'vie', ana),
    place(2, 'vie', {
      state: 'usado',
      assignee: { name: 'LUIS MORA', email: 'luis@h.mx' },
      assignable: false,
      cancellable: false,
    }),
    place(3, 'vie'),
    place(1, 'sab', ana),
    place(2, 'sab', { state: 'asignado', assignee: { name: 'EVA SOTO', email: 'eva@h.mx' } }),
    place(3, 'sab'),
  ],
};

function show(handlers: Parameters<typeof stubApi>[0], group: GroupPlaces = GROUP) {
  const api = stubApi(handlers);
  render(
    <TestProviders client={testQueryClient()}>
      <TeamPlaces group={group} />
    </TestProviders>,
  );
  return api;
}

const rows = () => within(screen.getByRole('list', { name: 'Lugares' })).getAllByRole('listitem');
const sent = (api: ReturnType<typeof stubApi>, path: string) =>
  api.calls.filter((c) => c.path === path).map((c) => c.body);

beforeEach(() => setToken('token-de-prueba'));
afterEach(() => {
  setToken(null);
  vi.unstubAllGlobals();
  vi.mocked(saveFile).mockReset();
});

describe('TeamPlaces', () => {
  it('shows one row per place with each day’s state and holder', () => {
    show({});
    const [one, two, three] = rows();
    expect(rows()).toHaveLength(3);
    expect(one).toHaveTextContent(/^Lugar 1/);
    for (const day of ['Viernes', 'Sábado']) expect(one).toHaveTextContent(day);
    expect(within(one!).getAllByText('ANA RUIZ · ana@h.mx')).toHaveLength(2);
    expect(within(one!).getAllByText('Asignado')).toHaveLength(2);
    expect(within(two!).getByText('Usado')).toBeInTheDocument();
    expect(within(two!).getByText('LUIS MORA · luis@h.mx')).toBeInTheDocument();
    expect(within(two!).getByText('EVA SOTO · eva@h.mx')).toBeInTheDocument();
    expect(within(three!).getAllByText('Sin asignar')).toHaveLength(2);
    expect(within(three!).getAllByText('Nadie asignado todavía')).toHaveLength(2);
    // A used day is never reassigned; the held one beside it is.
    expect(within(two!).getByRole('button', { name: /^Reasignar\s*Lugar 2$/ })).toBeInTheDocument();
    expect(within(one!).queryByRole('button', { name: /^Asignar/ })).toBeNull();
    expect(within(three!).queryByRole('button', { name: /^Reasignar/ })).toBeNull();
    expect(screen.getByText(/2 de 3 lugares asignados/)).toBeInTheDocument();
  });

  it('says whether each person answered the registration questions, never what', () => {
    const explanation = /responde las preguntas de registro del evento al entrar a su cuenta/;
    show({});
    expect(screen.queryByText(explanation)).toBeNull();
    expect(screen.queryByText(/^Registro/)).toBeNull();
    cleanup();

    show(
      {},
      {
        ...GROUP,
        places: [
          place(1, 'vie', { ...ana, registration: 'completa' }),
          place(2, 'vie', {
            state: 'asignado',
            assignee: { name: 'EVA SOTO', email: 'eva@h.mx' },
            registration: 'pendiente',
          }),
          // Nobody holds it, or no question applies: nothing to say.
          place(3, 'vie', { registration: null }),
          place(4, 'vie', {
            state: 'asignado',
            assignee: { name: 'LUIS MORA', email: 'luis@h.mx' },
            registration: null,
          }),
        ],
      },
    );
    const [one, two, three, four] = rows();
    expect(within(one!).getByText('Registro completo')).toBeInTheDocument();
    expect(within(two!).getByText('Registro pendiente')).toBeInTheDocument();
    expect(within(three!).queryByText(/^Registro/)).toBeNull();
    expect(within(four!).queryByText(/^Registro/)).toBeNull();
    expect(screen.getByText(explanation)).toBeInTheDocument();
  });

  it('an event sold whole has one column and one place per person', () => {
    const days = ['Viernes', 'Sábado'];
    show(
      {},
      {
        ...GROUP,
        places: [place(1, 'vie', { ...ana, days }), place(2, 'vie', { placeId: 'p2', days })],
      },
    );
    expect(rows()).toHaveLength(2);
    expect(rows()[0]).toHaveTextContent('Viernes, Sábado');
    fireEvent.click(screen.getByRole('button', { name: /^Asignar\s*Lugar 2$/ }));
    // Nothing to choose: the place is every day.
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('assigns the row’s free days to one person in one call, the days ticked', async () => {
    const api = show({
      '/api/group/assign': () => ({ success: true, message: GROUP_MSG.placesAssignedMany }),
    });
    fireEvent.click(screen.getByRole('button', { name: /^Asignar\s*Lugar 3$/ }));
    const form = screen.getByRole('form', { name: 'Asignar Lugar 3' });
    expect(within(form).getByLabelText('Nombre completo')).toHaveFocus();
    expect(within(form).getByRole('checkbox', { name: /Viernes/ })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: /Sábado/ })).toBeChecked();
    fireEvent.change(within(form).getByLabelText('Nombre completo'), { target: { value: 'Carla Soto' } });
    fireEvent.change(within(form).getByLabelText('Correo electrónico'), { target: { value: 'carla@h.mx' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(GROUP_MSG.placesAssignedMany));
    expect(sent(api, '/api/group/assign')).toEqual([
      { orderId: ORDER_ID, placeIds: ['p3-vie', 'p3-sab'], name: 'Carla Soto', email: 'carla@h.mx' },
    ]);
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('sends only the days left ticked, and keeps the form open with a refusal about the person', async () => {
    const api = show({});
    api.fetchMock.mockImplementationOnce(
      async () =>
        new Response(JSON.stringify({ success: false, message: GROUP_MSG.placePersonUnavailable }), {
          status: 409,
        }),
    );
    fireEvent.click(screen.getByRole('button', { name: /^Asignar\s*Lugar 3$/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Sábado/ }));
    fireEvent.change(screen.getByLabelText('Nombre completo'), { target: { value: 'Carla Soto' } });
    fireEvent.change(screen.getByLabelText('Correo electrónico'), { target: { value: 'carla@h.mx' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    const form = screen.getByRole('form', { name: 'Asignar Lugar 3' });
    expect(await within(form).findByRole('alert')).toHaveTextContent(GROUP_MSG.placePersonUnavailable);
    // The refused call (answered by the one-off stub, so not among api.calls).
    const [url, init] = api.fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/group/assign');
    expect(JSON.parse(String(init?.body))).toMatchObject({ placeIds: ['p3-vie'] });
    // None ticked: nothing is sent.
    fireEvent.click(screen.getByRole('checkbox', { name: /Viernes/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByText(GROUP_MSG.groupDaysRequired)).toBeInTheDocument();
    expect(api.fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reassigns a holder’s days with the e-mail the buyer saw', async () => {
    const api = show({
      '/api/group/reassign': () => ({ success: true, message: GROUP_MSG.placeReassigned }),
    });
    fireEvent.click(screen.getByRole('button', { name: /^Reasignar\s*Lugar 1$/ }));
    const form = screen.getByRole('form', { name: 'Reasignar Lugar 1' });
    expect(form).toHaveTextContent('Ahora: ANA RUIZ · ana@h.mx');
    fireEvent.change(within(form).getByLabelText('Nombre completo'), { target: { value: 'Diana Luna' } });
    fireEvent.change(within(form).getByLabelText('Correo electrónico'), { target: { value: 'diana@h.mx' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(GROUP_MSG.placeReassigned));
    expect(sent(api, '/api/group/reassign')).toEqual([
      {
        orderId: ORDER_ID,
        placeIds: ['p1-vie', 'p1-sab'],
        currentEmail: 'ana@h.mx',
        name: 'Diana Luna',
        email: 'diana@h.mx',
      },
    ]);
  });

  it('reads the places again when another change was saved first, and says so in an alert', async () => {
    // Another coordinator named place 3 meanwhile.
    const after: GroupPlaces = {
      ...GROUP,
      places: GROUP.places.map((p) =>
        p.place === 3 ? { ...p, state: 'asignado', assignee: { name: 'RAÚL PAZ', email: 'raul@h.mx' } } : p,
      ),
    };
    let assigned = false;
    const api = stubApi({
      '/api/group/places': () => ({ success: true, group: assigned ? after : GROUP }),
    });
    const refuse = api.fetchMock.getMockImplementation()!;
    api.fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/api/group/assign')) {
        assigned = true;
        return new Response(JSON.stringify({ success: false, message: GROUP_MSG.placeInProgress }), {
          status: 409,
        });
      }
      return refuse(input, init);
    });
    function Page() {
      const group = useGroupPlaces(ORDER_ID);
      return group.data ? <TeamPlaces group={group.data} /> : null;
    }
    render(
      <TestProviders client={testQueryClient()}>
        <Page />
      </TestProviders>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /^Asignar\s*Lugar 3$/ }));
    fireEvent.change(screen.getByLabelText('Nombre completo'), { target: { value: 'Carla Soto' } });
    fireEvent.change(screen.getByLabelText('Correo electrónico'), { target: { value: 'carla@h.mx' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(GROUP_MSG.placeInProgress));
    await waitFor(() => expect(within(rows()[2]!).getAllByText('RAÚL PAZ · raul@h.mx')).toHaveLength(2));
    expect(screen.queryByRole('form')).toBeNull();
    expect(api.calls.filter((c) => c.path === '/api/group/places')).toHaveLength(2);
  });

  it('cancels the days of a place the buyer ticks', async () => {
    const api = show({
      '/api/group/cancel': () => ({ success: true, message: 'Cancelamos el lugar.', refunded: 640 }),
    });
    fireEvent.click(within(rows()[2]!).getByRole('button', { name: /^Cancelar lugar\s*3$/ }));
    const panel = screen.getByRole('group', { name: 'Cancelar Lugar 3' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Sí, cancelar lugar 3' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(GROUP_MSG.placesCancelNone);
    fireEvent.click(within(panel).getByRole('checkbox', { name: /Sábado/ }));
    expect(panel).toHaveTextContent(`se reembolsan ${formatPrice(640)}`);
    fireEvent.click(within(panel).getByRole('button', { name: 'Sí, cancelar lugar 3' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Cancelamos el lugar.'));
    expect(sent(api, '/api/group/cancel')).toEqual([{ orderId: ORDER_ID, placeIds: ['p3-sab'] }]);
  });

  it('sends the pasted list as written', async () => {
    const api = show({
      '/api/group/assign-csv': () => ({ success: true, message: GROUP_MSG.placesAssignedMany }),
    });
    const list = 'nombre,correo,Viernes,Sábado\nCarla Soto,carla@h.mx,sí,no';
    fireEvent.change(screen.getByLabelText('Lista de personas'), { target: { value: list } });
    fireEvent.click(screen.getByRole('button', { name: 'Asignar la lista' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(GROUP_MSG.placesAssignedMany));
    expect(sent(api, '/api/group/assign-csv')).toEqual([{ orderId: ORDER_ID, csv: list }]);
  });

  it('downloads the template: a column per day and the people already named, one line each', async () => {
    show({});
    expect(screen.getByText(/Cada día que compraste es una columna más/)).toHaveTextContent(
      '(«Viernes», «Sábado»)',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Descargar plantilla' }));
    expect(saveFile).toHaveBeenCalledTimes(1);
    const file = vi.mocked(saveFile).mock.calls[0]![0];
    expect(file.filename).toBe('lugares-A1B2C3D4.csv');
    const bytes = new Uint8Array(await file.blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe(
      [
        'nombre,correo,Viernes,Sábado',
        'ANA RUIZ,ana@h.mx,sí,sí',
        'LUIS MORA,luis@h.mx,sí,no',
        'EVA SOTO,eva@h.mx,no,sí',
        '',
      ].join('\r\n'),
    );
  });
});
