// Starts the local PayPal simulator beside the store (PAYPAL_SIMULATOR=true, `npm run demo`):
// the same fake PayPal REST API the tests use, on a free port of 127.0.0.1, with the
// simulator's credentials. The store's PayPal client talks to it like to PayPal; browsers
// reach its SDK and approval step through the store (routes.ts).

import { PAYPAL_SIMULATOR_CREDENTIALS } from '../../config';
import { startFakePaypal } from './fake-paypal';

export interface RunningPaypalSimulator {
  /** Base of its REST API, for PAYPAL_API_BASE. */
  url: string;
  close(): Promise<void>;
}

export async function startPaypalSimulator(): Promise<RunningPaypalSimulator> {
  const fake = await startFakePaypal({ port: 0, ...PAYPAL_SIMULATOR_CREDENTIALS });
  return { url: fake.url, close: () => fake.close() };
}
