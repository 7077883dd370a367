// Who follows the order lifecycle's events (docs/lifecycle.md → Events), installed once by
// buildApp with the e-mail settings of its config. The lifecycle imports none of these modules;
// this file, at the top of the import order, is where they meet.

import { constanciaSubscriber } from './modules/attendance/autopilot';
import { subscribe, type Subscriber } from './modules/lifecycle/events';
import { invoiceSubscriber } from './modules/invoices/subscriber';
import type { MailSettings } from './modules/mail/settings';
import { confirmationFiles, orderMailSubscriber } from './modules/orders/subscriber';
import { registerLateAttachments } from './modules/mail/late-attachments';
import { CONFIRMATION_FILES } from './modules/mail/order-confirmation';
import { waitlistSubscriber } from './modules/waitlist/subscriber';

/**
 * In this order: the e-mail of a paid order, then its CFDI, then the waiting list, then the
 * constancias a refund, cancellation or move revokes.
 */
export function lifecycleSubscribers(mail: MailSettings): Subscriber[] {
  return [orderMailSubscriber(mail), invoiceSubscriber, waitlistSubscriber(mail), constanciaSubscriber(mail)];
}

export function installLifecycleSubscribers(mail: MailSettings): void {
  for (const s of lifecycleSubscribers(mail)) subscribe(s);
  // The confirmation's tickets and receipt are made when it is sent (docs/on-sale.md).
  registerLateAttachments(CONFIRMATION_FILES, confirmationFiles(mail));
}
