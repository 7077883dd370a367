// The one payment decision, case by case: paid only for a completed capture of exactly our
// amount in MXN, tied to our order.

import { describe, expect, it } from 'vitest';
import type { PaypalOrder } from './paypal/client';
import { judgePaypalOrder } from './paypal/verify';
import { judgeStripeSession, type StripeSessionLike } from './stripe/verify';

const ORDER_ID = '11111111-1111-4111-8111-111111111111';
const expected = {
  orderId: ORDER_ID,
  amountCentavos: 251_000,
  paypalOrderId: 'PP1',
  stripeSessionId: 'cs_1',
};

function paypal(
  overrides: { status?: string; capture?: Record<string, unknown> | null; customId?: string } = {},
) {
  const capture =
    overrides.capture === null
      ? []
      : [
          {
            id: 'CAP1',
            status: 'COMPLETED',
            amount: { currency_code: 'MXN', value: '2510.00' },
            custom_id: ORDER_ID,
            ...overrides.capture,
          },
        ];
  return {
    id: 'PP1',
    status: overrides.status ?? 'COMPLETED',
    payer: { payer_id: 'PAYER' },
    purchase_units: [
      {
        custom_id: overrides.customId ?? ORDER_ID,
        amount: { currency_code: 'MXN', value: '2510.00' },
        payments: { captures: capture },
      },
    ],
  } as PaypalOrder;
}

describe('judgePaypalOrder', () => {
  it('paid: order and capture COMPLETED, exact amount, MXN, our ids', () => {
    expect(judgePaypalOrder(paypal(), expected)).toEqual({
      kind: 'paid',
      captureId: 'CAP1',
      payerId: 'PAYER',
    });
    expect(
      judgePaypalOrder(paypal({ capture: { amount: { currency_code: 'MXN', value: '2510' } } }), expected)
        .kind,
    ).toBe('paid');
  });

  it.each([
    ['amount 0.01 short', { amount: { currency_code: 'MXN', value: '2509.99' } }],
    ['amount 0.01 over', { amount: { currency_code: 'MXN', value: '2510.01' } }],
    ['USD', { amount: { currency_code: 'USD', value: '2510.00' } }],
    ['unparseable amount', { amount: { currency_code: 'MXN', value: '2,510.00' } }],
    ['capture for another order', { custom_id: '22222222-2222-4222-8222-222222222222' }],
  ])('mismatch: %s', (_name, capture) => {
    expect(judgePaypalOrder(paypal({ capture }), expected).kind).toBe('mismatch');
  });

  it('mismatch: another PayPal order or another custom_id on the purchase unit', () => {
    expect(judgePaypalOrder({ ...paypal(), id: 'PP2' }, expected).kind).toBe('mismatch');
    expect(judgePaypalOrder(paypal({ customId: 'otra' }), expected).kind).toBe('mismatch');
  });

  it('pending: capture PENDING, or a completed capture on an order PayPal has not closed', () => {
    expect(judgePaypalOrder(paypal({ capture: { status: 'PENDING' } }), expected).kind).toBe('pending');
    expect(judgePaypalOrder(paypal({ status: 'APPROVED' }), expected).kind).toBe('pending');
  });

  it('failed: DECLINED or FAILED capture, VOIDED order', () => {
    expect(judgePaypalOrder(paypal({ capture: { status: 'DECLINED' } }), expected).kind).toBe('failed');
    expect(judgePaypalOrder(paypal({ capture: { status: 'FAILED' } }), expected).kind).toBe('failed');
    expect(judgePaypalOrder(paypal({ status: 'VOIDED', capture: null }), expected).kind).toBe('failed');
  });

  it('unpaid: created or approved without a capture', () => {
    expect(judgePaypalOrder(paypal({ status: 'CREATED', capture: null }), expected).kind).toBe('unpaid');
    expect(judgePaypalOrder(paypal({ status: 'APPROVED', capture: null }), expected).kind).toBe('unpaid');
  });
});

describe('judgeStripeSession', () => {
  const session = (o: Partial<StripeSessionLike> = {}): StripeSessionLike => ({
    id: 'cs_1',
    status: 'complete',
    payment_status: 'paid',
    amount_total: 251_000,
    currency: 'mxn',
    client_reference_id: ORDER_ID,
    ...o,
  });

  it('paid only with payment_status paid, exact amount, MXN and our order', () => {
    expect(judgeStripeSession(session(), expected).kind).toBe('paid');
    expect(judgeStripeSession(session({ amount_total: 250_999 }), expected).kind).toBe('mismatch');
    expect(judgeStripeSession(session({ currency: 'usd' }), expected).kind).toBe('mismatch');
    expect(judgeStripeSession(session({ client_reference_id: 'x' }), expected).kind).toBe('mismatch');
    expect(judgeStripeSession(session({ id: 'cs_2' }), expected).kind).toBe('mismatch');
  });

  it('open → unpaid, complete but unpaid → pending (async), expired → failed', () => {
    expect(judgeStripeSession(session({ status: 'open', payment_status: 'unpaid' }), expected).kind).toBe(
      'unpaid',
    );
    expect(judgeStripeSession(session({ payment_status: 'unpaid' }), expected).kind).toBe('pending');
    expect(judgeStripeSession(session({ status: 'expired', payment_status: 'unpaid' }), expected).kind).toBe(
      'failed',
    );
  });
});
