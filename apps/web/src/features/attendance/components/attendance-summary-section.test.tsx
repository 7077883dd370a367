// "Tu asistencia": each day says what counted and why, and the event where its constancia stands.
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyAttendanceEvent } from '@store/shared/schemas/attendance';
import { stubApi, testQueryClient, TestProviders } from '../../../../test/providers';
import { setToken } from '../../../lib/auth-token';
import { AttendanceSummarySection } from './attendance-summary-section';

const event: MyAttendanceEvent = {
  productId: 'p1',
  eventName: 'Curso de Ecocardiografía',
  attendancePercent: 80,
  status: 'por_emitir',
  folio: null,
  days: [
    {
      label: 'Jueves',
      startsAt: Date.UTC(2027, 0, 14, 15),
      checkedInAt: null,
      correctionReason: null,
      verdict: {
        counts: false,
        reason: 'insuficiente',
        watchedMinutes: 312,
        lengthMinutes: 360,
        requiredMinutes: 324,
      },
    },
    {
      label: 'Viernes',
      startsAt: Date.UTC(2027, 0, 15, 15),
      checkedInAt: Date.UTC(2027, 0, 15, 14, 55),
      correctionReason: null,
      verdict: {
        counts: true,
        reason: 'puerta',
        watchedMinutes: 0,
        lengthMinutes: 360,
        requiredMinutes: 324,
      },
    },
    {
      label: 'Sábado',
      startsAt: Date.UTC(2027, 0, 16, 15),
      checkedInAt: null,
      correctionReason: 'Firmó la lista en papel',
      verdict: {
        counts: true,
        reason: 'correccion',
        watchedMinutes: 10,
        lengthMinutes: 360,
        requiredMinutes: 324,
      },
    },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
  setToken(null);
});

describe('AttendanceSummarySection', () => {
  it('explains every day and says the constancia is on its way', async () => {
    setToken('t');
    stubApi({ '/api/attendance/summary': () => ({ success: true, events: [event] }) });
    render(
      <TestProviders client={testQueryClient()}>
        <AttendanceSummarySection />
      </TestProviders>,
    );
    const days = await screen.findByRole('list', { name: 'Días de Curso de Ecocardiografía' });
    const [thu, fri, sat] = within(days).getAllByRole('listitem');
    expect(thu).toHaveTextContent('312 de 360 min; se necesitan 324');
    expect(fri).toHaveTextContent('Cuenta: registro en puerta a las 8:55');
    expect(sat).toHaveTextContent('Cuenta por corrección del personal: Firmó la lista en papel');
    expect(screen.getByText('Constancia en camino')).toBeInTheDocument();
    expect(
      screen.getByText(/tu constancia se emite y se envía por correo en unos minutos/),
    ).toBeInTheDocument();
  });

  it('shows nothing without a started event', async () => {
    setToken('t');
    stubApi({ '/api/attendance/summary': () => ({ success: true, events: [] }) });
    const { container } = render(
      <TestProviders client={testQueryClient()}>
        <AttendanceSummarySection />
      </TestProviders>,
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('#attendance-title')).toBeNull();
  });
});
