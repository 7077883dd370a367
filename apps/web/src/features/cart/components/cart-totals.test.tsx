import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CartTotals } from './cart-totals';

describe('CartTotals', () => {
  it('adds the service fee of 10 to the subtotal', () => {
    render(<CartTotals subtotal={4800} />);
    expect(screen.getByText('Precio de servicio').nextSibling).toHaveTextContent('MXN$10');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('MXN$4,810');
  });

  it('subtracts the discount', () => {
    render(<CartTotals subtotal={3000} discount={300} couponCode="DESC10" />);
    expect(screen.getByText('Descuento (DESC10)')).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('MXN$2,710');
  });

  it('shows GRATIS and a zero total when the discount covers the subtotal', () => {
    render(<CartTotals subtotal={3000} discount={3000} couponCode="GRATIS100" />);
    expect(screen.getByText('GRATIS')).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('MXN$0');
  });
});
