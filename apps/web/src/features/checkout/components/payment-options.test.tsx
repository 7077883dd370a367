import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PaymentMethod } from '@store/shared/constants';
import { PaymentOptions } from './payment-options';

const slots = { paypal: <p>Botones de PayPal</p> };

function setup(isFree: boolean, method: PaymentMethod = 'paypal', methods: PaymentMethod[] = ['paypal']) {
  const onMethodChange = vi.fn();
  render(
    <form>
      <PaymentOptions
        isFree={isFree}
        methods={methods}
        method={method}
        onMethodChange={onMethodChange}
        submitting={false}
        slots={slots}
      />
    </form>,
  );
  return { onMethodChange };
}

describe('PaymentOptions', () => {
  it('defaults to PayPal and shows its buttons instead of a submit button', () => {
    setup(false);
    expect(screen.getByRole('radio', { name: 'PayPal' })).toBeChecked();
    expect(screen.getByText('Botones de PayPal')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('a free order has a single Reclamar Gratis option and the RECLAMAR AHORA button', () => {
    setup(true, 'paypal');
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(1);
    expect(screen.getByRole('radio', { name: 'Reclamar Gratis' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'RECLAMAR AHORA' })).toHaveAttribute('type', 'submit');
    expect(screen.queryByText('Botones de PayPal')).not.toBeInTheDocument();
  });

  it('a non-PayPal method submits with COLOCAR ORDEN', async () => {
    const { onMethodChange } = setup(false, 'cod', ['paypal', 'cod']);
    expect(screen.getByRole('button', { name: 'COLOCAR ORDEN' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'PayPal' }));
    expect(onMethodChange).toHaveBeenCalledWith('paypal');
  });
});
