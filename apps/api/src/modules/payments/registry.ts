// Every way to pay, by the payment method stored on an order (provider.ts), and the payment
// dependencies built from the configuration. Only composition code (routes, jobs, the admin
// routes, tests) imports this file: generic payment code reaches the providers through
// `deps.providers`, so no provider ever imports the code that calls it.

import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { cashProvider } from './cash';
import { createPaymentClients, type PaymentClients } from './clients';
import { freeProvider } from './free';
import { paypalProvider } from './paypal/provider';
import type { PaymentProviders } from './provider';
import type { PaymentDeps, PaymentLog } from './settle';
import { oxxoProvider } from './stripe/oxxo';
import { speiProvider } from './stripe/spei';
import { stripeProvider } from './stripe/provider';

export const PAYMENT_PROVIDERS: PaymentProviders = {
  paypal: paypalProvider,
  stripe: stripeProvider,
  cod: cashProvider,
  free: freeProvider,
  oxxo: oxxoProvider,
  spei: speiProvider,
};

export function createPaymentDeps(input: {
  db: Db;
  config: Config;
  log: PaymentLog;
  /** Defaults to the clients configured in `config`. */
  clients?: PaymentClients;
}): PaymentDeps {
  return {
    db: input.db,
    config: input.config,
    clients: input.clients ?? createPaymentClients(input.config),
    providers: PAYMENT_PROVIDERS,
    log: input.log,
  };
}
