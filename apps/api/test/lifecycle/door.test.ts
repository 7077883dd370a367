// The lifecycle's one door (docs/lifecycle.md → The door): every action of the transition
// table is exported by modules/lifecycle under the table's name, and each one consults the
// table (guard.ts) under the order's lock. Each action is called on an order in a state it may
// not start from: it is refused or does nothing, nothing in the database changes, and the
// guard recorded the action. An action added to the table without a function, or a function
// that skips the guard, fails here.

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as lifecycle from '../../src/modules/lifecycle';
import { TRANSITIONS, consultedActions, type Action } from '../../src/modules/lifecycle';
import { orderRefunds, orders } from '../../src/db/schema';
import { createProduct } from '../factories';
import { createUser } from '../store-helpers';
import { fingerprint, startLifecycleHarness, type PaymentsHarness } from './lifecycle-helpers';

let h: PaymentsHarness;
beforeAll(async () => {
  h = await startLifecycleHarness();
});
afterAll(() => h.close());

const ACTIONS = Object.keys(TRANSITIONS) as Action[];

describe('the lifecycle door', () => {
  it('exports a function for every action of the table, under its name', () => {
    const exported = lifecycle as unknown as Record<string, unknown>;
    expect(ACTIONS.filter((a) => typeof exported[a] !== 'function')).toEqual([]);
  });

  it('every action consults the table: refused on a state it may not start from, nothing changed', async () => {
    const db = h.ctx.database.db;
    const buyer = await createUser(h.ctx);
    const { product, days } = await createProduct(db, { price: 1000 });
    const day = days[0]!.id;
    const row = (status: 'pendiente' | 'cancelado', kind: 'individual' | 'grupo' = 'individual') => ({
      id: randomUUID(),
      userId: buyer.id,
      items: [],
      address: {} as never,
      subtotalCentavos: 100_000,
      amountCentavos: 100_000,
      status,
      paymentMethod: 'paypal' as const,
      kind,
    });
    const [cancelled, pending, team] = await db
      .insert(orders)
      .values([row('cancelado'), row('pendiente'), row('cancelado', 'grupo')])
      .returning();
    // A refund waiting on the pending order: the provider's answers about it are refused.
    const [refund] = await db
      .insert(orderRefunds)
      .values({ orderId: pending!.id, kind: 'admin', productDayIds: [], amountCentavos: 100, actorId: null })
      .returning();
    const before = await fingerprint(db);
    consultedActions.clear();
    const now = new Date();
    const place = { orderId: team!.id, placeIds: [randomUUID()], name: 'Ana Ruiz', email: 'ana@example.com' };
    const refused = (p: Promise<unknown>) =>
      p.then(
        (v) => v,
        (e: Error) => `refused: ${e.message}`,
      );
    const tx = <T>(work: (t: Parameters<Parameters<typeof db.transaction>[0]>[0]) => Promise<T>) =>
      refused(db.transaction(work));

    const outcomes: Record<Action, unknown> = {
      // The creating actions consult the table, then refuse an unknown buyer.
      hold: await tx((t) =>
        lifecycle.hold(t, {
          userId: randomUUID(),
          address: {} as never,
          couponCode: null,
          paymentMethod: 'paypal',
          expiresAt: now,
        }),
      ),
      claimFree: await tx((t) =>
        lifecycle.claimFree(t, {
          userId: randomUUID(),
          address: {} as never,
          couponCode: null,
          paymentMethod: 'free',
          expiresAt: null,
        }),
      ),
      holdPlaces: await tx((t) =>
        lifecycle.holdPlaces(t, {
          userId: randomUUID(),
          group: { productId: product.id, days: ['Día 1'], places: 2, couponCode: null },
          address: {} as never,
          paymentMethod: 'paypal',
          clientAmount: 0,
          expiresAt: now,
          now,
        } as never),
      ),
      pay: await tx((t) => lifecycle.pay(t, cancelled!.id)),
      expire: await tx((t) => lifecycle.expire(t, cancelled!.id)),
      payLate: await tx((t) => lifecycle.payLate(t, pending!.id)),
      abandon: await tx((t) => lifecycle.abandon(t, cancelled!.id, 'abandonado')),
      closeDuplicate: await tx((t) => lifecycle.closeDuplicate(t, cancelled!.id, { refunded: null })),
      requestRefund: await tx((t) =>
        lifecycle.requestRefund(t, {
          orderId: cancelled!.id,
          kind: 'admin',
          productDayIds: [],
          amountCentavos: 100,
          actorId: null,
          refusal: 'estado',
          inFlight: 'en curso',
        }),
      ),
      completeRefund: await tx((t) => lifecycle.completeRefund(t, refund!.id, 'REF-1', 'api')),
      refundInProcess: await tx((t) => lifecycle.refundInProcess(t, refund!, 'REF-1', now)),
      failRefund: await tx((t) => lifecycle.failRefund(t, refund!, 'prueba')),
      cancelFree: await tx((t) => lifecycle.cancelFree(t, cancelled!, [day], buyer.id)),
      adminCancel: await tx((t) => lifecycle.adminCancel(t, cancelled!.id)),
      recordRefund: await tx((t) =>
        lifecycle.recordRefund(t, {
          orderId: cancelled!.id,
          actorId: buyer.id,
          amountCentavos: 100,
          revokeAccess: true,
        }),
      ),
      providerRefund: await tx((t) =>
        lifecycle.providerRefund(t, { orderId: pending!.id, providerRefundId: 'OUT-1', amountCentavos: 100 }),
      ),
      transfer: await refused(
        lifecycle.transfer(
          db,
          buyer.id,
          {
            orderId: cancelled!.id,
            productDayId: day,
            email: 'colega@example.com',
            name: 'Colega',
            confirm: true,
          },
          now,
        ),
      ),
      allowTransfer: await tx((t) => lifecycle.allowTransfer(t, cancelled!.id)),
      assignPlace: await tx((t) => lifecycle.assignPlace(t, buyer.id, place, now)),
      reassignPlace: await tx((t) =>
        lifecycle.reassignPlace(t, buyer.id, { ...place, currentEmail: 'alguien@ejemplo.mx' }, now),
      ),
      cancelPlaces: await tx((t) =>
        lifecycle.cancelPlaces(
          t,
          buyer.id,
          { orderId: team!.id, placeIds: place.placeIds, refundsOnline: () => true },
          now,
        ),
      ),
    };

    // Refused, or a no-op answer (false, null, nothing changed).
    for (const [action, outcome] of Object.entries(outcomes)) {
      const noOp =
        outcome === false ||
        outcome === null ||
        (typeof outcome === 'string' && outcome.startsWith('refused')) ||
        (typeof outcome === 'object' &&
          outcome !== null &&
          (outcome as { changed?: boolean }).changed === false);
      expect(noOp, `${action} answered ${JSON.stringify(outcome)}`).toBe(true);
    }
    expect(await fingerprint(db)).toBe(before);
    expect(ACTIONS.filter((a) => !consultedActions.has(a))).toEqual([]);
  });
});
