// Renders and enqueues an order's confirmation e-mail in the caller's transaction (so it
// is sent if and only if the payment commits). Called by orders/service when an order
// becomes paid, which happens exactly once per order.

import type { Queryable } from '../../db/client';
import { toPesos } from '@store/shared/domain/money';
import { enqueueEmail } from './outbox';
import { findOrderDaySchedule, findOrderForConfirmation } from './repo';
import { mailSettings } from './settings';
import { orderConfirmationEmail } from './templates';

export async function enqueueOrderConfirmation(db: Queryable, orderId: string): Promise<void> {
  const found = await findOrderForConfirmation(db, orderId);
  if (!found) return;
  const { order } = found;
  const schedule = await findOrderDaySchedule(db, orderId);
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
