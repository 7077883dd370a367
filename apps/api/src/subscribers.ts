// Who follows the order lifecycle's events (docs/lifecycle.md → Events), installed once by
// buildApp. The lifecycle imports none of these modules; this file, at the top of the
// import order, is where they meet.

import { subscribe } from './modules/lifecycle/events';
import { invoiceSubscriber } from './modules/invoices/subscriber';
import { orderMailSubscriber } from './modules/orders/subscriber';
import { waitlistSubscriber } from './modules/waitlist/subscriber';

/** In this order: the e-mail of a paid order, then its CFDI, then the waiting list. */
export const LIFECYCLE_SUBSCRIBERS = [orderMailSubscriber, invoiceSubscriber, waitlistSubscriber];

export function installLifecycleSubscribers(): void {
  for (const s of LIFECYCLE_SUBSCRIBERS) subscribe(s);
}
