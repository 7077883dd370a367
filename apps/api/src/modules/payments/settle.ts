// Applies a provider's verdict (verify.ts) to our order, the same way whoever learned it:
// the browser's call, a webhook or the expiry sweep. Runs in the caller's transaction so a
// webhook's idempotency record commits together with its effect.

import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import type { HoldClosedReason } from '../../db/schema';
import {
  abandon,
  closeDuplicate,
  expire,
  holdUntil,
  pay,
  payLate,
  type OrderRow,
  type PaidPatch,
} from '../lifecycle';
import type { PaymentClients } from './clients';
import type { PaymentProviders } from './provider';
import { auditPayment } from './repo';
import type { PaymentOutcome } from './verify';

export type PaymentLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface PaymentDeps {
  db: Db;
  config: Config;
  /** The providers' API clients as configured (null when their credentials are not set). */
  clients: PaymentClients;
  /** Every way to pay (provider.ts), by the order's payment method. */
  providers: PaymentProviders;
  log: PaymentLog;
}

/**
 * How long after its creation an order whose provider said "pending" (capture in review,
 * async payment) keeps its seats. A fixed point, so asking again never moves it.
 */
export const PROVIDER_PENDING_HOLD_MS = 72 * 3600_000;
/** Past that point, the sweep looks at a still-pending provider decision this often. */
export const PROVIDER_PENDING_RECHECK_MS = 3600_000;

export interface SettleOptions {
  /** Who learned the verdict (logs and audit). */
  source: 'browser' | 'webhook' | 'expiry' | 'checkout';
  /** Provider ids stored when the order becomes paid. */
  patch?: PaidPatch;
  /**
   * Cancel only if the order is unchanged since it was read at this time (the expiry sweep:
   * a capture that started meanwhile wins). Without it: cancel if still pending.
   */
  seenAt?: Date;
  /** With seenAt: the order may still be inside its window (a new attempt replaces it). */
  stillOpen?: boolean;
  /** Cancel an order the provider has not been paid for yet (expiry). */
  cancelUnpaid?: boolean;
  now?: Date;
}

export interface SettleResult {
  /** The order is paid (by this call or an earlier one). */
  paid: boolean;
  /** This call moved it out of pendiente (paid or cancelled). */
  changed: boolean;
  /**
   * Money arrived for days the user already holds through another paid order: the order
   * stays pending and the caller must give the money back (refundDuplicate).
   */
  duplicate?: boolean;
  /** Money confirmed after the order ended and its seats were gone: this refund must be asked. */
  lateRefundId?: string | null;
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
      const result = await pay(tx, order.id, opts.patch ?? {});
      if (result.changed) {
        deps.log.info({ orderId: order.id, source: opts.source }, 'pago confirmado');
        return { paid: true, changed: true };
      }
      if (result.order?.status === 'pagado') return { paid: true, changed: false };
      if (result.duplicate) {
        deps.log.warn({ orderId: order.id, source: opts.source }, 'pago de días que el cliente ya tiene');
        // Money goes back through the provider's refund API (its code, outside this transaction).
        if (deps.providers[order.paymentMethod].returnsDuplicates) {
          return { paid: false, changed: false, duplicate: true };
        }
        // Other providers: the order is closed and a person refunds it from the audit entry.
        const closed = await closeDuplicate(tx, order.id, {
          refunded: null,
          patch: opts.patch ?? {},
        });
        await auditPayment(tx, {
          action: 'payment.duplicate_needs_refund',
          orderId: order.id,
          details: { source: opts.source, ...opts.patch },
        });
        return { paid: false, changed: closed.changed };
      }
      // Money confirmed after the order ended unpaid: seats free again → paid; else refunded.
      if (result.order?.status === 'cancelado' && deps.providers[order.paymentMethod].honoursLatePayment) {
        const refundOnline = deps.providers[order.paymentMethod].refundsOnline(order, null);
        const late = await payLate(tx, order.id, opts.patch ?? {}, { refundOnline });
        if (late.changed) {
          await auditPayment(tx, {
            action:
              late.outcome === 'honoured'
                ? 'payment.late_honoured'
                : late.outcome === 'refunding'
                  ? 'payment.late_refunded'
                  : 'payment.late_needs_refund',
            orderId: order.id,
            details: { source: opts.source, refundId: late.refund?.id ?? null, ...opts.patch },
          });
          deps.log.warn(
            { orderId: order.id, outcome: late.outcome },
            'pago recibido después del vencimiento',
          );
          return { paid: late.outcome === 'honoured', changed: true, lateRefundId: late.refund?.id ?? null };
        }
        if (late.order?.status === 'pagado') return { paid: true, changed: false };
        if (late.order?.payment) return { paid: false, changed: false };
      }
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
    case 'pending': {
      // The provider holds money it has not released: keep the seats until a fixed point
      // after the order was made; past it, the sweep keeps asking, less often.
      const fixed = order.createdAt.getTime() + PROVIDER_PENDING_HOLD_MS;
      const until =
        opts.source === 'expiry' ? Math.max(fixed, now.getTime() + PROVIDER_PENDING_RECHECK_MS) : fixed;
      await holdUntil(tx, order.id, new Date(until));
      deps.log.warn({ orderId: order.id, reason: outcome.reason }, 'pago pendiente en el proveedor');
      return { paid: false, changed: false };
    }
    case 'unpaid':
      if (!opts.cancelUnpaid) return { paid: false, changed: false };
      return {
        paid: false,
        changed: await cancelGuarded(tx, order, opts.source === 'expiry' ? 'expirado' : 'reemplazado', opts),
      };
    case 'failed':
      return {
        paid: false,
        changed: await cancelGuarded(tx, order, opts.source === 'expiry' ? 'expirado' : 'rechazado', opts),
      };
    case 'mismatch': {
      await auditPayment(tx, {
        action: 'payment.mismatch',
        orderId: order.id,
        details: { reason: outcome.reason, source: opts.source, ...opts.patch },
      });
      deps.log.error({ orderId: order.id, reason: outcome.reason }, 'el cobro no coincide con la orden');
      return { paid: false, changed: await cancelGuarded(tx, order, 'rechazado', opts) };
    }
  }
}

/**
 * Ends a pending order (seats and coupon back, the waiting list told) unless something moved
 * it meanwhile; `reason` is what the renewal rule of holds reads (docs/lifecycle.md → Holds).
 */
export async function cancelGuarded(
  tx: Tx,
  order: OrderRow,
  reason: HoldClosedReason,
  opts: Pick<SettleOptions, 'seenAt' | 'stillOpen' | 'now'> = {},
): Promise<boolean> {
  return reason === 'expirado' ? expire(tx, order.id, opts) : abandon(tx, order.id, reason, opts);
}

/**
 * A pending order met by a new attempt that no provider can speak for (no provider attempt
 * was made, or its provider is no longer configured): the same attempt keeps it; otherwise
 * nobody can pay it any more and it is cancelled unless something moved it meanwhile.
 */
export async function reconcileUnreachable(
  deps: PaymentDeps,
  order: OrderRow,
  opts: { keep: boolean },
): Promise<'payable' | 'settled'> {
  if (opts.keep) return 'payable';
  deps.log.warn({ orderId: order.id }, 'orden pendiente de un proveedor sin configurar: se cancela');
  await deps.db.transaction((tx) =>
    cancelGuarded(tx, order, 'reemplazado', { seenAt: order.updatedAt, stillOpen: true }),
  );
  return 'settled';
}
