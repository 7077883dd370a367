// «Formas de pago» (docs/payments.md): the association turns the Mexican ways to pay on or off
// and sees what each needs from the server (Stripe's keys, the webhook URL and its events);
// and the payments waiting for cash at OXXO or a SPEI transfer, for the dashboard.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PAY_MSG } from '@store/shared/payment-messages';
import {
  paymentSettings,
  paymentSettingsResponse,
  paymentWaitsResponse,
} from '@store/shared/schemas/mx-payments';
import { errorResponses } from '../../../lib/route-schemas';
import { currentUser } from '../../../plugins/auth';
import { paymentReadiness, readPaymentSettings, savePaymentSettings } from '../../payments/settings';
import { paymentWaits } from './waits';

export const paymentSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payment-settings',
    {
      schema: {
        tags: ['admin'],
        summary: 'Formas de pago: tarjeta con MSI, OXXO y SPEI (Stripe), y lo que cada una necesita',
        response: { 200: paymentSettingsResponse },
      },
    },
    async () => ({
      success: true as const,
      settings: await readPaymentSettings(app.db.db),
      readiness: paymentReadiness(app.config),
    }),
  );

  app.put(
    '/payment-settings',
    {
      schema: {
        tags: ['admin'],
        summary: 'Guarda las formas de pago (solo se activa una que está lista); auditado',
        body: paymentSettings,
        response: { 200: paymentSettingsResponse, ...errorResponses(400) },
      },
    },
    async (req) => ({
      success: true as const,
      settings: await savePaymentSettings(app.db.db, app.config, req.body, currentUser(req).id),
      readiness: paymentReadiness(app.config),
      message: PAY_MSG.settingsSaved,
    }),
  );

  app.get(
    '/dashboard/payment-waits',
    {
      schema: {
        tags: ['admin'],
        summary: 'Pagos en espera de efectivo en OXXO o de una transferencia SPEI, con lo recibido',
        response: { 200: paymentWaitsResponse },
      },
    },
    async () => ({ success: true as const, waits: await paymentWaits(app.db.db) }),
  );
};
