// Authentication from the `token` header (docs/product.md → Roles and permissions). Routes opt in with
// `preHandler: requireUser` or `preHandler: requireAdmin`; handlers then read req.user.
// The user row comes from the session cache (plugins/session-cache.ts): held for seconds,
// dropped on every replica the moment the row changes, so role changes and password changes
// (token version) still take effect at once.

import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role, UserType } from '@store/shared/constants';
import { MSG } from '@store/shared/messages';
import { users } from '../db/schema';
import { AppError } from '../lib/errors';
import { verifySession } from '../lib/jwt';
import type { Db, Queryable } from '../db/client';
import type { SessionCache, SessionUser } from './session-cache';

export interface AuthUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  userType: UserType;
}

declare module 'fastify' {
  interface FastifyRequest {
    user?: AuthUser;
  }
  interface FastifyInstance {
    /** Session users held in memory, dropped on change (plugins/session-cache.ts). */
    sessions: SessionCache;
  }
}

/** Reads a session's user by id: one prepared primary-key lookup. */
const SESSION_COLUMNS = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  userType: users.userType,
  tokenVersion: users.tokenVersion,
};

export function sessionUserLoader(db: Db): (id: string) => Promise<SessionUser | null> {
  const query = db
    .select(SESSION_COLUMNS)
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('auth_session_user');
  return async (id) => (await query.execute({ id }))[0] ?? null;
}

/** The session rows of many users at once (the stream warm-up), as sessionUserLoader reads one. */
export async function loadSessionUsers(db: Queryable, ids: readonly string[]): Promise<SessionUser[]> {
  const found: SessionUser[] = [];
  for (let i = 0; i < ids.length; i += 1000) {
    found.push(
      ...(await db
        .select(SESSION_COLUMNS)
        .from(users)
        .where(inArray(users.id, ids.slice(i, i + 1000)))),
    );
  }
  return found;
}

/** The authenticated user, or null when there is no valid token. Never throws. */
export async function readUser(req: FastifyRequest): Promise<AuthUser | null> {
  const header = req.headers.token;
  const token = Array.isArray(header) ? header[0] : header;
  if (!token || token.length > 2048) return null;
  const { JWT_SECRET, JWT_SECRET_PREVIOUS, JWT_ROTATED_AT, JWT_TTL } = req.server.config;
  // While a rotation runs (docs/operations.md), sessions the old secret signed before the
  // rotation still count; one it signed afterwards is a forgery with a retired key.
  const claims =
    (await verifySession(JWT_SECRET, token, { maxAge: JWT_TTL })) ??
    (JWT_SECRET_PREVIOUS
      ? await verifySession(JWT_SECRET_PREVIOUS, token, {
          maxAge: JWT_TTL,
          issuedBefore: JWT_ROTATED_AT ?? 0,
        })
      : null);
  if (!claims) return null;
  if (!/^[0-9a-f-]{36}$/i.test(claims.sub)) return null;
  const row = await req.server.sessions.user(claims.sub, claims.ver);
  if (!row || row.tokenVersion !== claims.ver) return null;
  return { id: row.id, name: row.name, email: row.email, role: row.role, userType: row.userType };
}

/** preHandler: 401 without a valid token. */
export async function requireUser(req: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const user = await readUser(req);
  if (!user) throw new AppError('unauthorized', req.headers.token ? MSG.sessionExpired : MSG.unauthorized);
  req.user = user;
}

/** preHandler: 401 without a valid token, 403 for a non-admin. */
export async function requireAdmin(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireUser(req, reply);
  if (req.user?.role !== 'admin') throw new AppError('forbidden', MSG.forbidden);
}

/** The user set by requireUser/requireAdmin (throws if a route forgot the preHandler). */
export function currentUser(req: FastifyRequest): AuthUser {
  if (!req.user) throw new AppError('unauthorized', MSG.unauthorized);
  return req.user;
}
