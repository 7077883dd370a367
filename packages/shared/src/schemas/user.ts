// Account calls of docs/product.md → API.

import { z } from 'zod';
import { ROLES, USER_TYPES } from '../constants';
import { MSG } from '../messages';
import {
  COMMON_PASSWORDS,
  NAME_PATTERN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  normalizeName,
} from '../domain/validation';

export const emailField = z
  .string({ error: MSG.invalidEmail })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: MSG.invalidEmail }).max(254, { error: MSG.invalidEmail }));

export const newPasswordField = z
  .string({ error: MSG.passwordTooShort })
  .min(PASSWORD_MIN, { error: MSG.passwordTooShort })
  .max(PASSWORD_MAX, { error: MSG.passwordTooLong })
  .refine((p) => !COMMON_PASSWORDS.has(p.toLowerCase()), { error: MSG.passwordTooCommon });

export const nameField = z
  .string({ error: MSG.nameRequired })
  .transform(normalizeName)
  .pipe(
    z
      .string()
      .min(1, { error: MSG.nameRequired, abort: true })
      .min(2, { error: MSG.invalidName })
      .max(120, { error: MSG.invalidName })
      .regex(NAME_PATTERN, { error: MSG.invalidName }),
  );

export const registerBody = z.object({
  name: nameField,
  email: emailField,
  password: newPasswordField,
});
export type RegisterBody = z.input<typeof registerBody>;

export const loginBody = z.object({
  email: emailField,
  password: z
    .string({ error: MSG.invalidCredentials })
    .min(1, { error: MSG.invalidCredentials })
    .max(PASSWORD_MAX * 4),
});
export type LoginBody = z.input<typeof loginBody>;

export const authResponse = z.object({
  success: z.literal(true),
  token: z.string().optional(),
  isFirstLogin: z.boolean().optional(),
  resetToken: z.string().optional(),
  message: z.string().optional(),
});
export type AuthResponse = z.infer<typeof authResponse>;

export const resetRequestBody = z.object({ email: emailField });
export const resetPasswordBody = z.object({
  token: z.string({ error: MSG.resetTokenInvalid }).min(1, { error: MSG.resetTokenInvalid }).max(512),
  newPassword: newPasswordField,
});
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;
/** A first password (an account the store made for the person) also answers a session token. */
export const resetPasswordResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  token: z.string().optional(),
});

/** POST /api/user/password-link: what the set-password page says before the password is chosen. */
export const passwordLinkBody = resetPasswordBody.pick({ token: true });
export const passwordLinkResponse = z.object({
  success: z.literal(true),
  /**
   * `welcome`: an account the store made for the person (a team place, a transfer, an import);
   * `invalid`: an unknown, used or expired link (name empty).
   */
  kind: z.enum(['welcome', 'reset', 'invalid']),
  name: z.string(),
  events: z.array(
    z.object({
      name: z.string(),
      days: z.array(z.object({ label: z.string(), startsAt: z.number() })),
    }),
  ),
});
export type PasswordLinkResponse = z.infer<typeof passwordLinkResponse>;

export const publicUser = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  userType: z.enum(USER_TYPES),
  role: z.enum(ROLES),
});
export type PublicUser = z.infer<typeof publicUser>;

export const profileResponse = z.object({ success: z.literal(true), user: publicUser });
export type ProfileResponse = z.infer<typeof profileResponse>;
