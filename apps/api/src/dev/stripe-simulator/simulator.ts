// Starts the local Stripe simulator beside the store (STRIPE_SIMULATOR=true, `npm run demo`):
// the same strict fake Stripe the tests use, on a free port of 127.0.0.1, with the simulator's
// keys. The store's Stripe client talks to it like to api.stripe.com; its events are POSTed,
// signed, to the store's webhook; browsers reach its checkout, voucher and transfer pages
// through the store (routes.ts), which is why its URLs are under PUBLIC_URL.

import { STRIPE_SIMULATOR_CREDENTIALS } from '../../config';
import { startFakeStripe, type FakeStripe, type FakeStripeOptions } from './fake-stripe';

export interface RunningStripeSimulator {
  /** Where its REST API listens: STRIPE_API_HOST, STRIPE_API_PORT, STRIPE_API_PROTOCOL. */
  url: string;
  host: string;
  port: number;
  fake: FakeStripe;
  close(): Promise<void>;
}

export async function startStripeSimulator(opts: {
  /** The store's PUBLIC_URL: its pages and its webhook. */
  publicUrl: string;
  /** How events reach the store (tests); default an HTTP POST to the store's webhook. */
  webhookTransport?: FakeStripeOptions['webhookTransport'];
}): Promise<RunningStripeSimulator> {
  const base = opts.publicUrl.replace(/\/+$/, '');
  const fake = await startFakeStripe({
    port: 0,
    secretKey: STRIPE_SIMULATOR_CREDENTIALS.secretKey,
    webhookSecret: STRIPE_SIMULATOR_CREDENTIALS.webhookSecret,
    publicBase: base,
    webhookUrl: `${base}/api/stripe/webhook`,
    ...(opts.webhookTransport ? { webhookTransport: opts.webhookTransport } : {}),
  });
  return { url: fake.url, host: fake.host, port: fake.port, fake, close: () => fake.close() };
}
