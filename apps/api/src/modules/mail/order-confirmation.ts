// Renders and enqueues an order's confirmation e-mail in the caller's transaction (so it
// is sent if and only if the payment commits). Called by orders/service, with the order and
// its buyer, when an order becomes paid, which happens exactly once per order.

import type { Queryable } from '../../db/client';
import { toPesos } from '@store/shared/domain/money';
import type { OrderItem } from '@store/shared/schemas/order';
import { enqueueEmail } from './outbox';
import { mailSettings } from './settings';
import { orderConfirmationEmail } from './templates';

export interface ConfirmationOrder {
  order: { id: string; amountCentavos: number; items: OrderItem[] };
  email: string;
  name: string;
  /** When each bought day happens (current label and instants of its day option). */
  schedule: { productId: string; label: string; startsAt: Date; endsAt: Date }[];
}

export async function enqueueOrderConfirmation(db: Queryable, found: ConfirmationOrder): Promise<void> {
  const { order, schedule } = found;
  await enqueueEmail(
    db,
    orderConfirmationEmail(mailSettings(), {
      to: found.email,
      name: found.name,
      orderId: order.id,
      amount: toPesos(order.amountCentavos),
      items: order.items.map((i) => ({
        name: i.name,
        days: schedule.filter((d) => d.productId === i._id),
        isPresential: i.isPresential,
      })),
    }),
  );
}
