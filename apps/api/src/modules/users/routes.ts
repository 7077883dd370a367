// /api/user/*: register, login (its lockout: login-limits.ts), profile, password reset
// (docs/product.md → API).

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG } from '@store/shared/messages';
import { okResponse } from '@store/shared/schemas/common';
import {
  authResponse,
  loginBody,
  profileResponse,
  registerBody,
  passwordLinkBody,
  passwordLinkResponse,
  resetPasswordBody,
  resetPasswordResponse,
  resetRequestBody,
} from '@store/shared/schemas/user';
import { AppError } from '../../lib/errors';
import { errorResponses, tokenSecurity } from '../../lib/route-schemas';
import { currentUser, requireUser } from '../../plugins/auth';
import { rateLimits } from '../../plugins/rate-limit';
import { loginLimits } from './login-limits';
import {
  getProfile,
  login,
  logoutEverywhere,
  register,
  requestPasswordReset,
  passwordLinkInfo,
  resetPassword,
} from './service';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const limits = rateLimits(app.config);
  const logins = loginLimits(app);

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
      if (await logins.locked(req)) throw new AppError('too_many_requests', MSG.loginLocked);
      const result = await login(app.db.db, app.config, req.body);
      if (result.kind === 'failed') {
        await logins.failed(req);
        throw new AppError('unauthorized', MSG.invalidCredentials);
      }
      await logins.succeeded(req);
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
        response: { 200: resetPasswordResponse, ...errorResponses(400, 429) },
      },
    },
    async (req) => {
      const { session } = await resetPassword(app.db.db, app.config, req.body.token, req.body.newPassword);
      return session
        ? { success: true as const, message: MSG.welcomePasswordSet, token: session }
        : { success: true as const, message: MSG.resetDone };
    },
  );

  app.post(
    '/password-link',
    {
      config: { rateLimit: limits.resetRequest },
      schema: {
        tags: ['user'],
        summary:
          'Lo que dice la página de un enlace para elegir contraseña (bienvenida con sus eventos, o restablecer), sin usarlo',
        body: passwordLinkBody,
        response: { 200: passwordLinkResponse, ...errorResponses(400, 429) },
      },
    },
    async (req) => {
      const info = await passwordLinkInfo(app.db.db, req.body.token);
      return {
        success: true as const,
        ...info,
        events: info.events.map((e) => ({
          name: e.name,
          days: e.days.map((d) => ({ label: d.label, startsAt: d.startsAt.getTime() })),
        })),
      };
    },
  );
};
