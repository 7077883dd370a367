// To the person who held a group order's place when the buyer names someone else for it
// (docs/groups.md).

import type { OutgoingEmail } from '../outbox';
import type { MailSettings } from '../settings';
import { brandedEmail, escapeHtml, eventDayList } from '../layout';

export interface PlaceWithdrawnData {
  to: { name: string; email: string };
  buyer: { name: string };
  productName: string;
  days: readonly { label: string; startsAt: Date }[];
}

export function placeWithdrawnEmail(settings: MailSettings, data: PlaceWithdrawnData): OutgoingEmail {
  const list = eventDayList(data.productName, data.days);
  const gone = `${data.buyer.name} reasignó a otra persona el lugar que te había asignado en:`;
  const after =
    'Ya no tienes acceso a estos días con ese lugar. Si crees que es un error, habla con quien hizo la compra.';
  return brandedEmail(settings, {
    to: data.to.email,
    subject: `Tu lugar fue reasignado: ${data.productName}`,
    html: `<p>Hola ${escapeHtml(data.to.name)}:</p>
<p>${escapeHtml(gone)}</p>
${list.html}
<p>${escapeHtml(after)}</p>`,
    text: `Hola ${data.to.name}:

${gone}
${list.text}

${after}`,
  });
}
