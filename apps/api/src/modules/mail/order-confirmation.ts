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
import type { Venue } from '@store/shared/schemas/product';
import { enqueueEmail, type EmailAttachment } from './outbox';
import type { MailSettings } from './settings';
import { orderConfirmationEmail } from './catalogue/order-confirmation';
import { orderCalendar } from './calendar';

export interface ConfirmationOrder {
  order: { id: string; userId: string; amountCentavos: number; items: OrderItem[]; kind?: OrderKind };
  email: string;
  name: string;
  /** When each bought day happens (current label and instants of its day option). */
  /** When each bought day happens and where (the event's current venue, when it has one). */
  schedule: {
    productId: string;
    productDayId: string;
    label: string;
    startsAt: Date;
    endsAt: Date;
    venueName?: string | null;
    venueAddress?: string | null;
    venueMapUrl?: string | null;
  }[];
}

type ScheduledDay = ConfirmationOrder['schedule'][number];

/** The venue of a scheduled day's event, or null (docs/product.md → Venue). */
function venueOfDay(d: ScheduledDay): Venue | null {
  if (!d.venueName) return null;
  return { name: d.venueName, address: d.venueAddress ?? null, mapUrl: d.venueMapUrl ?? null };
}

function venueOfItem(schedule: readonly ScheduledDay[], productId: string): Venue | null {
  const day = schedule.find((d) => d.productId === productId);
  return day ? venueOfDay(day) : null;
}

/** The kind of late attachments (late-attachments.ts) of an order's confirmation. */
export const CONFIRMATION_FILES = 'order-confirmation';

/** The in-person days of the order that get a QR ticket (none for a group order's buyer). */
function ticketDays(settings: MailSettings, found: ConfirmationOrder) {
  const { order, schedule } = found;
  if (!settings.ticketSecret || order.kind === 'grupo') return [];
  const presential = new Map(order.items.filter((i) => i.isPresential).map((i) => [i._id, i.name]));
  return schedule.flatMap((d) => {
    const name = presential.get(d.productId);
    return name === undefined ? [] : [{ ...d, productName: name }];
  });
}

/**
 * One QR ticket per in-person day (the same code as on /orders), as a PNG: made when the
 * confirmation is sent. PNG rows repeat (each module is many pixels tall), so the "up" filter in
 * grey levels gives a smaller file than zlib's own choice for a third of the time.
 */
export async function ticketAttachments(
  settings: MailSettings,
  found: ConfirmationOrder,
): Promise<EmailAttachment[]> {
  return Promise.all(
    ticketDays(settings, found).map(async (d) => ({
      filename: `Boleto ${d.productName} - ${d.label}.png`,
      contentType: 'image/png',
      content: await QRCode.toBuffer(signTicket(settings.ticketSecret!, found.order.userId, d.productDayId), {
        type: 'png',
        errorCorrectionLevel: 'M',
        margin: 2,
        width: 480,
        // pngjs's own options, passed through by qrcode (its types list only the deflate ones).
        rendererOpts: { filterType: 2, colorType: 0 } as unknown as { deflateLevel?: number },
      }),
    })),
  );
}

/**
 * Queues the confirmation in the caller's transaction. Its calendar goes with it; its tickets
 * and receipt (CONFIRMATION_FILES) are made when it is sent, from the order as it stands.
 */
export async function enqueueOrderConfirmation(
  db: Queryable,
  settings: MailSettings,
  found: ConfirmationOrder,
): Promise<void> {
  const { order, schedule } = found;
  const tickets = ticketDays(settings, found);
  // One calendar event per bought day (calendar.ts), attached as evento.ics.
  const ics = orderCalendar({
    orderId: order.id,
    ordersUrl: `${settings.publicUrl}/orders`,
    host: new URL(settings.publicUrl).hostname,
    days: schedule.flatMap((d) => {
      const item = order.items.find((i) => i._id === d.productId);
      return item
        ? [{ ...d, productName: item.name, isPresential: item.isPresential, venue: venueOfDay(d) }]
        : [];
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
      venue: venueOfItem(schedule, i._id),
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
    ],
    attachLater: { kind: CONFIRMATION_FILES, key: order.id },
  });
}
