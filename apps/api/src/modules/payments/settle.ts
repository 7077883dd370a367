// Applies a provider's verdict (verify.ts) to our order, the same way whoever learned it:
// the browser's call, a webhook or the expiry sweep. Runs in the caller's transaction so a
// webhook's idempotency record commits together with its effect.

import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { cancelOrder, markOrderPaid, type OrderRow, type PaidPatch } from '../orders/service';
import type { PaymentProviders } from './providers';
import { auditPayment, extendExpiry, lockForExpiry, lockPending } from './repo';
import type { PaymentOutcome } from './verify';

export type PaymentLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface PaymentDeps {
  db: Db;
  config: Config;
  providers: PaymentProviders;
  log: PaymentLog;
}

/** How long a provider that said "pending" (capture in review, async payment) keeps the seats. */
export const PROVIDER_PENDING_HOLD_MS = 72 * 3600_000;

export interface SettleOptions {
  /** Who learned the verdict (logs and audit). */
  source: 'browser' | 'webhook' | 'expiry';
  /** Provider ids stored when the order becomes paid. */
  patch?: PaidPatch;
  /**
   * Cancel only if the order is unchanged since it was read at this time (the expiry sweep:
   * a capture that started meanwhile wins). Without it: cancel if still pending.
   */
  seenAt?: Date;
  /** Cancel an order the provider has not been paid for yet (expiry). */
  cancelUnpaid?: boolean;
  now?: Date;
}

export interface SettleResult {
  /** The order is paid (by this call or an earlier one). */
  paid: boolean;
  /** This call moved it out of pendiente (paid or cancelled). */
  changed: boolean;
}

export async function settle(
  tx: Tx,
  deps: PaymentDeps,
  order: OrderRow,
  outcome: PaymentOutcome,
  opts: SettleOptions,
): Promise<SettleResult> {
  const now = opts.now ?? new Date();
  switch (outcome.kind) {
    case 'paid': {
      const result = await markOrderPaid(tx, order.id, opts.patch ?? {});
      if (result.changed) {
        deps.log.info({ orderId: order.id, source: opts.source }, 'pago confirmado');
        return { paid: true, changed: true };
      }
      if (result.order?.status === 'pagado') return { paid: true, changed: false };
      // Money arrived for an order we already closed: a person must refund or re-grant it.
      await auditPayment(tx, {
        action: 'payment.received_for_closed_order',
        orderId: order.id,
        details: { status: result.order?.status ?? null, source: opts.source, ...opts.patch },
      });
      deps.log.error(
        { orderId: order.id, status: result.order?.status },
        'pago recibido para una orden cerrada',
      );
      return { paid: false, changed: false };
    }
    case 'pending':
      await extendExpiry(tx, order.id, new Date(now.getTime() + PROVIDER_PENDING_HOLD_MS));
      deps.log.warn({ orderId: order.id, reason: outcome.reason }, 'pago pendiente en el proveedor');
      return { paid: false, changed: false };
    case 'unpaid':
      if (!opts.cancelUnpaid) return { paid: false, changed: false };
      return { paid: false, changed: await cancelGuarded(tx, order, opts) };
    case 'failed':
      return { paid: false, changed: await cancelGuarded(tx, order, opts) };
    case 'mismatch': {
      await auditPayment(tx, {
        action: 'payment.mismatch',
        orderId: order.id,
        details: { reason: outcome.reason, source: opts.source, ...opts.patch },
      });
      deps.log.error({ orderId: order.id, reason: outcome.reason }, 'el cobro no coincide con la orden');
      return { paid: false, changed: await cancelGuarded(tx, order, opts) };
    }
  }
}

/** Cancels a pending order (seats and coupon back) unless something moved it meanwhile. */
export async function cancelGuarded(
  tx: Tx,
  order: OrderRow,
  opts: Pick<SettleOptions, 'seenAt' | 'now'> = {},
): Promise<boolean> {
  const locked = opts.seenAt
    ? await lockForExpiry(tx, order.id, opts.seenAt, opts.now ?? new Date())
    : await lockPending(tx, order.id);
  if (!locked) return false;
  return (await cancelOrder(tx, order.id, { status: 'cancelado' })).changed;
}
