// The event form's days: start and end entered in Mexico City time whatever the browser's
// zone (this file runs in Tokyo), the option text offered from the date, the next day
// prefilled, Spanish errors per field, and days put back in chronological order.
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import type { AdminEventInput } from '@store/shared/schemas/admin/events';
import { testQueryClient, TestProviders } from '../../../../../test/providers';
import { EventForm, type EventFormIntent } from './event-form';

beforeAll(() => {
  vi.stubEnv('TZ', 'Asia/Tokyo');
});
afterAll(() => {
  vi.unstubAllEnvs();
});

function setup() {
  const onSubmit = vi
    .fn<(payload: AdminEventInput, intent: EventFormIntent) => Promise<null>>()
    .mockResolvedValue(null);
  render(
    <TestProviders client={testQueryClient()}>
      <EventForm onSubmit={onSubmit} />
    </TestProviders>,
  );
  return { onSubmit };
}

const day = (n: number) => screen.getByRole('heading', { name: new RegExp(`^Día ${n}`) }).closest('li')!;
const set = (el: HTMLElement, value: string) => {
  fireEvent.change(el, { target: { value } });
  fireEvent.blur(el);
};

// Journeys through the whole form (days and fees): jsdom on a busy machine needs more than 5 s.
describe('EventForm days', { timeout: 20_000 }, () => {
  it('sends Mexico City wall times as instants and writes the option text from the date', async () => {
    const { onSubmit } = setup();
    await userEvent.type(screen.getByLabelText(/^Nombre\s*\*?$/), 'Curso de prueba');
    await userEvent.type(screen.getByLabelText(/^Precio/), '2500');
    const first = within(await waitFor(() => day(1)));
    set(first.getByLabelText(/^Inicio/), '2030-05-30T09:00');
    set(first.getByLabelText(/^Fin/), '2030-05-30T18:00');
    expect(first.getByLabelText(/^Nombre del día/)).toHaveValue('Jueves 30 de mayo de 2030');
    expect(first.getByLabelText(/^Inicio/)).toHaveAccessibleDescription(/hora de la Ciudad de México/);

    // The next day comes prefilled: the following date at the same hours.
    await userEvent.click(screen.getByRole('button', { name: 'Agregar día' }));
    const second = within(day(2));
    expect(second.getByLabelText(/^Inicio/)).toHaveValue('2030-05-31T09:00');
    expect(second.getByLabelText(/^Fin/)).toHaveValue('2030-05-31T18:00');
    expect(second.getByLabelText(/^Nombre del día/)).toHaveValue('Viernes 31 de mayo de 2030');

    await userEvent.click(screen.getByRole('button', { name: 'Publicar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![1]).toBe('publish');
    expect(onSubmit.mock.calls[0]![0].days).toMatchObject([
      {
        label: 'Jueves 30 de mayo de 2030',
        startsAt: '2030-05-30T15:00:00.000Z',
        endsAt: '2030-05-31T00:00:00.000Z',
      },
      {
        label: 'Viernes 31 de mayo de 2030',
        startsAt: '2030-05-31T15:00:00.000Z',
        endsAt: '2030-06-01T00:00:00.000Z',
      },
    ]);
  });

  it('offers the text from the date when the name differs, and keeps an edited one', async () => {
    setup();
    const first = within(day(1));
    await userEvent.type(first.getByLabelText(/^Nombre del día/), 'Sede norte');
    set(first.getByLabelText(/^Inicio/), '2030-05-30T09:00');
    expect(first.getByLabelText(/^Nombre del día/)).toHaveValue('Sede norte');
    await userEvent.click(first.getByRole('button', { name: 'Usar «Jueves 30 de mayo de 2030»' }));
    expect(first.getByLabelText(/^Nombre del día/)).toHaveValue('Jueves 30 de mayo de 2030');
  });

  it('shows the Spanish message of each field', async () => {
    const { onSubmit } = setup();
    await userEvent.type(screen.getByLabelText(/^Nombre\s*\*?$/), 'Curso');
    await userEvent.type(screen.getByLabelText(/^Precio/), '0');
    const first = within(day(1));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    expect(await first.findByText(ADMIN_MSG.dayStartRequired)).toBeInTheDocument();
    expect(first.getByText(ADMIN_MSG.dayEndRequired)).toBeInTheDocument();

    set(first.getByLabelText(/^Inicio/), '2030-05-30T18:00');
    set(first.getByLabelText(/^Fin/), '2030-05-30T09:00');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    expect(await first.findByText(ADMIN_MSG.dayEndBeforeStart)).toBeInTheDocument();
    set(first.getByLabelText(/^Fin/), '2030-05-31T19:00');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    expect(await first.findByText(ADMIN_MSG.dayTooLong)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('puts days back in chronological order', async () => {
    setup();
    const first = within(day(1));
    set(first.getByLabelText(/^Inicio/), '2030-06-02T09:00');
    set(first.getByLabelText(/^Fin/), '2030-06-02T14:00');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar día' }));
    const second = within(day(2));
    set(second.getByLabelText(/^Inicio/), '2030-06-01T09:00');
    set(second.getByLabelText(/^Fin/), '2030-06-01T14:00');
    await userEvent.click(await screen.findByRole('button', { name: 'Ordenar por fecha' }));
    expect(within(day(1)).getByLabelText(/^Inicio/)).toHaveValue('2030-06-01T09:00');
    expect(within(day(2)).getByLabelText(/^Inicio/)).toHaveValue('2030-06-02T09:00');
    expect(screen.queryByRole('button', { name: 'Ordenar por fecha' })).not.toBeInTheDocument();
  });

  it('saves a new event as a draft (also with Enter) and names what publishing needs', async () => {
    const { onSubmit } = setup();
    expect(screen.getByText(/Solo el personal ve un borrador/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Guardar cambios' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Precio/), '0');
    const first = within(day(1));
    set(first.getByLabelText(/^Inicio/), '2030-05-30T09:00');
    set(first.getByLabelText(/^Fin/), '2030-05-30T18:00');
    await userEvent.type(screen.getByLabelText(/^Nombre\s*\*?$/), 'Curso en preparación{Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![1]).toBe('draft');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(2));
    expect(onSubmit.mock.calls[1]![1]).toBe('draft');
  });
});

describe('EventForm venue', { timeout: 20_000 }, () => {
  it('shows the venue errors next to their fields, then sends name, address and map', async () => {
    const { onSubmit } = setup();
    await userEvent.type(screen.getByLabelText(/^Nombre\s*\*?$/), 'Taller presencial');
    await userEvent.type(screen.getByLabelText(/^Precio/), '500');
    const first = within(day(1));
    set(first.getByLabelText(/^Inicio/), '2030-05-30T09:00');
    set(first.getByLabelText(/^Fin/), '2030-05-30T14:00');

    await userEvent.type(screen.getByLabelText(/^Dirección/), 'Juan Badiano 1, Tlalpan');
    await userEvent.type(screen.getByLabelText(/^Enlace al mapa/), 'http://maps.example.org/x');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    expect(await screen.findByText(ADMIN_MSG.venueNameRequired)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Nombre de la sede/)).toHaveAccessibleDescription(
      ADMIN_MSG.venueNameRequired,
    );
    expect(screen.getByLabelText(/^Enlace al mapa/)).toHaveAccessibleDescription(
      expect.stringContaining(ADMIN_MSG.venueMapUrlInvalid),
    );
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.type(screen.getByLabelText(/^Nombre de la sede/), 'Instituto Nacional de Cardiología');
    await userEvent.clear(screen.getByLabelText(/^Enlace al mapa/));
    await userEvent.type(screen.getByLabelText(/^Enlace al mapa/), 'https://maps.example.org/x');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar borrador' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].venue).toEqual({
      name: 'Instituto Nacional de Cardiología',
      address: 'Juan Badiano 1, Tlalpan',
      mapUrl: 'https://maps.example.org/x',
    });
  });
});
