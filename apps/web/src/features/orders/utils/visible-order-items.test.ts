// Which orders "Mis Productos" lists: paid, refunded and cancelled-after-payment ones and
// pending payments; never a payment attempt that was cancelled before anything was paid.
import { describe, expect, it } from 'vitest';
import { testOrder, testOrderItem } from '../../../../test/orders';
import { visibleOrderItems } from './visible-order-items';

const ids = (orders: Parameters<typeof visibleOrderItems>[0]) =>
  visibleOrderItems(orders).map((e) => `${e.order._id}/${e.item._id}`);

describe('visibleOrderItems', () => {
  it('lists every item of a paid order, in the given order', () => {
    const paid = testOrder({
      _id: 'a',
      items: [testOrderItem({ _id: 'curso' }), testOrderItem({ _id: 'taller' })],
    });
    expect(ids([paid])).toEqual(['a/curso', 'a/taller']);
  });

  it('hides a PayPal attempt cancelled before it was paid', () => {
    const attempt = testOrder({
      _id: 'intento',
      status: 'cancelado',
      payment: false,
      paymentMethod: 'paypal',
    });
    const paid = testOrder({ _id: 'pagada' });
    expect(ids([attempt, paid])).toEqual(['pagada/curso']);
    expect(ids([attempt])).toEqual([]);
  });

  it('keeps what was paid and then cancelled or refunded, so the customer sees why access ended', () => {
    const cancelled = testOrder({ _id: 'cancelada', status: 'cancelado', payment: true });
    const refunded = testOrder({ _id: 'reembolsada', status: 'reembolsado', payment: true });
    expect(ids([cancelled, refunded])).toEqual(['cancelada/curso', 'reembolsada/curso']);
  });

  it('lists a pending payment unless all its days are already paid in another order', () => {
    const pending = testOrder({
      _id: 'pendiente',
      status: 'pendiente',
      payment: false,
      items: [
        testOrderItem({ _id: 'curso', days: ['Jueves'] }),
        testOrderItem({ _id: 'taller', days: ['Viernes'] }),
      ],
    });
    expect(ids([pending])).toEqual(['pendiente/curso', 'pendiente/taller']);

    const paidThursday = testOrder({
      _id: 'pagada',
      items: [testOrderItem({ _id: 'curso', days: ['Jueves'] })],
    });
    expect(ids([pending, paidThursday])).toEqual(['pendiente/taller', 'pagada/curso']);

    // A refund does not count as owning the day: the pending retry stays visible.
    const refunded = testOrder({ ...paidThursday, _id: 'reembolsada', status: 'reembolsado' });
    expect(ids([pending, refunded])).toEqual(['pendiente/curso', 'pendiente/taller', 'reembolsada/curso']);
  });
});
