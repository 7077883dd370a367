// The lifecycle's events (docs/lifecycle.md → Events). Each transition emits what it did
// inside its own transaction; subscribers (invoices, e-mail, the waiting list) act in that
// same transaction, so an effect and its consequences commit or roll back together. The
// lifecycle imports none of its subscribers: they are installed once, at start, by
// apps/api/src/subscribers.ts.

import type { OrderStatus } from '@store/shared/constants';
import type { Tx } from '../../db/client';

export interface LifecycleEvents {
  /** pendiente → pagado (a payment, a free claim, a cash order marked paid). */
  'order.paid': { orderId: string; at: Date };
  /**
   * Money arrived for an order that had already ended unpaid (payLate): `honoured` when its
   * seats were free again (the order is paid: 'order.paid' follows too); otherwise the whole
   * amount goes back (`refundId`; null when a person refunds it outside the store) and the
   * buyer is told.
   */
  'order.paid_late': { orderId: string; honoured: boolean; refundId: string | null };
  /**
   * A pending order's payment waits for the buyer with instructions (an OXXO voucher, SPEI
   * transfer data) kept on its payment row: the buyer gets them by e-mail.
   */
  'payment.instructions': { orderId: string };
  /** Nothing of the sale stands any more (cancelled, or refunded in full). */
  'order.ended': { orderId: string; status: OrderStatus };
  /** Some days of a paid order were cancelled or refunded (access and seat gone). */
  'days.cancelled': {
    orderId: string;
    productDayIds: readonly string[];
    /** Who ended them: the buyer by the terms, an admin, or the provider. */
    by: 'buyer' | 'admin' | 'provider';
    paidCentavos: number;
    refundCentavos: number;
    refundId: string | null;
    /** The order has no day left. */
    wholeOrder: boolean;
  };
  /** A paid day (or an event sold whole) moved to a colleague. */
  'days.transferred': {
    transferId: string;
    fromOrderId: string;
    toOrderId: string;
    productName: string;
    days: readonly { label: string; startsAt: Date }[];
    from: { name: string; email: string };
    to: { name: string; email: string };
    /** The set-password link's token of an account made for the colleague (null: had one). */
    setPasswordToken: string | null;
    tokenDays: number;
    at: Date;
  };
  /**
   * Places of a group order were given to people in one change (one person, or a list): each
   * person with every day they got and who held those places before (a reassignment).
   */
  'places.assigned': {
    orderId: string;
    /** Names the change (its e-mails' dedupe keys). */
    change: string;
    productName: string;
    buyer: { name: string; email: string };
    people: {
      userId: string;
      /** The name the buyer typed. */
      name: string;
      /** The account's own name (the typed one for an account made now). */
      accountName: string;
      email: string;
      previous: { userId: string; name: string; email: string } | null;
      days: { productDayId: string; label: string; startsAt: Date }[];
      /** One of the days is in person (a QR ticket). */
      presential: boolean;
      /** The set-password link's token of an account made for the person (null: had one). */
      setPasswordToken: string | null;
    }[];
    tokenDays: number;
    at: Date;
  };
  /** Seats of these days were given back (one entry per seat). */
  'seats.freed': { productDayIds: readonly string[]; now: Date };
  /** Money went back to the buyer (any kind of refund). */
  'refund.completed': {
    orderId: string;
    refundId: string;
    amountCentavos: number;
    /** The refund also ended every remaining day of the order. */
    endsSale: boolean;
    /** Who asked for it: the buyer by the terms, an admin, or the provider on its own (dashboard, chargeback). */
    by: 'buyer' | 'admin' | 'provider';
    /** Through the provider's refund API, or made outside the store and recorded by an admin. */
    via: 'provider' | 'outside';
    /** The day options whose access this refund ended (one entry per place ended). */
    endedProductDayIds: readonly string[];
  };
  /** An admin cancelled an order (a hold, or a paid order: access ends; money goes back only by a refund). */
  'order.cancelled_by_admin': {
    orderId: string;
    from: OrderStatus;
    /** The day options whose access or hold ended (one entry per row). */
    productDayIds: readonly string[];
  };
}

export type LifecycleEventName = keyof LifecycleEvents;
export type Handler<K extends LifecycleEventName> = (tx: Tx, event: LifecycleEvents[K]) => Promise<void>;

/** A named set of handlers, e.g. the invoices module's. */
export interface Subscriber {
  name: string;
  on: { [K in LifecycleEventName]?: Handler<K> };
}

const subscribers = new Map<string, Subscriber>();

/** Installs a subscriber (a second install of the same name replaces it). */
export function subscribe(subscriber: Subscriber): void {
  subscribers.set(subscriber.name, subscriber);
}

/** The installed subscribers and the events each one follows (docs, tests). */
export function subscriptions(): { name: string; events: LifecycleEventName[] }[] {
  return [...subscribers.values()].map((s) => ({
    name: s.name,
    events: Object.keys(s.on) as LifecycleEventName[],
  }));
}

/** Runs every handler of the event in the caller's transaction, in install order. */
export async function emit<K extends LifecycleEventName>(
  tx: Tx,
  name: K,
  event: LifecycleEvents[K],
): Promise<void> {
  for (const s of subscribers.values()) {
    const handler = s.on[name] as Handler<K> | undefined;
    if (handler) await handler(tx, event);
  }
}
