// The association's «Formas de pago» (docs/payments.md): every Mexican way to pay is off until an
// admin turns it on, and only a way the server can run (Stripe's keys) may be turned on.

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAY_MSG } from '@store/shared/payment-messages';
import { OXXO_MAX_CENTAVOS } from '@store/shared/domain/mx-payments';
import { auditLog } from '../../db/schema';
import { call } from '../../../test/admin-helpers';
import { createTestContext, type TestContext } from '../../../test/context';
import { buyerWithCart, startPaymentsHarness, type PaymentsHarness } from '../../../test/payments-helpers';
import { createUser, post, type TestUser } from '../../../test/store-helpers';
import { STRIPE_WEBHOOK_EVENTS } from './settings';

const ALL_ON = {
  card: { enabled: true, msi: true },
  oxxo: { enabled: true, expiresAfterDays: 3 },
  spei: { enabled: true, holdDays: 2 },
};
const ALL_OFF = {
  card: { enabled: false, msi: false },
  oxxo: { enabled: false, expiresAfterDays: 3 },
  spei: { enabled: false, holdDays: 3 },
};

describe('without Stripe keys on the server', () => {
  let ctx: TestContext;
  let admin: TestUser;
  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await createUser(ctx, { role: 'admin' });
  });
  afterAll(() => ctx.close());

  it('a fresh store offers none of them, and says what each lacks', async () => {
    const res = await call(ctx, admin.token, 'GET', '/api/admin/payment-settings');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.settings).toEqual(ALL_OFF);
    expect(body.readiness).toMatchObject({
      stripeSecretKey: false,
      webhookSecret: false,
      webhookUrl: `${ctx.config.PUBLIC_URL}/api/stripe/webhook`,
      webhookEvents: [...STRIPE_WEBHOOK_EVENTS],
      oxxo: { ready: false },
    });
    expect(body.readiness.oxxo.missing.join(' ')).toContain('STRIPE_SECRET_KEY');
    expect(body.readiness.oxxo.missing.join(' ')).toContain('STRIPE_WEBHOOK_SECRET');
    const methods = await ctx.app.inject({ method: 'GET', url: '/api/payment-methods' });
    expect(methods.json()).toEqual({ success: true, card: null, oxxo: null, spei: null });
  });

  it('refuses to turn on a way the server cannot run; turning everything off is fine', async () => {
    const res = await call(ctx, admin.token, 'PUT', '/api/admin/payment-settings', ALL_ON);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: PAY_MSG.settingsNeedStripe });
    const off = await call(ctx, admin.token, 'PUT', '/api/admin/payment-settings', ALL_OFF);
    expect(off.statusCode).toBe(200);
  });

  it('refuses a buyer’s voucher or transfer while the way is off', async () => {
    const buyer = await buyerWithCart(ctx);
    for (const url of ['/api/order/oxxo', '/api/order/spei']) {
      const res = await post(ctx, url, buyer.user.token, buyer.body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PAY_MSG.methodOff);
    }
  });

  it('is the administrators’ only', async () => {
    const member = await createUser(ctx);
    expect((await call(ctx, member.token, 'GET', '/api/admin/payment-settings')).statusCode).toBe(403);
    expect((await call(ctx, member.token, 'PUT', '/api/admin/payment-settings', ALL_OFF)).statusCode).toBe(
      403,
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/payment-settings' })).statusCode).toBe(
      401,
    );
  });
});

describe('with Stripe configured', () => {
  let h: PaymentsHarness;
  let admin: TestUser;
  beforeAll(async () => {
    h = await startPaymentsHarness();
    admin = await createUser(h.ctx, { role: 'admin' });
  });
  afterAll(() => h.close());

  it('turns them on, audited, and buyers see them', async () => {
    const res = await call(h.ctx, admin.token, 'PUT', '/api/admin/payment-settings', ALL_ON);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ settings: ALL_ON, message: PAY_MSG.settingsSaved });
    expect(res.json().readiness).toMatchObject({
      stripeSecretKey: true,
      webhookSecret: true,
      oxxo: { ready: true },
    });
    const [audit] = await h.ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'payment.settings'));
    expect(audit).toMatchObject({ actorId: admin.id, details: { before: ALL_OFF, after: ALL_ON } });
    const methods = await h.ctx.app.inject({ method: 'GET', url: '/api/payment-methods' });
    expect(methods.json()).toEqual({
      success: true,
      card: { msi: true, msiCounts: [3, 6, 9, 12] },
      oxxo: { maxCentavos: OXXO_MAX_CENTAVOS, expiresAfterDays: 3 },
      spei: { holdDays: 2 },
    });
  });

  it('refuses days outside 1–7 and malformed settings with a Spanish message, nothing saved', async () => {
    const bad = [
      { ...ALL_ON, oxxo: { enabled: true, expiresAfterDays: 0 } },
      { ...ALL_ON, oxxo: { enabled: true, expiresAfterDays: 8 } },
      { ...ALL_ON, spei: { enabled: true, holdDays: 2.5 } },
      { ...ALL_ON, spei: { enabled: true, holdDays: '3' } },
    ];
    for (const body of bad) {
      const res = await call(h.ctx, admin.token, 'PUT', '/api/admin/payment-settings', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PAY_MSG.settingsDaysInvalid);
    }
    const missing = await call(h.ctx, admin.token, 'PUT', '/api/admin/payment-settings', {
      card: ALL_ON.card,
    });
    expect(missing.statusCode).toBe(400);
    const now = await call(h.ctx, admin.token, 'GET', '/api/admin/payment-settings');
    expect(now.json().settings).toEqual(ALL_ON);
  });
});
