// Renders and enqueues an order's confirmation e-mail (catalogue/order-confirmation.ts) with
// its calendar and tickets in the caller's transaction (so it is sent if and only if the
// payment commits). Called by the orders' lifecycle subscriber, with the order and its buyer,
// when an order becomes paid, which happens exactly once per order.

import QRCode from 'qrcode';
import type { Queryable } from '../../db/client';
import { signTicket } from '../../lib/tickets';
import { toPesos } from '@store/shared/domain/money';
import type { OrderKind } from '@store/shared/constants';
import type { OrderItem } from '@store/shared/schemas/order';
import { enqueueEmail, type EmailAttachment } from './outbox';
import type { MailSettings } from './settings';
import { orderConfirmationEmail } from './catalogue/order-confirmation';
import { orderCalendar } from './calendar';

export interface ConfirmationOrder {
  order: { id: string; userId: string; amountCentavos: number; items: OrderItem[]; kind?: OrderKind };
  email: string;
  name: string;
  /** When each bought day happens (current label and instants of its day option). */
  schedule: { productId: string; productDayId: string; label: string; startsAt: Date; endsAt: Date }[];
}

export async function enqueueOrderConfirmation(
  db: Queryable,
  settings: MailSettings,
  found: ConfirmationOrder,
  /** More files to send with it (the receipt). */
  extra: readonly EmailAttachment[] = [],
): Promise<void> {
  const { order, schedule } = found;
  // One QR ticket per in-person day (the same code as on /orders), attached as a PNG. A group
  // order's buyer holds no place: each person named for one gets the ticket in their account.
  const presential = new Map(order.items.filter((i) => i.isPresential).map((i) => [i._id, i.name]));
  const tickets =
    settings.ticketSecret && order.kind !== 'grupo'
      ? await Promise.all(
          schedule
            .filter((d) => presential.has(d.productId))
            .map(async (d) => ({
              filename: `Boleto ${presential.get(d.productId)} - ${d.label}.png`,
              contentType: 'image/png',
              content: await QRCode.toBuffer(
                signTicket(settings.ticketSecret!, order.userId, d.productDayId),
                {
                  type: 'png',
                  errorCorrectionLevel: 'M',
                  margin: 2,
                  width: 480,
                },
              ),
            })),
        )
      : [];
  // One calendar event per bought day (calendar.ts), attached as evento.ics.
  const ics = orderCalendar({
    orderId: order.id,
    ordersUrl: `${settings.publicUrl}/orders`,
    host: new URL(settings.publicUrl).hostname,
    days: schedule.flatMap((d) => {
      const item = order.items.find((i) => i._id === d.productId);
      return item ? [{ ...d, productName: item.name, isPresential: item.isPresential }] : [];
    }),
  });
  const email = orderConfirmationEmail(settings, {
    to: found.email,
    name: found.name,
    orderId: order.id,
    amount: toPesos(order.amountCentavos),
    items: order.items.map((i) => ({
      name: i.name,
      days: schedule.filter((d) => d.productId === i._id),
      isPresential: i.isPresential,
    })),
    tickets: tickets.length,
  });
  await enqueueEmail(db, {
    ...email,
    attachments: [
      {
        filename: 'evento.ics',
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: Buffer.from(ics),
      },
      ...tickets,
      ...extra,
    ],
  });
}
