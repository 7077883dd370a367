// The pending-order expiry sweep (the `payments.expiry` job of jobs.ts). Before an expired order gives its
// seats back we ask its provider (settleExpired): money PayPal or Stripe already took pays the order (the
// browser may have gone away; money for days the user already holds is refunded), a capture
// still in review keeps it, and only an order that was never paid is cancelled. Cash orders
// (CASH_ORDER_TTL_HOURS) are cancelled. An order we cannot check (provider unreachable) waits.

import { findExpiredPending, findPayment, type OrderRow } from '../lifecycle';
import { cancelGuarded, type PaymentDeps, type SettleResult } from './settle';

export interface SweepResult {
  paid: number;
  cancelled: number;
  /** Left for the next round (provider unreachable, still in review). */
  kept: number;
}

export async function sweepExpiredOrders(deps: PaymentDeps, now = new Date()): Promise<SweepResult> {
  const result: SweepResult = { paid: 0, cancelled: 0, kept: 0 };
  for (const order of await findExpiredPending(deps.db, now)) {
    try {
      const r = await sweepOne(deps, order, now);
      if (r === 'paid') result.paid += 1;
      else if (r === 'cancelled') result.cancelled += 1;
      else result.kept += 1;
    } catch (err) {
      result.kept += 1;
      deps.log.warn({ err, orderId: order.id }, 'no se pudo revisar una orden vencida; se reintenta luego');
    }
  }
  return result;
}

async function sweepOne(
  deps: PaymentDeps,
  order: OrderRow,
  now: Date,
): Promise<'paid' | 'cancelled' | 'kept'> {
  // Its provider says whether money moved (and gives back money for days already held).
  const payment = await findPayment(deps.db, order.id);
  const settled = await deps.providers[order.paymentMethod].settleExpired(deps, order, payment, now);
  if (settled) return verdict(settled);
  if (payment) {
    deps.log.warn(
      { orderId: order.id },
      'orden vencida de un proveedor sin configurar: se cancela sin consultarlo',
    );
  }
  // Cash orders, and attempts that never reached a provider: nothing can pay them any more.
  const seenAt = order.updatedAt;
  const changed = await deps.db.transaction((tx) => cancelGuarded(tx, order, 'expirado', { seenAt, now }));
  return changed ? 'cancelled' : 'kept';
}

function verdict(r: SettleResult): 'paid' | 'cancelled' | 'kept' {
  if (r.paid) return r.changed ? 'paid' : 'kept';
  return r.changed ? 'cancelled' : 'kept';
}
