// Session tokens: JWT HS256 (fixed algorithm allowlist), with expiry, issue time and the
// user's token version, so a password change invalidates older tokens. A token must carry
// both `exp` and `iat`, and is refused once older than the session lifetime whatever its
// `exp` says; a token of the previous secret counts only if issued before the rotation.

import { webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export interface SessionClaims {
  sub: string;
  /** users.tokenVersion at issue time. */
  ver: number;
}

const ISSUER = 'tienda-amacc';
const AUDIENCE = 'session';

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signSession(secret: string, ttl: string, claims: SessionClaims): Promise<string> {
  return new SignJWT({ ver: claims.ver })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(ttl)
    .sign(key(secret));
}

// Verifying a token costs a WebCrypto HMAC job (a hand-off to the thread pool and back), and
// every request carries one: a token that verified is remembered, with its claims, until it
// expires (at most VERIFIED_MS; at most VERIFIED_MAX tokens, the oldest go first), and its
// issue time is checked against the limits again on every use. Nothing else about a token
// can change: a password change or a demotion is the token version's and the role's, read
// from the session cache (plugins/session-cache.ts) on every request.
const VERIFIED_MS = 10 * 60_000;
const VERIFIED_MAX = 100_000;
const verified = new Map<string, { secret: string; claims: SessionClaims; iat: number; until: number }>();
/** The secret as a WebCrypto key, imported once (jose would import a raw key on every call). */
const verifyKeys = new Map<string, Promise<webcrypto.CryptoKey>>();

function verifyKey(secret: string): Promise<webcrypto.CryptoKey> {
  let found = verifyKeys.get(secret);
  if (!found) {
    // Several secrets live in one process only in tests (an app each).
    if (verifyKeys.size >= 16) verifyKeys.clear();
    found = webcrypto.subtle.importKey('raw', key(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'verify',
    ]);
    verifyKeys.set(secret, found);
  }
  return found;
}

/** How far in the future an issue time may be (clocks of replicas differ a little). */
const IAT_SKEW_S = 60;

export interface VerifyLimits {
  /** The session lifetime (JWT_TTL, e.g. "7d"): an older token is refused whatever its `exp`. */
  maxAge: string;
  /** Epoch ms: only tokens issued before it count (the previous secret, until its rotation). */
  issuedBefore?: number;
}

/** The session lifetime in seconds ("7d", "12h", "30m", "45s"). */
export function ttlSeconds(ttl: string): number {
  const m = /^(\d+)([smhd])$/.exec(ttl);
  if (!m) throw new Error(`invalid session lifetime: ${ttl}`);
  return Number(m[1]) * { s: 1, m: 60, h: 3600, d: 86_400 }[m[2] as 's' | 'm' | 'h' | 'd'];
}

/** Whether an issue time (epoch s) is within the limits at `now` (epoch ms). */
function issuedWithin(iat: number, limits: VerifyLimits, now: number): boolean {
  if (iat * 1000 > now + IAT_SKEW_S * 1000) return false;
  if ((iat + ttlSeconds(limits.maxAge)) * 1000 <= now) return false;
  return limits.issuedBefore === undefined || iat * 1000 < limits.issuedBefore;
}

/** The claims of a valid, unexpired session token within `limits`; null otherwise. */
export async function verifySession(
  secret: string,
  token: string,
  limits: VerifyLimits,
): Promise<SessionClaims | null> {
  const now = Date.now();
  const known = verified.get(token);
  if (known && known.secret === secret && known.until > now) {
    return issuedWithin(known.iat, limits, now) ? known.claims : null;
  }
  try {
    const { payload } = await jwtVerify(token, await verifyKey(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['exp', 'iat'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
    const iat = payload.iat!;
    if (!issuedWithin(iat, limits, now)) return null;
    const claims = { sub: payload.sub, ver: payload.ver };
    const until = Math.min(now + VERIFIED_MS, payload.exp! * 1000);
    verified.delete(token);
    verified.set(token, { secret, claims, iat, until });
    if (verified.size > VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    return claims;
  } catch {
    return null;
  }
}
