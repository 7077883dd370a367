import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@store/shared/messages';
import { ApiError } from '../../../lib/api-client';
import type { OrderState } from '../api/get-order-state';
import { isClearRefusal, pendingMessageOf, RECOVERY_WAITS_MS, recoverPayment } from './recover-payment';

const state = (status: OrderState['status'], paymentReference: string | null = 'PP-1'): OrderState => ({
  status,
  paymentReference,
});

function recover(...answers: (OrderState | Error)[]) {
  const look = vi.fn(async () => {
    const next = answers.length > 1 ? answers.shift()! : answers[0]!;
    if (next instanceof Error) throw next;
    return next;
  });
  const waited: number[] = [];
  const outcome = recoverPayment({
    orderId: 'o-1',
    paypalOrderId: 'PP-1',
    look,
    waits: [1, 2, 3, 4],
    wait: async (ms) => void waited.push(ms),
  });
  return { outcome, look, waited };
}

describe('isClearRefusal', () => {
  it("is a 4xx with the server's own words; a lost, cut, busy or still-processing answer is not", () => {
    expect(isClearRefusal(new ApiError(MSG.paymentError, 402))).toBe(true);
    expect(isClearRefusal(new ApiError(MSG.paymentWindowClosed, 409))).toBe(true);
    expect(isClearRefusal(new ApiError(MSG.networkError, 0))).toBe(false);
    expect(isClearRefusal(new ApiError(MSG.serverError, 500))).toBe(false);
    expect(isClearRefusal(new ApiError(MSG.paymentError, 503))).toBe(false);
    expect(isClearRefusal(new ApiError(MSG.serverError, 404))).toBe(false);
    expect(isClearRefusal(new ApiError(MSG.rateLimited, 429))).toBe(false);
    expect(isClearRefusal(new ApiError(MSG.paymentStillProcessing, 402))).toBe(false);
    expect(isClearRefusal(new ApiError(MSG.paymentPendingReview, 402))).toBe(false);
    expect(isClearRefusal(new TypeError('Failed to fetch'))).toBe(false);
  });

  it("keeps the server's words for a payment still being confirmed", () => {
    expect(pendingMessageOf(new ApiError(MSG.paymentPendingReview, 402))).toBe(MSG.paymentPendingReview);
    expect(pendingMessageOf(new ApiError(MSG.networkError, 0))).toBe(MSG.paymentStillProcessing);
  });
});

describe('recoverPayment', () => {
  it('looks until the order is paid, through failed looks, backing off', async () => {
    const { outcome, look, waited } = recover(new Error('red'), state('pendiente'), state('pagado', 'CAP-1'));
    await expect(outcome).resolves.toEqual({ kind: 'paid' });
    expect(look).toHaveBeenCalledTimes(3);
    expect(look).toHaveBeenCalledWith('o-1');
    expect(waited).toEqual([1, 2, 3]);
  });

  it('an order already further along than paid was paid', async () => {
    await expect(recover(state('reembolso_parcial', 'CAP-1')).outcome).resolves.toEqual({ kind: 'paid' });
  });

  it('an order ended unpaid is the refusal; one whose money was taken and goes back says so', async () => {
    await expect(recover(state('cancelado', 'PP-1')).outcome).resolves.toEqual({
      kind: 'ended',
      message: MSG.paymentError,
    });
    await expect(recover(state('reembolsado', 'CAP-1')).outcome).resolves.toEqual({
      kind: 'ended',
      message: MSG.duplicatePaymentRefunded,
    });
  });

  it('still pending when the waits run out', async () => {
    const { outcome, look } = recover(state('pendiente'));
    await expect(outcome).resolves.toEqual({ kind: 'pending' });
    expect(look).toHaveBeenCalledTimes(4);
  });

  it('waits about a minute in all by default', () => {
    const total = RECOVERY_WAITS_MS.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThanOrEqual(55_000);
    expect(total).toBeLessThanOrEqual(70_000);
  });
});
