import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SERVICE_FEE_CENTAVOS } from '@store/shared/constants';
import { formatPrice, toPesos } from '@store/shared/domain/money';
import { CartTotals } from './cart-totals';

const FEE = toPesos(SERVICE_FEE_CENTAVOS);

describe('CartTotals', () => {
  it('adds the service fee to the subtotal', () => {
    render(<CartTotals subtotal={4800} />);
    expect(screen.getByText('Precio de servicio').nextSibling).toHaveTextContent(formatPrice(FEE));
    expect(screen.getByTestId('cart-total')).toHaveTextContent(formatPrice(4800 + FEE));
  });

  it('subtracts the discount', () => {
    render(<CartTotals subtotal={3000} discount={300} couponCode="DESC10" />);
    expect(screen.getByText('Descuento (DESC10)')).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent(formatPrice(2700 + FEE));
  });

  it('shows GRATIS and a zero total when the discount covers the subtotal', () => {
    render(<CartTotals subtotal={3000} discount={3000} couponCode="GRATIS100" />);
    expect(screen.getByText('GRATIS')).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('MXN$0');
  });
});
