// The payment providers as configured: a PayPal REST client and a Stripe SDK instance, or
// null when their credentials are not set (checkout then says so instead of failing).

import Stripe from 'stripe';
import type { Config } from '../../config';
import { createPaypalClient, type PaypalClient } from './paypal/client';

export interface PaymentClients {
  paypal: PaypalClient | null;
  stripe: Stripe | null;
}

export function createPaymentClients(config: Config): PaymentClients {
  const paypal =
    config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET
      ? createPaypalClient({
          clientId: config.PAYPAL_CLIENT_ID,
          clientSecret: config.PAYPAL_CLIENT_SECRET,
          apiBase: config.PAYPAL_API_BASE,
          webhookId: config.PAYPAL_WEBHOOK_ID,
        })
      : null;
  const stripe = config.STRIPE_SECRET_KEY
    ? new Stripe(config.STRIPE_SECRET_KEY, {
        ...(config.STRIPE_API_HOST ? { host: config.STRIPE_API_HOST } : {}),
        ...(config.STRIPE_API_PORT ? { port: config.STRIPE_API_PORT } : {}),
        ...(config.STRIPE_API_PROTOCOL ? { protocol: config.STRIPE_API_PROTOCOL } : {}),
        maxNetworkRetries: 2,
        timeout: 20_000,
      })
    : null;
  return { paypal, stripe };
}

/** The browser-side SDK origin, for the CSP (a non-PayPal host in tests). */
export function paypalSdkOrigin(config: Config): string {
  return new URL(config.PAYPAL_SDK_BASE).origin;
}
