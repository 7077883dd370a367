// E-mails after the sale (docs/after-sale.md): the confirmation of a cancellation, with
// what was cancelled and what PayPal gives back; the reminders before each bought day. Enqueued in the caller's transaction, so
// it goes out if and only if the cancellation commits; its dedupe key (the refund or the
// cancellation) keeps a replay from sending it twice.

import { CURRENCY_LABEL } from '@store/shared/constants';
import { formatPrice, toPesos } from '@store/shared/domain/money';
import { orderReference } from '@store/shared/domain/order-reference';
import { formatDateLong, formatTimeRange, MX_TIME_ZONE_LABEL } from '@store/shared/domain/time';
import type { Queryable } from '../../db/client';
import { enqueueEmail } from './outbox';
import { mailSettings } from './settings';
import { brandedEmail, button, escapeHtml } from './templates';

export interface CancellationMail {
  to: string;
  name: string;
  orderId: string;
  days: { productName: string; label: string; startsAt: Date }[];
  paidCentavos: number;
  refundCentavos: number;
  /** Every day of the order is cancelled (no access left). */
  wholeOrder: boolean;
  dedupeKey: string;
}

export async function enqueueCancellationEmail(db: Queryable, data: CancellationMail): Promise<void> {
  const settings = mailSettings();
  const ref = orderReference(data.orderId);
  const ordersUrl = `${settings.publicUrl}/orders`;
  const money = (c: number) => formatPrice(toPesos(c), CURRENCY_LABEL);
  const lines = data.days.map((d) => `${d.productName} — ${d.label} (${formatDateLong(d.startsAt)})`);
  const refundText =
    data.refundCentavos > 0
      ? `Te reembolsamos ${money(data.refundCentavos)} de los ${money(data.paidCentavos)} pagados por lo cancelado (menos el cargo administrativo del 20 %). PayPal lo abona a tu método de pago en los próximos días.`
      : 'Esta compra no tuvo costo, así que no hay reembolso.';
  const accessText = data.wholeOrder
    ? 'Tu acceso a esta orden terminó y liberamos tus lugares.'
    : 'Tu acceso a los días cancelados terminó; conservas el resto de tu compra.';
  await enqueueEmail(db, {
    ...brandedEmail(settings, {
      to: data.to,
      subject: `Cancelación de tu compra (orden ${ref})`,
      html: `<p>Hola ${escapeHtml(data.name)}:</p>
<p>Cancelamos lo siguiente de tu orden <strong>${escapeHtml(ref)}</strong>:</p>
<ul style="padding-left:20px">${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>
<p>${escapeHtml(refundText)}</p>
<p>${escapeHtml(accessText)}</p>
${button(ordersUrl, 'Ir a Mis Productos')}`,
      text: `Hola ${data.name}:

Cancelamos lo siguiente de tu orden ${ref}:
${lines.map((l) => `- ${l}`).join('\n')}

${refundText}

${accessText}
${ordersUrl}`,
    }),
    dedupeKey: data.dedupeKey,
  });
}

export interface DayReminder {
  to: string;
  name: string;
  productName: string;
  label: string;
  startsAt: Date;
  endsAt: Date;
  isPresential: boolean;
  /** 'mañana' (24 h before) or 'en una hora' (1 h before). */
  when: 'mañana' | 'en una hora';
  dedupeKey: string;
}

/** A reminder before a bought day; never the stream link (access is at /orders). */
export async function enqueueDayReminder(db: Queryable, data: DayReminder): Promise<boolean> {
  const settings = mailSettings();
  const ordersUrl = `${settings.publicUrl}/orders`;
  const schedule = `${formatDateLong(data.startsAt)}, ${formatTimeRange(data.startsAt, data.endsAt)} (${MX_TIME_ZONE_LABEL})`;
  const how = data.isPresential
    ? 'Preséntate en la sede con una identificación; tu lugar está reservado a tu nombre.'
    : 'Para ver la transmisión, entra a «Mis Productos» y pulsa «Ver transmisión».';
  return enqueueEmail(db, {
    ...brandedEmail(settings, {
      to: data.to,
      subject: `Recordatorio: ${data.productName} empieza ${data.when}`,
      html: `<p>Hola ${escapeHtml(data.name)}:</p>
<p><strong>${escapeHtml(data.productName)}</strong> (${escapeHtml(data.label)}) empieza ${escapeHtml(data.when)}: ${escapeHtml(schedule)}.</p>
<p>${escapeHtml(how)}</p>
${data.isPresential ? '' : button(ordersUrl, 'Ir a Mis Productos')}`,
      text: `Hola ${data.name}:

${data.productName} (${data.label}) empieza ${data.when}: ${schedule}.

${how}
${ordersUrl}`,
    }),
    dedupeKey: data.dedupeKey,
  });
}
