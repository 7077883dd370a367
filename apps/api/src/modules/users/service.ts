// Account rules (docs/product.md → Login form, First login): registration, login (with the first-login flow
// for accounts the association created), profile, and password reset by e-mail.

import { MSG } from '@store/shared/messages';
import type { PublicUser } from '@store/shared/schemas/user';
import type { Config } from '../../config';
import type { Db, Queryable } from '../../db/client';
import { AppError } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/db-errors';
import { signSession } from '../../lib/jwt';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords';
import { hashSecretToken, newSecretToken } from '../../lib/secret-tokens';
import { enqueueEmail } from '../mail/outbox';
import { findGreetingName } from '../mail/greeting';
import { passwordResetEmail } from '../mail/catalogue/password-reset';
import type { MailSettings } from '../mail/settings';
import {
  bumpTokenVersion,
  consumeResetToken,
  findUserByEmail,
  findResetTokenHolder,
  findUpcomingHeldDays,
  findUserById,
  insertResetToken,
  insertUser,
  revokeResetTokens,
  setPassword,
  type UserRow,
} from './repo';

/** Reset links (and first-login tokens) are valid one hour. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

function sessionFor(config: Config, user: Pick<UserRow, 'id' | 'tokenVersion'>): Promise<string> {
  return signSession(config.JWT_SECRET, config.JWT_TTL, { sub: user.id, ver: user.tokenVersion });
}

export async function register(
  db: Db,
  config: Config,
  body: { name: string; email: string; password: string },
): Promise<string> {
  if (await findUserByEmail(db, body.email)) throw new AppError('conflict', MSG.emailTaken);
  const passwordHash = await hashPassword(body.password);
  try {
    const user = await insertUser(db, { name: body.name, email: body.email.toLowerCase(), passwordHash });
    return await sessionFor(config, user);
  } catch (err) {
    // Two registrations racing for one e-mail: the unique index decides.
    if (isUniqueViolation(err)) throw new AppError('conflict', MSG.emailTaken);
    throw err;
  }
}

export type LoginResult =
  { kind: 'session'; token: string } | { kind: 'firstLogin'; resetToken: string } | { kind: 'failed' };

/**
 * Checks the password (against a dummy hash when the e-mail is unknown or the account has no
 * password yet, so every failure takes the same time and answers the same). An account made
 * for someone else (a colleague's transfer, a team place, an import) has none until its owner
 * chooses one through the e-mailed link or a reset. An account with "must change password"
 * gets a one-hour reset token instead of a session.
 */
export async function login(
  db: Db,
  config: Config,
  body: { email: string; password: string },
): Promise<LoginResult> {
  const user = await findUserByEmail(db, body.email);
  const hash = user?.passwordHash ?? null;
  const ok = await verifyPassword(hash ?? (await dummyPasswordHash()), body.password);
  if (!user || hash === null || !ok) return { kind: 'failed' };
  if (user.mustChangePassword) return { kind: 'firstLogin', resetToken: await createResetToken(db, user.id) };
  return { kind: 'session', token: await sessionFor(config, user) };
}

export async function getProfile(db: Queryable, userId: string): Promise<PublicUser> {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('unauthorized', MSG.unauthorized);
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    userType: user.userType,
    role: user.role,
  };
}

/** A new single-use reset token for the user (the raw token; only its hash is stored). */
export async function createResetToken(db: Queryable, userId: string, now = new Date()): Promise<string> {
  const token = newSecretToken();
  await insertResetToken(db, {
    userId,
    tokenHash: hashSecretToken(token),
    expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
  });
  return token;
}

/**
 * Sends a reset link when the account exists; does nothing otherwise. The caller answers
 * the same either way, so the call cannot tell who has an account.
 */
export async function requestPasswordReset(db: Db, mail: MailSettings, email: string): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user) return;
  await db.transaction(async (tx) => {
    const token = await createResetToken(tx, user.id);
    const name = (await findGreetingName(tx, user.id)) ?? user.name;
    await enqueueEmail(tx, passwordResetEmail(mail, { to: user.email, name, token }));
  });
}

/** What a set-password link's page says before the password is chosen. */
export interface PasswordLinkInfo {
  /**
   * `welcome`: the store made the account for the person (a team place, a transfer, an import);
   * `invalid`: unknown, used or expired (said on arrival, before a password is typed).
   */
  kind: 'welcome' | 'reset' | 'invalid';
  name: string;
  /** For a welcome: the events whose days the person holds and that have not ended. */
  events: { name: string; days: { label: string; startsAt: Date }[] }[];
}

/** Reads a set-password link without using it. */
export async function passwordLinkInfo(db: Db, token: string, now = new Date()): Promise<PasswordLinkInfo> {
  const holder = await findResetTokenHolder(db, hashSecretToken(token), now);
  if (!holder) return { kind: 'invalid', name: '', events: [] };
  if (holder.hasPassword) return { kind: 'reset', name: holder.name, events: [] };
  const events = new Map<string, PasswordLinkInfo['events'][number]>();
  for (const d of await findUpcomingHeldDays(db, holder.id, now)) {
    const event = events.get(d.productId) ?? { name: d.productName, days: [] };
    event.days.push({ label: d.label, startsAt: d.startsAt });
    events.set(d.productId, event);
  }
  return { kind: 'welcome', name: holder.name, events: [...events.values()] };
}

/**
 * Sets the new password with a valid, unused, unexpired token; every older session ends. The
 * first password of an account the store made for someone (they had none) also signs them in:
 * the e-mailed link proves the address as a reset does, and they came to use what they were
 * given. A reset answers no session: the person signs in with the new password.
 */
export async function resetPassword(
  db: Db,
  config: Config,
  token: string,
  newPassword: string,
): Promise<{ session: string | null }> {
  const passwordHash = await hashPassword(newPassword);
  const now = new Date();
  const user = await db.transaction(async (tx) => {
    const userId = await consumeResetToken(tx, hashSecretToken(token), now);
    if (!userId) throw new AppError('bad_request', MSG.resetTokenInvalid);
    const before = await findUserById(tx, userId);
    await setPassword(tx, userId, passwordHash);
    await revokeResetTokens(tx, userId, now);
    return before?.passwordHash === null ? await findUserById(tx, userId) : null;
  });
  return { session: user ? await sessionFor(config, user) : null };
}

/** "Cerrar sesión en todos los dispositivos": every session of the account ends, this one too. */
export async function logoutEverywhere(db: Db, userId: string): Promise<void> {
  await bumpTokenVersion(db, userId);
}
