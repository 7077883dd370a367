// Builders for the store API tests: the file's app on a fresh database, users with a session
// token (written straight to the database, so tests need not pay for argon2 on every user),
// coupons, cart lines, pending orders and a valid checkout address.

import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { SERVICE_FEE_CENTAVOS, type UserType } from '@store/shared/constants';
import { toPesos } from '@store/shared/domain/money';
import type { AddressInput } from '@store/shared/schemas/order';
import { coupons, type emailOutbox, users } from '../src/db/schema';
import { makeLateAttachments } from '../src/modules/mail/late-attachments';
import { signSession } from '../src/lib/jwt';
import { hashPassword } from '../src/lib/passwords';
import { createOrderFromCart } from '../src/modules/lifecycle';
import { createTestContext, type TestContext } from './context';

/**
 * The test file's app on a fresh database, opened before its tests and closed after them.
 * Store tests validate coupons far more often than the production rate limit allows.
 * The returned object reads the context on use, so it can be taken at module level.
 */
export function useStoreTestContext(env: Record<string, string> = {}): TestContext {
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    ctx = await createTestContext({ RATE_LIMIT_COUPON_MAX: '1000', ...env });
  });
  afterAll(() => ctx?.close());
  const current = (): TestContext => {
    if (!ctx) throw new Error('the test context is opened in beforeAll; use it inside a test');
    return ctx;
  };
  return {
    get app() {
      return current().app;
    },
    get database() {
      return current().database;
    },
    get config() {
      return current().config;
    },
    close: () => current().close(),
  };
}

export const TEST_PASSWORD = 'clave-de-prueba-segura';
let passwordHash: Promise<string> | undefined;

export interface TestUser {
  id: string;
  email: string;
  name: string;
  token: string;
}

export async function createUser(
  ctx: TestContext,
  spec: {
    userType?: UserType;
    mustChangePassword?: boolean;
    email?: string;
    role?: 'customer' | 'admin';
  } = {},
): Promise<TestUser> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const email = spec.email ?? `cliente-${randomBytes(5).toString('hex')}@prueba.mx`;
  const [row] = await ctx.database.db
    .insert(users)
    .values({
      name: 'CLIENTE DE PRUEBA',
      email,
      passwordHash: await passwordHash,
      userType: spec.userType ?? 'general',
      role: spec.role ?? 'customer',
      mustChangePassword: spec.mustChangePassword ?? false,
    })
    .returning();
  const token = await signSession(ctx.config.JWT_SECRET, ctx.config.JWT_TTL, {
    sub: row!.id,
    ver: row!.tokenVersion,
  });
  return { id: row!.id, email, name: row!.name, token };
}

export async function userRow(ctx: TestContext, id: string) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

export type CouponSpec = Partial<typeof coupons.$inferInsert>;

export async function createCoupon(ctx: TestContext, spec: CouponSpec = {}) {
  const [row] = await ctx.database.db
    .insert(coupons)
    .values({
      code: spec.code ?? `CUPON${randomBytes(3).toString('hex').toUpperCase()}`,
      discountType: 'percent',
      discountValue: 100,
      ...spec,
    })
    .returning();
  return row!;
}

export const ADDRESS: AddressInput = {
  firstName: 'Ana',
  lastName: 'López',
  email: 'ana@prueba.mx',
  street: 'Av. Juan Badiano 1',
  city: 'Ciudad de México',
  state: 'CDMX',
  zipcode: '14080',
  country: 'México',
  phone: '5555731200',
};

/** POST with the user's token. */
export function post(ctx: TestContext, url: string, token: string | undefined, payload?: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: token ? { token } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

export async function addToCart(ctx: TestContext, user: TestUser, productId: string, day = 'Día 1') {
  const res = await post(ctx, '/api/cart/add', user.token, { itemId: productId, days: day });
  if (res.statusCode !== 200) throw new Error(`cart/add ${res.statusCode}: ${res.body}`);
}

/** order/place for the user's whole cart as the storefront sends it. */
export async function placeOrder(
  ctx: TestContext,
  user: TestUser,
  lines: { productId: string; day?: string }[],
  extra: Record<string, unknown> = {},
) {
  return post(ctx, '/api/order/place', user.token, {
    address: ADDRESS,
    items: lines.map((l) => ({ _id: l.productId, days: l.day ?? 'Día 1', quantity: 1 })),
    amount: 0,
    discount: 0,
    ...extra,
  });
}

/** A pending PayPal order for the user's whole cart, as the checkout creates it. */
export function createPendingOrder(
  ctx: TestContext,
  user: TestUser,
  opts: { couponCode?: string; expiresAt?: Date; clearCart?: boolean } = {},
) {
  return ctx.database.db.transaction((tx) =>
    createOrderFromCart(tx, {
      userId: user.id,
      address: { ...ADDRESS, state: ADDRESS.state ?? '' },
      paymentMethod: 'paypal',
      status: 'pendiente',
      couponCode: opts.couponCode,
      expiresAt: opts.expiresAt,
      clearCart: opts.clearCart,
    }),
  );
}

/** The service fee in pesos, as the API speaks: tests add it to prices instead of writing totals. */
export const FEE = toPesos(SERVICE_FEE_CENTAVOS);

/**
 * What a queued e-mail carries once sent: its own attachments, then those made at send time
 * (mail/late-attachments.ts: an order confirmation's tickets and receipt).
 */
export async function sentAttachments(
  ctx: TestContext,
  row: typeof emailOutbox.$inferSelect,
): Promise<{ filename: string; content: Buffer }[]> {
  const late = row.attachLater ? await makeLateAttachments(ctx.database.db, row.attachLater) : [];
  return [
    ...row.attachments.map((a) => ({
      filename: a.filename,
      content: Buffer.from(a.contentBase64, 'base64'),
    })),
    ...late.map((a) => ({ filename: a.filename, content: a.content })),
  ];
}
