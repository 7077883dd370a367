// The event form's "Cuotas" section: an event's tiers load as rows with the step's last minute
// in Mexico City time (this file runs in Tokyo), edits are sent as the instants the steps end,
// the prerequisite select leaves the event itself out, and the shared check's Spanish messages
// show while typing and block the save.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import { fromMexicoCityLocal } from '@store/shared/domain/time';
import type { AdminEvent, AdminEventInput } from '@store/shared/schemas/admin/events';
import { testQueryClient, TestProviders } from '../../../../../test/providers';
import { EventForm } from './event-form';

beforeAll(() => {
  vi.stubEnv('TZ', 'Asia/Tokyo');
});
afterAll(() => {
  vi.unstubAllEnvs();
});

const at = (local: string) => fromMexicoCityLocal(local)!.getTime();

const COURSE: AdminEvent = {
  _id: '11111111-1111-4111-8111-111111111111',
  name: 'Curso de anestesia cardiovascular',
  description: '',
  price: 3000,
  image: [],
  category: 'Conferencias',
  subCategory: 'Avanzado',
  isPresential: true,
  startsAt: at('2030-05-29T09:00'),
  endsAt: at('2030-05-29T18:00'),
  active: true,
  draft: false,
  createdAt: 0,
  updatedAt: 0,
  days: [
    {
      _id: '22222222-2222-4222-8222-222222222222',
      label: 'Jueves 29 de mayo de 2030',
      startsAt: at('2030-05-29T09:00'),
      endsAt: at('2030-05-29T18:00'),
      position: 0,
      streamUrl: null,
      seatCapacity: null,
      seatsTaken: 0,
      seatsSold: 0,
      ordersCount: 0,
    },
  ],
  saleMode: 'completo',
  requires: null,
  endorsement: null,
  venue: null,
  tiers: [
    // "Hasta el 15 de mayo, 23:59": the step ends at 16 May 00:00.
    { userType: 'especialista', until: at('2030-05-16T00:00'), price: 2500, scholarshipPrice: null },
    { userType: 'especialista', until: null, price: 3000, scholarshipPrice: null },
    { userType: 'residente', until: null, price: 2000, scholarshipPrice: 1500 },
  ],
};
const EVENTS = [
  { _id: COURSE._id, name: COURSE.name },
  { _id: '33333333-3333-4333-8333-333333333333', name: 'Taller de aminas vasoactivas' },
];

function setup(event: AdminEvent = COURSE) {
  const onSubmit = vi.fn<(payload: AdminEventInput) => Promise<null>>().mockResolvedValue(null);
  render(
    <TestProviders client={testQueryClient()}>
      <EventForm event={event} events={EVENTS} onSubmit={onSubmit} />
    </TestProviders>,
  );
  return { onSubmit };
}

const rows = () => within(screen.getByRole('list', { name: 'Cuotas' })).getAllByRole('listitem');
const set = (el: HTMLElement, value: string) => {
  fireEvent.change(el, { target: { value } });
  fireEvent.blur(el);
};
const save = () => userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));

// Long journeys through a big form: jsdom on a busy machine needs more than the default 5 s.
describe('EventForm fees', { timeout: 30_000 }, () => {
  it('loads the tiers, sale mode and prerequisite, and sends edits as step ends', async () => {
    const { onSubmit } = setup();
    expect(screen.getByLabelText('Forma de venta')).toHaveValue('completo');
    const requires = screen.getByLabelText(/^Requiere inscripción previa a/);
    expect(requires).toHaveValue('');
    // The event itself is not offered.
    expect(
      within(requires)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Ninguno', 'Taller de aminas vasoactivas']);
    const [early, full, resident] = rows().map((r) => within(r));
    expect(early!.getByLabelText(/^Tipo/)).toHaveValue('especialista');
    expect(early!.getByLabelText(/^Hasta/)).toHaveValue('2030-05-15T23:59');
    expect(early!.getByLabelText(/^Precio/)).toHaveValue('2500');
    expect(full!.getByLabelText(/^Hasta/)).toHaveValue('');
    expect(resident!.getByLabelText(/^Con beca/)).toHaveValue('1500');

    set(early!.getByLabelText(/^Hasta/), '2030-05-20T23:59');
    set(early!.getByLabelText(/^Precio/), '2400');
    await userEvent.click(screen.getByRole('button', { name: 'Quitar la cuota 3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Agregar cuota' }));
    const added = within(rows()[2]!);
    await userEvent.selectOptions(added.getByLabelText(/^Tipo/), 'personal_hospital');
    set(added.getByLabelText(/^Precio/), '0');
    await userEvent.selectOptions(requires, EVENTS[1]!._id);
    await save();

    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const payload = onSubmit.mock.calls[0]![0];
    expect(payload).toMatchObject({ saleMode: 'completo', requires: EVENTS[1]!._id, price: 3000 });
    expect(payload.tiers).toEqual([
      {
        userType: 'especialista',
        until: new Date(at('2030-05-21T00:00')).toISOString(),
        price: 2400,
        scholarshipPrice: null,
      },
      { userType: 'especialista', until: null, price: 3000, scholarshipPrice: null },
      { userType: 'personal_hospital', until: null, price: 0, scholarshipPrice: null },
    ]);
  });

  it('a new event opens without «sin precio»; the warning comes once the form is touched', async () => {
    render(
      <TestProviders client={testQueryClient()}>
        <EventForm events={EVENTS} onSubmit={vi.fn()} />
      </TestProviders>,
    );
    await screen.findByLabelText(/^Precio \(MXN\$, pesos\)/);
    expect(screen.queryByText(ADMIN_MSG.tierNoPrice)).toBeNull();
    set(screen.getAllByLabelText(/^Nombre/)[0]!, 'Simposio de ecocardiografía');
    expect(await screen.findByText(ADMIN_MSG.tierNoPrice)).toBeVisible();
  });

  it('shows the shared check while typing and does not save a faulty schedule', async () => {
    const { onSubmit } = setup();
    const [early, full] = rows().map((r) => within(r));

    set(full!.getByLabelText(/^Hasta/), '2030-05-15T23:59');
    expect(await screen.findByText(ADMIN_MSG.tierOverlap)).toBeVisible();
    await save();
    expect(onSubmit).not.toHaveBeenCalled();
    set(full!.getByLabelText(/^Hasta/), '');
    await waitFor(() => expect(screen.queryByText(ADMIN_MSG.tierOverlap)).toBeNull());

    set(early!.getByLabelText(/^Con beca/), '-100');
    expect(await screen.findByText(ADMIN_MSG.tierNegative)).toBeVisible();
    set(early!.getByLabelText(/^Con beca/), '');

    // No base price and no General step without an end: the event would have no price.
    set(screen.getByLabelText(/^Precio \(MXN\$, pesos\)/), '');
    expect(await screen.findByText(ADMIN_MSG.tierNoPrice)).toBeVisible();
    await save();
    expect(onSubmit).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Agregar cuota' }));
    set(within(rows()[3]!).getByLabelText(/^Precio/), '3200');
    await waitFor(() => expect(screen.queryByText(ADMIN_MSG.tierNoPrice)).toBeNull());

    set(within(rows()[3]!).getByLabelText(/^Precio/), 'mucho');
    await save();
    expect(await screen.findByText(ADMIN_MSG.tierPriceInvalid)).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();
    set(within(rows()[3]!).getByLabelText(/^Precio/), '3200');
    await save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ price: null });
    expect(onSubmit.mock.calls[0]![0].tiers).toContainEqual({
      userType: 'general',
      until: null,
      price: 3200,
      scholarshipPrice: null,
    });
  });

  it('says when there are no tiers', () => {
    setup({ ...COURSE, tiers: [] });
    expect(screen.getByText('Sin cuotas: todos pagan el precio del evento.')).toBeVisible();
  });
});
