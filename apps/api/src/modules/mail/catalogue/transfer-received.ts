// To the colleague who receives a transfer (docs/after-sale.md → Transfers): what they
// received and, when the store made their account, the link to choose a password.

import type { OutgoingEmail } from '../outbox';
import type { MailSettings } from '../settings';
import { receivedDaysEmail } from '../layout';

export interface TransferReceivedData {
  from: { name: string; email: string };
  to: { name: string; email: string };
  productName: string;
  days: readonly { label: string; startsAt: Date }[];
  /** A set-password token when the account was created for the colleague. */
  setPasswordToken: string | null;
  tokenDays: number;
}

export function transferReceivedEmail(settings: MailSettings, data: TransferReceivedData): OutgoingEmail {
  return receivedDaysEmail(settings, {
    to: data.to,
    subject: `${data.from.name} te transfirió un lugar: ${data.productName}`,
    intro: `${data.from.name} (${data.from.email}) te transfirió su lugar en:`,
    access:
      'El acceso a la transmisión, tu lugar y el nombre de la constancia ahora son tuyos. Entra a Mis Productos con tu cuenta para verlo.',
    productName: data.productName,
    days: data.days,
    setPasswordToken: data.setPasswordToken,
    tokenDays: data.tokenDays,
  });
}
