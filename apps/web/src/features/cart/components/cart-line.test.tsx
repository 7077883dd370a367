import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Product } from '@store/shared/schemas/product';
import { CartLine } from './cart-line';

const product: Product = {
  _id: 'p1',
  name: 'Panel de coagulación',
  description: '',
  price: 800,
  image: ['/covers/x.svg'],
  category: 'Paneles',
  subCategory: 'Intermedio',
  days: ['Miércoles'],
  dayOptions: [],
  isPresential: false,
  date: 0,
  startsAt: 0,
  endsAt: 1,
  saleMode: 'por_dia',
  tiers: [],
  requires: null,
  venue: null,
};

function setup() {
  const onQuantityChange = vi.fn();
  render(
    <MemoryRouter>
      <ul>
        <CartLine product={product} day="Miércoles" quantity={1} onQuantityChange={onQuantityChange} />
      </ul>
    </MemoryRouter>,
  );
  const input = screen.getByRole('spinbutton', { name: /Cantidad de Panel de coagulación/ });
  return { onQuantityChange, input };
}

describe('CartLine', () => {
  it('shows the name, price and chosen day', () => {
    setup();
    expect(screen.getByRole('link', { name: 'Panel de coagulación' })).toBeInTheDocument();
    expect(screen.getByText('MXN$800')).toBeInTheDocument();
    expect(screen.getByText('Miércoles')).toBeInTheDocument();
  });

  it('quantity input: min 1, max 1; empty and 0 are ignored and restored on blur', () => {
    const { onQuantityChange, input } = setup();
    expect(input).toHaveAttribute('min', '1');
    expect(input).toHaveAttribute('max', '1');
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.change(input, { target: { value: '0' } });
    expect(onQuantityChange).not.toHaveBeenCalled();
    fireEvent.blur(input);
    expect(input).toHaveValue(1);
    fireEvent.change(input, { target: { value: '7' } });
    expect(onQuantityChange).not.toHaveBeenCalled();
    expect(input).toHaveValue(1);
  });

  it('the delete icon sets the quantity to 0', async () => {
    const { onQuantityChange } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar Panel de coagulación, Miércoles' }));
    expect(onQuantityChange).toHaveBeenCalledWith(0);
  });

  it('marks an ended day and lets it only be removed', async () => {
    const onQuantityChange = vi.fn();
    render(
      <MemoryRouter>
        <ul>
          <CartLine
            product={product}
            day="Miércoles"
            quantity={1}
            ended
            onQuantityChange={onQuantityChange}
          />
        </ul>
      </MemoryRouter>,
    );
    expect(screen.getByText('Finalizado')).toBeInTheDocument();
    expect(screen.getByText(/Este día ya terminó/)).toBeInTheDocument();
    expect(screen.getByRole('spinbutton', { name: /Cantidad de Panel de coagulación/ })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Eliminar Panel de coagulación, Miércoles' }));
    expect(onQuantityChange).toHaveBeenCalledWith(0);
  });
});
