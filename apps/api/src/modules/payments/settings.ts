// The association's choice of the Mexican ways to pay through Stripe (docs/payments.md):
// card (with meses sin intereses), cash at OXXO and SPEI transfers, each off until an admin
// turns it on from «Formas de pago» — and only when the server has what it needs (Stripe's
// secret key and the webhook's signing secret). Checkout reads the choice on every order, so
// turning a method off stops new vouchers at once; those already issued stay payable.

import { eq } from 'drizzle-orm';
import { MSI_COUNTS, OXXO_MAX_CENTAVOS } from '@store/shared/domain/mx-payments';
import { PAY_MSG } from '@store/shared/payment-messages';
import type {
  PaymentMethodsResponse,
  PaymentSettings,
  PaymentSettingsResponse,
} from '@store/shared/schemas/mx-payments';
import type { Config } from '../../config';
import type { Queryable } from '../../db/client';
import { auditLog, paymentSettings } from '../../db/schema';
import { AppError } from '../../lib/errors';

/** The Stripe events the webhook endpoint must receive (the settings page lists them). */
export const STRIPE_WEBHOOK_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
  'payment_intent.requires_action',
  'payment_intent.partially_funded',
  'payment_intent.processing',
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'refund.updated',
] as const;

export const DEFAULT_PAYMENT_SETTINGS: PaymentSettings = {
  card: { enabled: false, msi: false },
  oxxo: { enabled: false, expiresAfterDays: 3 },
  spei: { enabled: false, holdDays: 3 },
};

export async function readPaymentSettings(db: Queryable): Promise<PaymentSettings> {
  const [row] = await db.select().from(paymentSettings).where(eq(paymentSettings.id, 'store'));
  if (!row) return DEFAULT_PAYMENT_SETTINGS;
  return {
    card: { enabled: row.cardEnabled, msi: row.msiEnabled },
    oxxo: { enabled: row.oxxoEnabled, expiresAfterDays: row.oxxoExpiresAfterDays },
    spei: { enabled: row.speiEnabled, holdDays: row.speiHoldDays },
  };
}

type Readiness = PaymentSettingsResponse['readiness'];

/** What each method needs from the server's configuration, and what it lacks. */
export function paymentReadiness(config: Config): Readiness {
  const missing: string[] = [];
  if (!config.STRIPE_SECRET_KEY) missing.push('STRIPE_SECRET_KEY (la clave secreta de Stripe)');
  if (!config.STRIPE_WEBHOOK_SECRET) {
    missing.push('STRIPE_WEBHOOK_SECRET (el secreto de firma del webhook de Stripe)');
  }
  const method = { ready: missing.length === 0, missing };
  return {
    stripeSecretKey: Boolean(config.STRIPE_SECRET_KEY),
    webhookSecret: Boolean(config.STRIPE_WEBHOOK_SECRET),
    webhookUrl: `${config.PUBLIC_URL}/api/stripe/webhook`,
    webhookEvents: [...STRIPE_WEBHOOK_EVENTS],
    card: method,
    oxxo: method,
    spei: method,
  };
}

/**
 * Saves the settings page. A method can be turned on only when it is ready; turning one off
 * is always allowed (vouchers and transfers already issued stay payable). Audited.
 */
export async function savePaymentSettings(
  db: Queryable,
  config: Config,
  input: PaymentSettings,
  actorId: string,
): Promise<PaymentSettings> {
  const readiness = paymentReadiness(config);
  const before = await readPaymentSettings(db);
  for (const m of ['card', 'oxxo', 'spei'] as const) {
    if (input[m].enabled && !before[m].enabled && !readiness[m].ready) {
      throw new AppError('bad_request', PAY_MSG.settingsNeedStripe);
    }
  }
  const values = {
    cardEnabled: input.card.enabled,
    msiEnabled: input.card.msi,
    oxxoEnabled: input.oxxo.enabled,
    oxxoExpiresAfterDays: input.oxxo.expiresAfterDays,
    speiEnabled: input.spei.enabled,
    speiHoldDays: input.spei.holdDays,
    updatedBy: actorId,
    updatedAt: new Date(),
  };
  await db
    .insert(paymentSettings)
    .values({ id: 'store', ...values })
    .onConflictDoUpdate({ target: paymentSettings.id, set: values });
  await db.insert(auditLog).values({
    actorId,
    action: 'payment.settings',
    entity: 'payment_settings',
    entityId: null,
    details: { before, after: input },
  });
  return input;
}

/** What a buyer may choose now: on in the settings and ready on the server. */
export async function offeredMethods(
  db: Queryable,
  config: Config,
): Promise<Omit<PaymentMethodsResponse, 'success'>> {
  const settings = await readPaymentSettings(db);
  const ready = paymentReadiness(config);
  return {
    card:
      settings.card.enabled && ready.card.ready
        ? { msi: settings.card.msi, msiCounts: settings.card.msi ? [...MSI_COUNTS] : [] }
        : null,
    oxxo:
      settings.oxxo.enabled && ready.oxxo.ready
        ? { maxCentavos: OXXO_MAX_CENTAVOS, expiresAfterDays: settings.oxxo.expiresAfterDays }
        : null,
    spei: settings.spei.enabled && ready.spei.ready ? { holdDays: settings.spei.holdDays } : null,
  };
}

/** Refuses a way to pay the association has not turned on (or the server cannot run). */
export async function assertOffered(db: Queryable, config: Config, method: 'card' | 'oxxo' | 'spei') {
  const settings = await readPaymentSettings(db);
  if (!settings[method].enabled) throw new AppError('bad_request', PAY_MSG.methodOff);
  if (!paymentReadiness(config)[method].ready) throw new AppError('unavailable', PAY_MSG.methodNotReady);
  return settings;
}

/**
 * `npm run demo` (the Stripe simulator): card with meses sin intereses, OXXO and SPEI on, so a
 * newcomer sees them all — only while the association never saved its own settings.
 */
export async function enableSimulatedWaysToPay(db: Queryable): Promise<void> {
  await db
    .insert(paymentSettings)
    .values({
      id: 'store',
      cardEnabled: true,
      msiEnabled: true,
      oxxoEnabled: true,
      oxxoExpiresAfterDays: 3,
      speiEnabled: true,
      speiHoldDays: 3,
    })
    .onConflictDoNothing({ target: paymentSettings.id });
}
