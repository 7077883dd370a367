import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testOrder } from '../../../../test/orders';
import { TestProviders, testQueryClient } from '../../../../test/providers';
import { CancelOrderButton } from './cancel-order';
import { RefundNote } from './refund-note';

const june3 = Date.UTC(2027, 5, 3, 18, 0);

describe('RefundNote', () => {
  it('lists each refund with its amount and date, and one still in flight', () => {
    render(
      <RefundNote
        order={testOrder({
          status: 'pagado',
          refunds: [
            { amount: 99, status: 'fallido', date: june3 },
            { amount: 500, status: 'completado', date: june3 },
            { amount: 1408, status: 'pendiente', date: june3 },
          ],
        })}
      />,
    );
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      'Reembolsado: MXN$500 el 3 de junio de 2027',
      'Reembolso en proceso: MXN$1,408 (solicitado el 3 de junio de 2027)',
    ]);
  });

  it('says so when the latest refund failed at PayPal, and not once a later one replaced it', () => {
    const failed = { amount: 800, status: 'fallido' as const, date: june3 };
    const first = render(<RefundNote order={testOrder({ status: 'pagado', refunds: [failed] })} />);
    expect(screen.getByRole('listitem').textContent).toBe(
      'Reembolso no realizado: MXN$800 (3 de junio de 2027). PayPal no pudo devolverlo; conservas tu acceso. Escríbenos para ayudarte.',
    );
    first.unmount();
    render(
      <RefundNote
        order={testOrder({
          status: 'reembolso_parcial',
          refunds: [failed, { amount: 800, status: 'completado', date: june3 }],
        })}
      />,
    );
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Reembolsado: MXN$800 el 3 de junio de 2027',
    ]);
  });

  it('says nothing when nothing went back', () => {
    const { container } = render(<RefundNote order={testOrder({ status: 'pagado', refunds: [] })} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('CancelOrderButton', () => {
  it('shows only while the server says something can be cancelled', () => {
    const first = render(
      <TestProviders client={testQueryClient()}>
        <CancelOrderButton order={testOrder({ status: 'pagado', cancellable: true })} />
      </TestProviders>,
    );
    expect(screen.getByRole('button', { name: 'Cancelar compra' })).toBeInTheDocument();
    first.unmount();
    render(
      <TestProviders client={testQueryClient()}>
        <CancelOrderButton order={testOrder({ status: 'pagado', cancellable: false })} />
      </TestProviders>,
    );
    expect(screen.queryByRole('button', { name: 'Cancelar compra' })).not.toBeInTheDocument();
  });
});
