import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testOrder } from '../../../../test/orders';
import { DayStatus } from './day-status';

const HOUR = 3_600_000;
const now = Date.UTC(2027, 0, 7, 15, 0);

function show(times: { startsAt: number; endsAt: number } | undefined, over = {}) {
  const order = testOrder({ status: 'pagado', ...over });
  render(<DayStatus order={order} productId="p1" day="Día 1" times={times} now={now} />);
}

describe('DayStatus', () => {
  it('says En vivo while the day happens', () => {
    show({ startsAt: now - HOUR, endsAt: now + HOUR });
    expect(screen.getByText('En vivo')).toBeInTheDocument();
  });

  it('counts down before it starts', () => {
    show({ startsAt: now + 3 * 24 * HOUR, endsAt: now + 3 * 24 * HOUR + HOUR });
    expect(screen.getByText('· Empieza en 3 días')).toBeInTheDocument();
  });

  it('says Finalizado once it ended', () => {
    show({ startsAt: now - 3 * HOUR, endsAt: now - HOUR });
    expect(screen.getByText('· Finalizado')).toBeInTheDocument();
  });

  it('says Cancelado for a day cancelled on its own', () => {
    show(
      { startsAt: now + HOUR, endsAt: now + 2 * HOUR },
      { dayStatuses: [{ productId: 'p1', day: 'Día 1', status: 'cancelado' }] },
    );
    expect(screen.getByText('· Cancelado')).toBeInTheDocument();
  });

  it('says to whom a day was transferred', () => {
    show(
      { startsAt: now + HOUR, endsAt: now + 2 * HOUR },
      {
        dayStatuses: [
          {
            productId: 'p1',
            day: 'Día 1',
            status: 'transferido',
            transferredTo: { name: 'ANA PEREZ', email: 'ana@prueba.mx' },
          },
        ],
      },
    );
    expect(screen.getByText('· Transferido a ANA PEREZ (ana@prueba.mx)')).toBeInTheDocument();
  });

  it('shows nothing for orders that are not paid', () => {
    const { container } = render(
      <DayStatus
        order={testOrder({ status: 'reembolsado' })}
        productId="p1"
        day="Día 1"
        times={{ startsAt: now - HOUR, endsAt: now + HOUR }}
        now={now}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
