// What "Mis Productos" lists: what the customer owns or owned, not payment noise.
//
// Every PayPal attempt creates an order row (pendiente), and a closed popup or a declined
// card ends it as cancelado without ever being paid. The API's order/userorders keeps
// returning all of them (docs/product.md → API: the orders with their status and payment), because the
// record is real and other readers need it: the ownership check reads statuses, the admin
// reconciles attempts, a pending capture can still turn paid. Which of them is a "product"
// is a question of this page, so the rule lives here, beside the page, and not in the API:
//  - pagado: listed (watch / in-person);
//  - reembolsado, or cancelado after payment (payment = true): listed with their status,
//    since the customer did buy them and must see why access ended;
//  - pendiente: listed as 'Pendiente de pago' (PayPal review, cash), unless every one of
//    its days is already paid in another order (a stale attempt for something owned);
//  - cancelado and never paid: hidden, nothing was bought.
import type { Order, OrderItem } from '@store/shared/schemas/order';
import { ownedDays } from './owned-days';

export interface OrderEntry {
  order: Order;
  item: OrderItem;
}

export function visibleOrderItems(orders: readonly Order[]): OrderEntry[] {
  const entries: OrderEntry[] = [];
  for (const order of orders) {
    if (order.status === 'cancelado' && !order.payment) continue;
    for (const item of order.items) {
      if (order.status === 'pendiente') {
        const owned = ownedDays(orders, item._id);
        if (item.days.every((d) => owned.has(d))) continue;
      }
      entries.push({ order, item });
    }
  }
  return entries;
}
