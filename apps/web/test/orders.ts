// Test-only builders of orders as order/userorders returns them (imported by *.test.tsx files).
import type { Order, OrderItem } from '@store/shared/schemas/order';

export function testOrderItem(over: Partial<OrderItem> = {}): OrderItem {
  return {
    _id: 'curso',
    name: 'Curso',
    price: 3000,
    image: [],
    category: 'Conferencias',
    subCategory: 'Avanzado',
    isPresential: false,
    days: ['Jueves', 'Viernes', 'Sábado'],
    quantity: 1,
    ...over,
  };
}

/** A paid free claim of the course, unless told otherwise. */
export function testOrder(over: Partial<Order> = {}): Order {
  return {
    _id: 'orden-1',
    items: [testOrderItem()],
    subtotal: 9000,
    discount: 9000,
    fee: 0,
    amount: 0,
    status: 'pagado',
    payment: true,
    paymentMethod: 'free',
    date: 0,
    address: {
      firstName: 'Ana',
      lastName: 'Ruiz',
      email: 'ana@ejemplo.mx',
      street: 'x',
      city: 'x',
      state: '',
      zipcode: '14080',
      country: 'México',
      phone: '5555555555',
    },
    couponCode: 'GRATIS100',
    paymentReference: null,
    ...over,
  };
}
