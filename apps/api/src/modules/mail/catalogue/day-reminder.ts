// The reminder before a bought day, 24 h or 1 h ahead (docs/after-sale.md); never the stream
// link (access is at /orders).

import { formatDateLong, formatTimeRange, MX_TIME_ZONE_LABEL } from '@store/shared/domain/time';
import type { OutgoingEmail } from '../outbox';
import type { MailSettings } from '../settings';
import { brandedEmail, button, escapeHtml } from '../layout';

export interface DayReminderData {
  to: string;
  name: string;
  productName: string;
  label: string;
  startsAt: Date;
  endsAt: Date;
  isPresential: boolean;
  /** 'mañana' (24 h before) or 'en una hora' (1 h before). */
  when: 'mañana' | 'en una hora';
}

export function dayReminderEmail(settings: MailSettings, data: DayReminderData): OutgoingEmail {
  const ordersUrl = `${settings.publicUrl}/orders`;
  const schedule = `${formatDateLong(data.startsAt)}, ${formatTimeRange(data.startsAt, data.endsAt)} (${MX_TIME_ZONE_LABEL})`;
  const how = data.isPresential
    ? 'Preséntate en la sede con una identificación; tu lugar está reservado a tu nombre.'
    : 'Para ver la transmisión, entra a «Mis Productos» y pulsa «Ver transmisión».';
  return brandedEmail(settings, {
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
  });
}
