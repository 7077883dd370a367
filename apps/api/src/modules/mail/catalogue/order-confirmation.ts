// The order confirmation: what was bought, which days (Mexico City time), the total, how to
// watch (Mis Productos at /orders) and, for in-person days, that the QR tickets are attached.
// The attachments themselves (calendar, tickets, receipt) are added by ../order-confirmation.ts.

import { CURRENCY_LABEL } from '@store/shared/constants';
import { formatPrice } from '@store/shared/domain/money';
import { orderReference } from '@store/shared/domain/order-reference';
import { formatDateLong, formatTimeRange, MX_TIME_ZONE_LABEL } from '@store/shared/domain/time';
import type { OutgoingEmail } from '../outbox';
import type { MailSettings } from '../settings';
import { brandedEmail, button, escapeHtml } from '../layout';

export interface ConfirmationDay {
  label: string;
  startsAt: Date | number;
  endsAt: Date | number;
}

export interface ConfirmationItem {
  name: string;
  days: ConfirmationDay[];
  isPresential: boolean;
  /** Where the in-person days happen; a streamed event with a venue is hybrid. */
  venue?: { name: string; address: string | null; mapUrl: string | null } | null;
}

/** How the item is attended: «Evento presencial en …», hybrid, or the stream. */
function attendance(i: ConfirmationItem): string {
  if (!i.venue) return i.isPresential ? 'Evento presencial' : 'Transmisión en vivo';
  const place = i.venue.address ? `${i.venue.name}, ${i.venue.address}` : i.venue.name;
  return i.isPresential ? `Evento presencial en ${place}` : `Presencial en ${place} y transmisión en vivo`;
}

/** 'Jueves 29 de mayo: 29 de mayo de 2025, 9:00–18:00' (Mexico City time). */
function dayLine(d: ConfirmationDay): string {
  return `${d.label}: ${formatDateLong(d.startsAt)}, ${formatTimeRange(d.startsAt, d.endsAt)}`;
}
const ZONE_NOTE = `Los horarios están en ${MX_TIME_ZONE_LABEL}.`;

export interface OrderConfirmationData {
  to: string;
  name: string;
  orderId: string;
  /** Pesos. */
  amount: number;
  items: ConfirmationItem[];
  /** In-person tickets attached (one QR per day). */
  tickets?: number;
}

export function orderConfirmationEmail(settings: MailSettings, data: OrderConfirmationData): OutgoingEmail {
  const ordersUrl = `${settings.publicUrl}/orders`;
  const ref = orderReference(data.orderId);
  const subject = `Confirmación de tu compra (orden ${ref})`;
  const total = data.amount === 0 ? 'GRATIS' : formatPrice(data.amount, CURRENCY_LABEL);
  const hasStreams = data.items.some((i) => !i.isPresential);
  const hasPresential = data.items.some((i) => i.isPresential || i.venue);
  const venuesNamed = data.items.every((i) => !i.isPresential || i.venue);

  const htmlItems = data.items
    .map(
      (i) =>
        `<li style="margin-bottom:8px"><strong>${escapeHtml(i.name)}</strong><br>${i.days.map((d) => escapeHtml(dayLine(d))).join('<br>')}<br><span style="color:#52525b">${escapeHtml(attendance(i))}</span>${i.venue?.mapUrl ? `<br><a href="${escapeHtml(i.venue.mapUrl)}" style="color:#1d4ed8">Abrir en mapa</a>` : ''}</li>`,
    )
    .join('\n');
  const textItems = data.items
    .map(
      (i) =>
        `- ${i.name}\n${i.days.map((d) => `  ${dayLine(d)}`).join('\n')}\n  ${attendance(i)}${i.venue?.mapUrl ? `\n  Mapa: ${i.venue.mapUrl}` : ''}`,
    )
    .join('\n');
  const howToWatch = hasStreams
    ? 'Para ver las transmisiones, inicia sesión con tu cuenta, entra a «Mis Productos» y pulsa «Ver transmisión» en el evento; ahí verás el video de cada día que compraste.'
    : '';
  const presential = hasPresential
    ? `Para asistir en persona, preséntate en ${venuesNamed ? 'la sede indicada arriba' : 'la sede'} el día del evento con una identificación; tu lugar está reservado a tu nombre.${
        data.tickets
          ? ' Adjuntamos tu boleto con código QR de cada día: muéstralo en la entrada (también está en «Mis Productos»).'
          : ''
      }`
    : '';

  return brandedEmail(settings, {
    to: data.to,
    subject,
    html: `<p>Hola ${escapeHtml(data.name)}:</p>
<p>¡Gracias por tu compra! Tu orden <strong>${escapeHtml(ref)}</strong> está confirmada.</p>
<ul style="padding-left:20px">${htmlItems}</ul>
<p style="color:#52525b;font-size:13px">${escapeHtml(ZONE_NOTE)}</p>
<p><strong>Total:</strong> ${escapeHtml(total)}</p>
${howToWatch ? `<p>${escapeHtml(howToWatch)}</p>${button(ordersUrl, 'Ir a Mis Productos')}` : ''}
${presential ? `<p>${escapeHtml(presential)}</p>` : ''}
<p>Guarda este correo como comprobante.</p>`,
    text: `Hola ${data.name}:

¡Gracias por tu compra! Tu orden ${ref} está confirmada.

${textItems}
${ZONE_NOTE}

Total: ${total}
${howToWatch ? `\n${howToWatch}\n${ordersUrl}\n` : ''}${presential ? `\n${presential}\n` : ''}
Guarda este correo como comprobante.`,
  });
}
