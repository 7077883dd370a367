// Runs the fake PayPal (REST API + /sdk/js) as its own process for browser journeys:
//   FAKE_PAYPAL_PORT=3341 npx tsx apps/api/src/dev/paypal-simulator/paypal-server.ts
// Credentials and webhook id are the fake's defaults (fake-client-id / fake-client-secret /
// WH-FAKE-0001), which e2e/playwright.config.ts hands to the store.

import { startFakePaypal } from './fake-paypal';

const port = Number(process.env.FAKE_PAYPAL_PORT ?? 3211);
const fake = await startFakePaypal({ port });
console.log(`PayPal falso en ${fake.url} (SDK en ${fake.url}/sdk/js)`);

const stop = () => void fake.close().finally(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
