// Starting an OXXO voucher or a SPEI transfer (docs/payments.md): the held order, then the
// PaymentIntent confirmed server-side (no card data: Stripe answers with the voucher or the
// bank details), then the instructions kept on the order's payment row for the payment page,
// Mis Productos and the e-mail. Asking again for the same cart answers the same voucher.

import type Stripe from 'stripe';
import type { z } from 'zod';
import { and, eq, inArray, min } from 'drizzle-orm';
import { CURRENCY } from '@store/shared/constants';
import { OXXO_MAX_CENTAVOS } from '@store/shared/domain/mx-payments';
import { addCalendarDays, endOfMexicoCityDay, mexicoCityDate } from '@store/shared/domain/time';
import { MSG } from '@store/shared/messages';
import { oxxoOverLimit, PAY_MSG } from '@store/shared/payment-messages';
import type { PaymentInstructions } from '@store/shared/schemas/mx-payments';
import type { placeOrderBody } from '@store/shared/schemas/order';
import type { groupCheckoutBody } from '@store/shared/schemas/group';
import type { Queryable } from '../../../db/client';
import { cartLines, orderPayments, orders, productDays } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { abandon, attachPayment, findPayment, type OrderRow } from '../../lifecycle';
import { holdOrder } from '../checkout';
import { holdGroup } from '../group-service';
import { assertOffered } from '../settings';
import type { PaymentDeps } from '../settle';
import { instructionsData, instructionsOf, stripeOf, type IntentMethod } from './intents';

/** A transfer's deadline stops this long before the first day starts (Stripe confirms within the hour on business days). */
const SPEI_MARGIN_MS = 2 * 3600_000;
/** Shortest wait worth offering for a transfer. */
const SPEI_MIN_WINDOW_MS = 2 * 3600_000;

/** When the earliest of these days starts (null: none found). */
async function earliestStart(
  db: Queryable,
  where: { userId: string } | { productId: string; labels: readonly string[] },
): Promise<Date | null> {
  const [row] =
    'userId' in where
      ? await db
          .select({ at: min(productDays.startsAt) })
          .from(cartLines)
          .innerJoin(
            productDays,
            and(eq(productDays.productId, cartLines.productId), eq(productDays.label, cartLines.day)),
          )
          .where(eq(cartLines.userId, where.userId))
      : await db
          .select({ at: min(productDays.startsAt) })
          .from(productDays)
          .where(
            and(eq(productDays.productId, where.productId), inArray(productDays.label, [...where.labels])),
          );
  return row?.at ? new Date(row.at) : null;
}

/**
 * How long the seats are held: an OXXO voucher for the association's days, shortened so it
 * expires (23:59 Mexico City, as Stripe's expires_after_days) before the first day starts; a
 * SPEI transfer until the end of the association's last day or 2 hours before the start.
 */
export function holdWindow(
  method: IntentMethod,
  days: number,
  firstStart: Date | null,
  now: Date,
): { expiresAt: Date; voucherDays: number } {
  const today = mexicoCityDate(now);
  if (method === 'oxxo') {
    let n = days;
    while (n >= 1 && firstStart && endOfMexicoCityDay(addCalendarDays(today, n)) >= firstStart) n -= 1;
    if (n < 1) throw new AppError('bad_request', PAY_MSG.oxxoTooLate);
    // Stripe states the expiry in whole seconds (23:59:59): the hold ends with it.
    const end = endOfMexicoCityDay(addCalendarDays(today, n)).getTime();
    return { expiresAt: new Date(end - (end % 1000)), voucherDays: n };
  }
  let until = endOfMexicoCityDay(addCalendarDays(today, days)).getTime();
  if (firstStart) until = Math.min(until, firstStart.getTime() - SPEI_MARGIN_MS);
  if (until - now.getTime() < SPEI_MIN_WINDOW_MS) throw new AppError('bad_request', PAY_MSG.speiTooLate);
  return { expiresAt: new Date(until), voucherDays: days };
}

/** The Stripe customer of a buyer's earlier transfers (the same CLABE every time), if any. */
async function knownCustomer(db: Queryable, userId: string): Promise<string | null> {
  const rows = await db
    .select({ data: orderPayments.data })
    .from(orderPayments)
    .innerJoin(orders, eq(orders.id, orderPayments.orderId))
    .where(and(eq(orders.userId, userId), eq(orderPayments.provider, 'spei')))
    .limit(20);
  return rows.map((r) => r.data.customer).find((c): c is string => Boolean(c)) ?? null;
}

/** Creates (or, for the same order, replays: the same idempotency key) the confirmed intent. */
async function createIntent(
  deps: PaymentDeps,
  method: IntentMethod,
  order: OrderRow,
  voucherDays: number,
): Promise<Stripe.PaymentIntent> {
  const stripe = stripeOf(deps);
  const name = order.address.firstName ? `${order.address.firstName} ${order.address.lastName}`.trim() : '';
  const common = {
    amount: order.amountCentavos,
    currency: CURRENCY.toLowerCase(),
    confirm: true,
    metadata: { orderId: order.id },
    description: order.items
      .map((i) => i.name)
      .join(', ')
      .slice(0, 250),
  };
  if (method === 'oxxo') {
    return stripe.paymentIntents.create(
      {
        ...common,
        allowed_payment_method_types: ['oxxo'],
        payment_method_data: {
          type: 'oxxo',
          billing_details: { name: name || order.address.email, email: order.address.email },
        },
        payment_method_options: { oxxo: { expires_after_days: voucherDays } },
      },
      { idempotencyKey: `intent-${order.id}` },
    );
  }
  const customer =
    (await knownCustomer(deps.db, order.userId)) ??
    (
      await stripe.customers.create(
        { email: order.address.email, name: name || undefined, metadata: { userId: order.userId } },
        { idempotencyKey: `customer-${order.userId}` },
      )
    ).id;
  return stripe.paymentIntents.create(
    {
      ...common,
      customer,
      allowed_payment_method_types: ['customer_balance'],
      payment_method_data: { type: 'customer_balance' },
      payment_method_options: {
        customer_balance: { funding_type: 'bank_transfer', bank_transfer: { type: 'mx_bank_transfer' } },
      },
    },
    { idempotencyKey: `intent-${order.id}` },
  );
}

/** Attaches the intent and its instructions to the held order; abandons it if Stripe refused. */
async function startIntent(
  deps: PaymentDeps,
  method: IntentMethod,
  order: OrderRow,
  voucherDays: number,
  expiresAt: Date,
): Promise<PaymentInstructions> {
  const existing = await findPayment(deps.db, order.id);
  const reused = existing?.provider === method ? instructionsOf(method, order, existing) : null;
  if (reused) return reused;
  let pi: Stripe.PaymentIntent;
  try {
    pi = await createIntent(deps, method, order, voucherDays);
  } catch (err) {
    deps.log.error({ err, orderId: order.id }, 'Stripe no emitió la ficha o la transferencia');
    await deps.db.transaction((tx) => abandon(tx, order.id, 'rechazado'));
    const e = err as { statusCode?: number; message?: string };
    if (e.statusCode === 400 && method === 'oxxo' && order.amountCentavos > OXXO_MAX_CENTAVOS) {
      throw new AppError('bad_request', oxxoOverLimit(order.amountCentavos, OXXO_MAX_CENTAVOS));
    }
    throw new AppError('unavailable', MSG.paymentError);
  }
  const data = instructionsData(pi, expiresAt);
  if (method === 'spei' && typeof pi.customer === 'string') data.customer = pi.customer;
  const attached = await attachPayment(deps.db, order.id, { provider: method, externalId: pi.id, data });
  const instructions = instructionsOf(method, order, { data });
  if (!attached || pi.status !== 'requires_action' || !instructions) {
    // Nobody may pay a voucher or CLABE reference no order waits for.
    await stripeOf(deps)
      .paymentIntents.cancel(pi.id)
      .catch((err: unknown) =>
        deps.log.warn({ err, orderId: order.id }, 'no se pudo cancelar el intento en Stripe'),
      );
    await deps.db.transaction((tx) => abandon(tx, order.id, 'rechazado'));
    // Not attached: another attempt of the buyer replaced this order meanwhile.
    if (!attached) throw new AppError('conflict', MSG.paymentInProgress);
    throw new AppError('unavailable', MSG.paymentError);
  }
  return instructions;
}

/** POST /api/order/oxxo and /api/order/spei: the buyer's cart held and its voucher or transfer. */
export async function createIntentOrder(
  deps: PaymentDeps,
  method: IntentMethod,
  userId: string,
  body: z.output<typeof placeOrderBody>,
  clientNetwork: string | null,
  now = new Date(),
): Promise<{ order: OrderRow; instructions: PaymentInstructions }> {
  const settings = await assertOffered(deps.db, deps.config, method);
  const days = method === 'oxxo' ? settings.oxxo.expiresAfterDays : settings.spei.holdDays;
  const { expiresAt, voucherDays } = holdWindow(method, days, await earliestStart(deps.db, { userId }), now);
  const order = await holdOrder(deps, {
    userId,
    address: body.address,
    couponCode: body.couponCode ?? null,
    invoice: body.invoice ?? null,
    invoicePlan: body.invoicePlan,
    paymentMethod: method,
    status: 'pendiente',
    clientNetwork,
    expiresAt,
    clientItems: body.items,
    clientAmount: body.amount,
    clearCart: false,
    check: (quote) => {
      if (quote.isFree) throw new AppError('bad_request', MSG.freeOrderNoPayment);
      if (method === 'oxxo' && quote.total > OXXO_MAX_CENTAVOS) {
        throw new AppError('bad_request', oxxoOverLimit(quote.total, OXXO_MAX_CENTAVOS));
      }
    },
    now,
  });
  return {
    order,
    instructions: await startIntent(deps, method, order, voucherDays, order.expiresAt ?? expiresAt),
  };
}

/** POST /api/group/spei: a team's places held and the hospital's transfer data. */
export async function createGroupSpeiOrder(
  deps: PaymentDeps,
  userId: string,
  body: z.output<typeof groupCheckoutBody>,
  clientNetwork: string | null,
  now = new Date(),
): Promise<{ order: OrderRow; instructions: PaymentInstructions }> {
  const settings = await assertOffered(deps.db, deps.config, 'spei');
  const first = await earliestStart(deps.db, { productId: body.productId, labels: body.days });
  const { expiresAt, voucherDays } = holdWindow('spei', settings.spei.holdDays, first, now);
  const order = await holdGroup(deps, userId, body, 'spei', clientNetwork, now, { expiresAt });
  return {
    order,
    instructions: await startIntent(deps, 'spei', order, voucherDays, order.expiresAt ?? expiresAt),
  };
}
