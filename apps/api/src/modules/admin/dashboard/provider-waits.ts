// What waits on a provider (docs/providers.md → What the admin sees): PayPal refunds still
// pending (not answered, 409/429, or PENDING at PayPal) or failed in the last 30 days; CFDI
// stamps the SAT has not finished and cancellations waiting for the receiver or refused by
// it. The admin may ask PayPal again for a pending refund now (same key: never twice).

import { and, desc, eq, gte, inArray, isNotNull, or } from 'drizzle-orm';
import { toPesos } from '@store/shared/domain/money';
import { ADMIN_MSG } from '@store/shared/admin-messages';
import type { ProviderWaitsResponse } from '@store/shared/schemas/admin/provider-waits';
import type { Queryable } from '../../../db/client';
import { cfdiDocuments, orderRefunds, orders } from '../../../db/schema';
import { PAY_MSG } from '@store/shared/payment-messages';
import { AppError } from '../../../lib/errors';
import { isUuid } from '../../../lib/ids';
import { findOrder, findRefund } from '../../lifecycle';
import { executeRefund } from '../../payments/refunds';
import { PAYMENT_PROVIDERS } from '../../payments/registry';
import { auditPayment } from '../../payments/repo';
import type { PaymentDeps } from '../../payments/settle';

const FAILED_WINDOW_MS = 30 * 24 * 3600_000;

export async function providerWaits(
  db: Queryable,
  now = new Date(),
): Promise<Omit<ProviderWaitsResponse, 'success'>> {
  const found = await db
    .select({ refund: orderRefunds, method: orders.paymentMethod })
    .from(orderRefunds)
    .innerJoin(orders, eq(orders.id, orderRefunds.orderId))
    .where(
      and(
        inArray(orderRefunds.kind, ['cancelacion', 'admin']),
        or(
          eq(orderRefunds.status, 'pendiente'),
          and(
            eq(orderRefunds.status, 'fallido'),
            gte(orderRefunds.createdAt, new Date(now.getTime() - FAILED_WINDOW_MS)),
          ),
        ),
      ),
    )
    .orderBy(desc(orderRefunds.createdAt))
    .limit(100);
  // Money a provider returns to a bank account the buyer gives it (SPEI through Stripe's e-mail).
  const needsBuyer = new Set(
    found
      .filter((f) => PAYMENT_PROVIDERS[f.method].refundWaitsForBuyer && f.refund.providerRefundId)
      .map((f) => f.refund.id),
  );
  const refunds = found.map((f) => f.refund);
  const d = cfdiDocuments;
  const waiting = await db
    .select()
    .from(d)
    .where(
      or(
        and(eq(d.pendingAction, 'stamp'), isNotNull(d.providerId)),
        inArray(d.cancellationStatus, ['pendiente', 'rechazada']),
        and(eq(d.cancellationStatus, 'vencida'), eq(d.status, 'timbrada')),
      ),
    )
    .orderBy(desc(d.kind), d.requestedAt)
    .limit(200);
  return {
    refunds: refunds.map((r) => ({
      _id: r.id,
      orderId: r.orderId,
      kind: r.kind,
      status: r.status === 'fallido' ? 'fallido' : 'pendiente',
      amount: toPesos(r.amountCentavos),
      requestedAt: r.createdAt.getTime(),
      providerRefundId: r.providerRefundId,
      attempts: r.attempts,
      nextAttemptAt: r.nextAttemptAt?.getTime() ?? null,
      failure: r.failure,
      note: r.status === 'pendiente' && needsBuyer.has(r.id) ? PAY_MSG.refundNeedsBankDetails : null,
    })),
    cfdi: waiting.map((i) => {
      const cancelling = i.cancellationStatus !== null;
      return {
        _id: i.id,
        kind:
          i.kind === 'I'
            ? ('factura' as const)
            : i.kind === 'pago'
              ? ('complemento_de_pago' as const)
              : ('nota_de_credito' as const),
        orderId: i.orderId,
        rfc: i.rfc,
        waiting: cancelling ? ('cancelacion' as const) : ('timbrado' as const),
        cancellationStatus: i.cancellationStatus ?? null,
        since: (cancelling ? (i.cancellationRequestedAt ?? i.updatedAt) : i.requestedAt).getTime(),
        lastError: i.lastError,
      };
    }),
  };
}

/** Asks PayPal again now for a refund still pending (same PayPal-Request-Id, or read by its id). */
export async function retryPendingRefund(deps: PaymentDeps, actorId: string, id: string): Promise<string> {
  const refund = isUuid(id) ? await findRefund(deps.db, id) : null;
  if (!refund) throw new AppError('not_found', ADMIN_MSG.refundNotFound);
  if (refund.status !== 'pendiente') throw new AppError('conflict', ADMIN_MSG.refundNotPending);
  const order = await findOrder(deps.db, refund.orderId);
  if (!order) throw new AppError('not_found', ADMIN_MSG.refundNotFound);
  await auditPayment(deps.db, {
    action: 'payment.refund_retry',
    orderId: order.id,
    actorId,
    details: { refundId: refund.id, attempts: refund.attempts },
  });
  const outcome = await executeRefund(deps, order, refund);
  if (outcome === 'completed') return ADMIN_MSG.orderRefundedPaypal;
  if (outcome === 'pending') return ADMIN_MSG.orderRefundInProcess;
  if (outcome === 'failed') return ADMIN_MSG.orderRefundFailed;
  return ADMIN_MSG.orderRefundUnconfirmed;
}
