// `npm run demo`: `npm start` with the local PayPal and Stripe simulators, so a paid purchase
// (PayPal, card, OXXO, SPEI) can be walked end to end on any machine. Its data lives apart
// from `npm start`'s (./data-demo unless DATA_DIR is set), so simulated orders never mix with
// anything else.
import path from 'node:path';
import { root } from './lib.mjs';

process.env.PAYPAL_SIMULATOR = 'true';
process.env.STRIPE_SIMULATOR = 'true';
process.env.DATA_DIR ??= path.join(root, 'data-demo');
await import('./start.mjs');
