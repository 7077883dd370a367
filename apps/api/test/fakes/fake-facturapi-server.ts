// The fake Facturapi as a process, for the browser journeys (e2e/playwright.config.ts):
// FAKE_FACTURAPI_PORT and FAKE_FACTURAPI_KEY. GET /health answers when it is up.

import { startFakeFacturapi } from './fake-facturapi';

const port = Number(process.env.FAKE_FACTURAPI_PORT ?? 3445);
const apiKey = process.env.FAKE_FACTURAPI_KEY ?? 'sk_test_e2e_facturapi';
const fake = await startFakeFacturapi({ port, apiKey });
console.log(`Facturapi falso en ${fake.url}`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
