import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../../lib/auth-token';
import { testOrder } from '../../../../test/orders';
import { TestProviders, testQueryClient } from '../../../../test/providers';
import { CalendarButton } from './calendar-button';

const saveFile = vi.hoisted(() => vi.fn());
vi.mock('../../../lib/save-file', () => ({ saveFile }));

afterEach(() => {
  act(() => setToken(null));
  vi.unstubAllGlobals();
  saveFile.mockReset();
});

function renderButton(status: 'pagado' | 'pendiente' | 'reembolso_parcial') {
  const order = testOrder({ status });
  render(
    <TestProviders client={testQueryClient()} path="/orders">
      <CalendarButton order={order} />
    </TestProviders>,
  );
  return order;
}

describe('CalendarButton', () => {
  it("downloads the paid order's .ics through its authorised route", async () => {
    act(() => setToken('sesion'));
    const fetchMock = vi.fn(
      async () =>
        new Response('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', {
          status: 200,
          headers: {
            'Content-Type': 'text/calendar',
            'Content-Disposition': 'attachment; filename="evento-A1.ics"',
          },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const order = renderButton('pagado');
    await userEvent.click(screen.getByRole('button', { name: 'Agregar a mi calendario' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledTimes(1));
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toContain(`/api/order/${order._id}/calendar`);
    expect(saveFile.mock.calls[0]![0]).toMatchObject({ filename: 'evento-A1.ics' });
  });

  it('is offered for paid days only', () => {
    renderButton('pendiente');
    expect(screen.queryByRole('button', { name: 'Agregar a mi calendario' })).toBeNull();
  });
});
