// Session tokens: JWT HS256 (fixed algorithm allowlist), with expiry and the user's token
// version, so a password change invalidates older tokens.

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
// expires (at most VERIFIED_MS; at most VERIFIED_MAX tokens, the oldest go first). Nothing
// else about a token can change: a password change or a demotion is the token version's and
// the role's, read from the session cache (plugins/session-cache.ts) on every request.
const VERIFIED_MS = 10 * 60_000;
const VERIFIED_MAX = 100_000;
const verified = new Map<string, { secret: string; claims: SessionClaims; until: number }>();
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

/** The claims of a valid, unexpired session token; null otherwise. */
export async function verifySession(secret: string, token: string): Promise<SessionClaims | null> {
  const now = Date.now();
  const known = verified.get(token);
  if (known && known.secret === secret && known.until > now) return known.claims;
  try {
    const { payload } = await jwtVerify(token, await verifyKey(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
    const claims = { sub: payload.sub, ver: payload.ver };
    const until = Math.min(now + VERIFIED_MS, (payload.exp ?? 0) * 1000);
    verified.delete(token);
    verified.set(token, { secret, claims, until });
    if (verified.size > VERIFIED_MAX) verified.delete(verified.keys().next().value!);
    return claims;
  } catch {
    return null;
  }
}
