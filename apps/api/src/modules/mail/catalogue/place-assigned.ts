// To the person named for a place of a group order (docs/groups.md): what they got, the link to
// complete their registration when the event asks questions they have not answered
// (docs/questions.md) and, when the store made their account, the link to choose a password.

import type { OutgoingEmail } from '../outbox';
import type { MailSettings } from '../settings';
import { receivedDaysEmail } from '../layout';
import { registrationUrl } from './registration-reminder';

export interface PlaceAssignedData {
  to: { name: string; email: string };
  buyer: { name: string; email: string };
  productName: string;
  days: readonly { label: string; startsAt: Date }[];
  /** One of the days is in person: the place comes with a QR ticket. */
  presential: boolean;
  /** A set-password token when the account was created for the person. */
  setPasswordToken: string | null;
  tokenDays: number;
  /** The event whose registration questions the person still has to answer (docs/questions.md). */
  registrationProductId?: string | null;
}

export function placeAssignedEmail(settings: MailSettings, data: PlaceAssignedData): OutgoingEmail {
  return receivedDaysEmail(settings, {
    to: data.to,
    subject: `Tienes un lugar: ${data.productName}`,
    intro: `${data.buyer.name} (${data.buyer.email}) te asignó un lugar en:`,
    access: data.presential
      ? 'Con tu cuenta verás los días en Mis Productos, la transmisión, tu boleto con código QR para la entrada y, después de asistir, la constancia a tu nombre.'
      : 'Con tu cuenta verás los días en Mis Productos y la transmisión en vivo y, después de asistir, la constancia a tu nombre.',
    productName: data.productName,
    days: data.days,
    setPasswordToken: data.setPasswordToken,
    tokenDays: data.tokenDays,
    registrationUrl: data.registrationProductId
      ? registrationUrl(settings, data.registrationProductId)
      : null,
  });
}
