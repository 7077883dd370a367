// The providers' webhooks, in a plugin of their own whose JSON parser keeps the raw body
// (signatures are over the exact bytes), rate limited per IP. Each provider brings its own
// webhook routes (PaymentProvider.webhooks); they are registered inside this plugin, whose
// parser they inherit.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { webhookAckResponse } from '@store/shared/schemas/payments';
import { errorResponses } from '../../lib/route-schemas';
import type { PaymentRouteContext } from './route-context';

/** The largest webhook body accepted: a provider's event is a few kilobytes. */
export const WEBHOOK_BODY_LIMIT = 64 * 1024;

/** What every webhook route shares: its answers, the per-IP limit and the body limit. */
export function webhookRoute(context: PaymentRouteContext, summary: string) {
  return {
    config: { rateLimit: context.limits.webhook },
    bodyLimit: WEBHOOK_BODY_LIMIT,
    schema: {
      tags: ['payments'],
      summary,
      response: { 200: webhookAckResponse, ...errorResponses(400, 413, 429, 503) },
    },
  };
}

export const webhookRoutes: FastifyPluginAsyncZod<PaymentRouteContext> = async (hooks, context) => {
  // Only in this plugin: JSON bodies arrive as the exact bytes the provider signed.
  hooks.removeContentTypeParser('application/json');
  hooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => {
    done(null, body);
  });
  for (const provider of Object.values(context.deps.providers)) {
    if (provider.webhooks) await hooks.register(provider.webhooks, context);
  }
};

/** The request body as the bytes the provider signed (empty when there was none). */
export function rawBuffer(body: unknown): Buffer {
  return Buffer.isBuffer(body) ? body : Buffer.alloc(0);
}

export function rawText(body: unknown): string {
  return rawBuffer(body).toString('utf8');
}
