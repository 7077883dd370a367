// The CFDI suites' store: an app whose PAC is the fake Facturapi, an admin, the stamping job's
// dependencies, and the steps every CFDI test takes (an invoiced order paid at the counter, a
// refund by the admin, the order's documents and e-mails).

import type { PaymentMethod } from '@store/shared/constants';
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { cfdiDocuments, emailOutbox } from '../src/db/schema';
import { createFacturapiClient } from '../src/modules/invoices/pac-client';
import type { InvoiceJobDeps } from '../src/modules/invoices/worker';
import { PAYMENT_PROVIDERS } from '../src/modules/payments/registry';
import { call, claim } from './admin-helpers';
import { createTestContext, type TestContext } from './context';
import { createProduct } from './factories';
import { FAKE_ISSUER_ZIP, startFakeFacturapi, type FakeFacturapi } from './fakes/fake-facturapi';
import { createUser, FEE, type TestUser } from './store-helpers';

/** A receiver's fiscal data as stored and sent to the provider. */
export const STORED_FISCAL = {
  rfc: 'GODE561231GR8',
  razonSocial: 'EDUARDO GÓMEZ DÍAZ',
  regimenFiscal: '612',
  usoCfdi: 'G03',
  codigoPostal: '14080',
};
/** The price of the one day each test buys. */
export const PRICE = 1500;
export const later = (ms: number) => new Date(Date.now() + ms);

export interface CfdiStore {
  ctx: TestContext;
  fake: FakeFacturapi;
  admin: TestUser;
  deps: InvoiceJobDeps;
  close: () => Promise<void>;
}

/** Cash orders on, the fake Facturapi as the PAC (400 ms timeout), the job giving up after `maxAttempts`. */
export async function startCfdiStore(opts: { maxAttempts: number }): Promise<CfdiStore> {
  const fake = await startFakeFacturapi();
  const ctx = await createTestContext({
    CASH_ORDERS_ENABLED: 'true',
    CFDI_API_KEY: fake.apiKey,
    CFDI_API_URL: fake.url,
  });
  const admin = await createUser(ctx, { role: 'admin' });
  const deps: InvoiceJobDeps = {
    db: ctx.database.db,
    storage: ctx.app.storage,
    client: createFacturapiClient({ baseUrl: fake.url, apiKey: fake.apiKey, timeoutMs: 400 }),
    maxAttempts: opts.maxAttempts,
    issuerZip: FAKE_ISSUER_ZIP,
    paymentForm: (method: PaymentMethod, payment: { data: Record<string, string> } | null) =>
      PAYMENT_PROVIDERS[method].satPaymentForm(payment),
    log: { info: () => {}, warn: () => {}, error: () => {} },
    mail: ctx.app.mailSettings,
  };
  const close = async () => {
    await ctx.close();
    await fake.close();
  };
  return { ctx, fake, admin, deps, close };
}

/** A cash order with "¿Requieres factura?" checked, then paid at the counter (admin). */
export async function paidInvoicedOrder(
  ctx: TestContext,
  admin: TestUser,
  user: TestUser,
  fiscal: unknown = STORED_FISCAL,
): Promise<string> {
  const { product } = await createProduct(ctx.database.db, { price: PRICE });
  const orderId = await claim(ctx, user, product.id, ['Día 1'], { amount: PRICE + FEE, invoice: fiscal });
  const paid = await call(ctx, admin.token, 'POST', `/api/admin/orders/${orderId}/mark-paid`, {});
  expect(paid.statusCode).toBe(200);
  return orderId;
}

/** The admin refunds `amount` pesos of the order (recorded by hand), keeping access unless told. */
export const refundOrder = (
  ctx: TestContext,
  admin: TestUser,
  orderId: string,
  amount: number,
  revokeAccess = false,
) =>
  call(ctx, admin.token, 'POST', `/api/admin/orders/${orderId}/refund`, {
    amount,
    note: 'Reembolso parcial',
    revokeAccess,
  });

/** The order's documents of one kind (I: its invoice; E: its credit notes), oldest first. */
export const documentsOf = (ctx: TestContext, orderId: string, kind: 'I' | 'E') =>
  ctx.database.db
    .select()
    .from(cfdiDocuments)
    .where(and(eq(cfdiDocuments.orderId, orderId), eq(cfdiDocuments.kind, kind)))
    .orderBy(asc(cfdiDocuments.requestedAt));

/** The e-mails queued under a dedupe key. */
export const mailsOf = (ctx: TestContext, key: string) =>
  ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, key));
