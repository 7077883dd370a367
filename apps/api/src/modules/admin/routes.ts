// /api/admin/*: the back office. One onRequest hook checks the admin role (and counts the
// call against RATE_LIMIT_ADMIN_MAX) for every route registered in this scope, before the
// body is even read, so no route can forget it (and an anonymous upload is refused before a
// byte is parsed).

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSessionResponse } from '@store/shared/schemas/admin/session';
import { errorResponses, tokenSecurity } from '../../lib/route-schemas';
import { MSG } from '@store/shared/messages';
import { AppError } from '../../lib/errors';
import { currentUser, requireAdmin } from '../../plugins/auth';
import { ipKey, rateLimits } from '../../plugins/rate-limit';
import { attendanceRoutes } from './attendance/routes';
import { attendeeRoutes } from './attendees/routes';
import { auditRoutes } from './audit/routes';
import { couponRoutes } from './coupons/routes';
import { dashboardRoutes } from './dashboard/routes';
import { demoDataRoutes } from './demo-data/routes';
import { eventRoutes } from './events/routes';
import { invoiceRoutes } from './invoices/routes';
import { memberRoutes } from './members/routes';
import { orderRoutes } from './orders/routes';
import { participantTypeAdminRoutes } from './participant-types/routes';
import { paymentSettingsRoutes } from './payment-settings/routes';
import { questionAdminRoutes } from './questions/routes';
import { signatureRoutes } from './signatures/routes';
import { uploadRoutes } from './uploads/routes';
import { waitlistRoutes } from './waitlist/routes';

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  // RATE_LIMIT_ADMIN_MAX calls per window: per admin account, or per IP for callers without
  // a valid token (so guessing tokens or hammering as a customer is limited too).
  const adminLimit = app.createRateLimit({
    ...rateLimits(app.config).admin,
    keyGenerator: (req) => (req.user ? `admin-user:${req.user.id}` : `admin-ip:${ipKey(req.ip)}`),
  });
  app.addHook('onRequest', async (req, reply) => {
    let refused: unknown;
    try {
      await requireAdmin(req, reply);
    } catch (err) {
      refused = err;
    }
    const limit = await adminLimit(req);
    if (!limit.isAllowed && limit.isExceeded) {
      reply.header('retry-after', limit.ttlInSeconds);
      throw new AppError('too_many_requests', MSG.rateLimited);
    }
    if (refused) throw refused;
  });
  // Documents what the hook enforces on every route of the scope: /api/docs shows the token
  // header and the 401/403 answers without each route repeating them.
  app.addHook('onRoute', (route) => {
    const schema = route.schema ?? {};
    route.schema = {
      ...schema,
      security: tokenSecurity,
      response: { ...errorResponses(401, 403), ...(schema.response as Record<number, unknown> | undefined) },
    };
  });

  app.get(
    '/session',
    {
      schema: {
        tags: ['admin'],
        summary: 'La cuenta de administración que hace la llamada',
        response: { 200: adminSessionResponse },
      },
    },
    async (req) => {
      const user = currentUser(req);
      return { success: true as const, user: { _id: user.id, name: user.name, email: user.email } };
    },
  );

  await app.register(dashboardRoutes, { prefix: '/dashboard' });
  await app.register(eventRoutes, { prefix: '/events' });
  await app.register(questionAdminRoutes, { prefix: '/events' });
  await app.register(uploadRoutes, { prefix: '/uploads' });
  await app.register(couponRoutes, { prefix: '/coupons' });
  await app.register(memberRoutes, { prefix: '/members' });
  await app.register(participantTypeAdminRoutes, { prefix: '/participant-types' });
  await app.register(orderRoutes, { prefix: '/orders' });
  await app.register(paymentSettingsRoutes);
  await app.register(attendeeRoutes, { prefix: '/attendees' });
  await app.register(waitlistRoutes, { prefix: '/waitlist' });
  await app.register(attendanceRoutes, { prefix: '/attendance' });
  await app.register(signatureRoutes, { prefix: '/constancia-signatures' });
  await app.register(invoiceRoutes, { prefix: '/invoices' });
  await app.register(auditRoutes, { prefix: '/audit' });
  await app.register(demoDataRoutes, { prefix: '/demo-data' });
};
