// /api/user/*: register, login, profile, password reset (docs/product.md → API).

import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@store/shared/messages';
import { okResponse } from '@store/shared/schemas/common';
import {
  authResponse,
  loginBody,
  profileResponse,
  registerBody,
  resetPasswordBody,
  resetRequestBody,
} from '@store/shared/schemas/user';
import { AppError } from '../../lib/errors';
import { errorResponses, tokenSecurity } from '../../lib/route-schemas';
import { currentUser, requireUser } from '../../plugins/auth';
import { ipKey, rateLimits } from '../../plugins/rate-limit';
import {
  getProfile,
  login,
  logoutEverywhere,
  register,
  requestPasswordReset,
  resetPassword,
} from './service';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = rateLimits(app.config);
  // Failed logins (OWASP: at most 100 an hour per account), counted so that strangers cannot
  // lock the owner out: per account AND IP (a guesser's own address is locked for that
  // account), and per account across all IPs, which only refuses devices that never signed
  // in to the account (an IP with a successful login in the last 30 days is "known"). The
  // refusal points to the reset link, which works whatever the counters say.
  const hour = 60 * 60 * 1000;
  const max = app.config.RATE_LIMIT_ACCOUNT_LOGIN_MAX;
  const emailOf = (req: FastifyRequest) =>
    String((req.body as { email?: unknown } | undefined)?.email ?? '')
      .trim()
      .toLowerCase();
  const accountIpLimit = app.createRateLimit({
    max,
    timeWindow: hour,
    keyGenerator: (req) => `login-account-ip:${emailOf(req)}|${ipKey(req.ip)}`,
  });
  const accountLimit = app.createRateLimit({
    max,
    timeWindow: hour,
    keyGenerator: (req) => `login-account:${emailOf(req)}`,
  });
  const knownDevices = app.createRateLimit({
    max: Number.MAX_SAFE_INTEGER,
    timeWindow: 30 * 24 * hour,
    keyGenerator: (req) => `login-known:${emailOf(req)}|${ipKey(req.ip)}`,
  });
  const exhausted = (r: Awaited<ReturnType<typeof accountLimit>>) => !r.isAllowed && r.remaining === 0;
  const isKnownDevice = async (req: FastifyRequest) => {
    const r = await knownDevices(req, { increment: false });
    return !r.isAllowed && r.remaining < r.max;
  };

  app.post(
    '/register',
    {
      config: { rateLimit: limits.register },
      schema: {
        tags: ['user'],
        summary: 'Crear una cuenta (nombre en mayúsculas, A-Z, Ñ y espacios)',
        body: registerBody,
        response: { 200: authResponse, ...errorResponses(400, 409, 413, 429) },
      },
    },
    async (req) => {
      const token = await register(app.db.db, app.config, req.body);
      return { success: true as const, token, message: MSG.registerDone };
    },
  );

  app.post(
    '/login',
    {
      config: { rateLimit: limits.login },
      schema: {
        tags: ['user'],
        summary: 'Iniciar sesión; una cuenta que debe cambiar su contraseña recibe isFirstLogin y resetToken',
        body: loginBody,
        response: { 200: authResponse, ...errorResponses(400, 401, 429) },
      },
    },
    async (req) => {
      if (
        exhausted(await accountIpLimit(req, { increment: false })) ||
        (exhausted(await accountLimit(req, { increment: false })) && !(await isKnownDevice(req)))
      ) {
        throw new AppError('too_many_requests', MSG.loginLocked);
      }
      const result = await login(app.db.db, app.config, req.body);
      if (result.kind === 'failed') {
        await accountIpLimit(req);
        await accountLimit(req);
        throw new AppError('unauthorized', MSG.invalidCredentials);
      }
      await knownDevices(req);
      if (result.kind === 'firstLogin') {
        return {
          success: true as const,
          isFirstLogin: true,
          resetToken: result.resetToken,
          message: MSG.firstLoginChangePassword,
        };
      }
      return { success: true as const, isFirstLogin: false, token: result.token, message: MSG.loginDone };
    },
  );

  app.get(
    '/profile',
    {
      onRequest: requireUser,
      schema: {
        tags: ['user'],
        summary: 'Datos de la cuenta (incluye userType)',
        security: tokenSecurity,
        response: { 200: profileResponse, ...errorResponses(401) },
      },
    },
    async (req) => ({ success: true as const, user: await getProfile(app.db.db, currentUser(req).id) }),
  );

  app.post(
    '/logout-all',
    {
      onRequest: requireUser,
      schema: {
        tags: ['user'],
        summary: 'Cerrar sesión en todos los dispositivos (también en este)',
        security: tokenSecurity,
        response: { 200: okResponse, ...errorResponses(401) },
      },
    },
    async (req) => {
      await logoutEverywhere(app.db.db, currentUser(req).id);
      return { success: true as const, message: MSG.loggedOutEverywhere };
    },
  );

  app.post(
    '/reset-password-request',
    {
      config: { rateLimit: limits.resetRequest },
      schema: {
        tags: ['user'],
        summary: 'Pedir un enlace para restablecer la contraseña (misma respuesta exista o no la cuenta)',
        body: resetRequestBody,
        response: { 200: okResponse, ...errorResponses(400, 429) },
      },
    },
    async (req) => {
      await requestPasswordReset(app.db.db, app.mailSettings, req.body.email);
      return { success: true as const, message: MSG.resetRequestSent };
    },
  );

  app.post(
    '/reset-password',
    {
      config: { rateLimit: limits.resetRequest },
      schema: {
        tags: ['user'],
        summary: 'Elegir una nueva contraseña con el token del enlace (vale 1 hora, una sola vez)',
        body: resetPasswordBody,
        response: { 200: okResponse, ...errorResponses(400, 429) },
      },
    },
    async (req) => {
      await resetPassword(app.db.db, req.body.token, req.body.newPassword);
      return { success: true as const, message: MSG.resetDone };
    },
  );
};
