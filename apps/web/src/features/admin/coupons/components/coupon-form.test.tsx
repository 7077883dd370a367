// The coupon's validity window is edited in Mexico City time, as the coupon list shows it,
// whatever the browser's zone: this file runs with the process clock in Tokyo (UTC+9).
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminCoupon } from '@store/shared/schemas/admin/coupons';
import { CouponForm } from './coupon-form';

beforeAll(() => {
  vi.stubEnv('TZ', 'Asia/Tokyo');
});
afterAll(() => {
  vi.unstubAllEnvs();
});

const coupon: AdminCoupon = {
  _id: 'c1',
  code: 'PREVENTA',
  description: '',
  discountType: 'percent',
  discountValue: 20,
  productIds: [],
  userTypes: [],
  validFrom: null,
  validUntil: Date.parse('2025-05-16T05:59:00Z'),
  maxUses: null,
  maxUsesPerUser: null,
  usedCount: 0,
  active: true,
  state: 'vigente',
  createdAt: 0,
};

describe('CouponForm validity window', () => {
  it('shows a saved end as its Mexico City wall time', () => {
    render(<CouponForm coupon={coupon} events={[]} onSubmit={vi.fn()} />);
    expect(screen.getByLabelText('Válido hasta')).toHaveValue('2025-05-15T23:59');
  });

  it('saves 2025-05-15 23:59 entered in the form as 2025-05-16T05:59:00Z', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    render(<CouponForm events={[]} onSubmit={onSubmit} />);
    await userEvent.type(screen.getByLabelText(/Código/), 'PREVENTA');
    await userEvent.type(screen.getByLabelText(/Porcentaje \(1 a 100\)/), '20');
    fireEvent.change(screen.getByLabelText('Válido hasta'), { target: { value: '2025-05-15T23:59' } });
    await userEvent.click(screen.getByRole('button', { name: 'Crear cupón' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      validFrom: null,
      validUntil: '2025-05-16T05:59:00.000Z',
    });
  });
});
