// The migration that moved an order's provider ids (PayPal order, capture and payer, Stripe
// session) from four columns of `orders` into `order_payments`: on a database holding orders
// in every state and of every way to pay, each order that reached a provider gets exactly one
// row with its ids, a status that says whether money was taken, and PayPal's payer id in its
// data; orders paid with no provider (cash, free) get none; nothing else of an order changes,
// and the old columns and their indexes are gone while the ids stay unique.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type PaymentMethod } from '@store/shared/constants';
import {
  applyMigration,
  migrationFiles,
  migrationIndex,
  openEmpty,
  type RawDb,
} from '../../test/migration-db';

const target = migrationIndex('_order-payments.sql');
const USER = '00000000-0000-4000-8000-0000000000a1';

/** One order per (way to pay, state), with the ids an older store kept for it. */
/** The ways to pay that existed at migration 0024 (OXXO and SPEI came with 0027). */
const METHODS_AT_0024 = ['paypal', 'free', 'stripe', 'cod'] as const satisfies readonly PaymentMethod[];
const cases = METHODS_AT_0024.flatMap((method, m) =>
  ORDER_STATUSES.map((status, s) => {
    const n = String(m * 10 + s + 1).padStart(2, '0');
    const paid = status !== 'pendiente' && status !== 'cancelado';
    return {
      id: `00000000-0000-4000-8000-0000000000${n}`,
      method,
      status,
      paid,
      paypalOrderId: method === 'paypal' ? `PP-ORDER-${n}` : null,
      paypalCaptureId: method === 'paypal' && paid ? `PP-CAPTURE-${n}` : null,
      paypalPayerId: method === 'paypal' && paid ? `PAYER-${n}` : null,
      stripeSessionId: method === 'stripe' ? `cs_test_${n}` : null,
    };
  }),
);
/** A legacy row: PayPal's capture known, its order id never stored. */
const CAPTURE_ONLY = '00000000-0000-4000-8000-0000000000f1';
/** A Stripe order that also kept a PayPal order id from an abandoned first attempt. */
const BOTH = '00000000-0000-4000-8000-0000000000f2';

const sqlText = (v: string | null) => (v === null ? 'NULL' : `'${v}'`);

describe('migration: order payments', () => {
  let db: RawDb;
  beforeAll(async () => {
    expect(target).toBeGreaterThan(0);
    db = await openEmpty();
    for (const file of migrationFiles.slice(0, target)) await applyMigration(db, file);
  });
  afterAll(() => db.close());

  it('moves every provider id into one payment row per order and drops the columns', async () => {
    const rows = [
      ...cases.map(
        (c) =>
          `('${c.id}', '${USER}', '[]', '{}', 100000, 100000, '${c.status}', ${c.paid}, '${c.method}', ` +
          `${sqlText(c.paypalOrderId)}, ${sqlText(c.paypalCaptureId)}, ${sqlText(c.paypalPayerId)}, ${sqlText(c.stripeSessionId)})`,
      ),
      `('${CAPTURE_ONLY}', '${USER}', '[]', '{}', 5000, 5000, 'pagado', true, 'paypal', NULL, 'PP-CAPTURE-LEGACY', NULL, NULL)`,
      `('${BOTH}', '${USER}', '[]', '{}', 5000, 5000, 'pagado', true, 'stripe', 'PP-ORDER-ABANDONED', NULL, NULL, 'cs_test_both')`,
    ];
    await db.exec(`
      INSERT INTO users (id, name, email, password_hash) VALUES ('${USER}', 'Diana', 'diana@example.com', 'x');
      INSERT INTO orders (id, user_id, items, address, subtotal_centavos, amount_centavos, status, payment,
        payment_method, paypal_order_id, paypal_capture_id, paypal_payer_id, stripe_session_id)
      VALUES ${rows.join(',\n')};
    `);
    const before = await db.rows<Record<string, unknown>>(
      `SELECT id, status, payment, payment_method, amount_centavos, updated_at FROM orders ORDER BY id`,
    );

    await applyMigration(db, migrationFiles[target]!);

    const payments = await db.rows<{
      order_id: string;
      provider: string;
      external_id: string;
      capture_id: string | null;
      status: string;
      data: Record<string, string>;
    }>(
      `SELECT order_id, provider, external_id, capture_id, status, data FROM order_payments ORDER BY order_id`,
    );
    const expected = [
      ...cases
        .filter((c) => c.paypalOrderId || c.stripeSessionId)
        .map((c) => ({
          order_id: c.id,
          provider: c.method,
          external_id: (c.paypalOrderId ?? c.stripeSessionId)!,
          capture_id: c.paypalCaptureId,
          status: c.paid ? 'cobrado' : c.status === 'pendiente' ? 'abierto' : 'cerrado',
          data: c.paypalPayerId ? { payerId: c.paypalPayerId } : {},
        })),
      {
        order_id: CAPTURE_ONLY,
        provider: 'paypal',
        external_id: 'PP-CAPTURE-LEGACY',
        capture_id: 'PP-CAPTURE-LEGACY',
        status: 'cobrado',
        data: {},
      },
      {
        order_id: BOTH,
        provider: 'stripe',
        external_id: 'cs_test_both',
        capture_id: null,
        status: 'cobrado',
        data: {},
      },
    ].sort((a, b) => a.order_id.localeCompare(b.order_id));
    expect(payments).toEqual(expected);
    // Every state of both providers is there; cash and free orders have no provider row.
    expect(new Set(payments.map((p) => p.provider))).toEqual(new Set(['paypal', 'stripe']));
    expect(payments.filter((p) => p.provider === 'paypal')).toHaveLength(ORDER_STATUSES.length + 1);

    // The orders themselves are as they were, without the provider columns.
    expect(
      await db.rows(
        `SELECT id, status, payment, payment_method, amount_centavos, updated_at FROM orders ORDER BY id`,
      ),
    ).toEqual(before);
    const columns = await db.rows<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'orders'`,
    );
    expect(columns.map((c) => c.column_name)).not.toEqual(
      expect.arrayContaining([
        'paypal_order_id',
        'paypal_capture_id',
        'paypal_payer_id',
        'stripe_session_id',
      ]),
    );
    const names = columns.map((c) => c.column_name).filter((c) => /paypal|stripe/.test(c));
    expect(names).toEqual([]);
  });

  it('keeps a provider attempt and a capture unique to one order, and one attempt per order', async () => {
    const paid = cases.find((c) => c.method === 'paypal' && c.status === 'pagado')!;
    const other = cases.find((c) => c.method === 'cod' && c.status === 'pendiente')!;
    await expect(
      db.exec(
        `INSERT INTO order_payments (order_id, provider, external_id) VALUES ('${other.id}', 'paypal', '${paid.paypalOrderId}')`,
      ),
    ).rejects.toThrow(/order_payments_external_idx/);
    await expect(
      db.exec(
        `INSERT INTO order_payments (order_id, provider, external_id, capture_id) VALUES ('${other.id}', 'paypal', 'NEW', '${paid.paypalCaptureId}')`,
      ),
    ).rejects.toThrow(/order_payments_capture_idx/);
    await expect(
      db.exec(
        `INSERT INTO order_payments (order_id, provider, external_id) VALUES ('${paid.id}', 'paypal', 'ANOTHER')`,
      ),
    ).rejects.toThrow(/order_payments_order_idx/);
    // Deleting an order takes its payment with it.
    await db.exec(`DELETE FROM orders WHERE id = '${CAPTURE_ONLY}'`);
    expect(await db.rows(`SELECT 1 FROM order_payments WHERE order_id = '${CAPTURE_ONLY}'`)).toEqual([]);
  });
});
