// Session tokens: JWT HS256 (fixed algorithm allowlist), with expiry and the user's token
// version, so a password change invalidates older tokens.

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

/** The claims of a valid, unexpired session token; null otherwise. */
export async function verifySession(secret: string, token: string): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
    });
    if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
    return { sub: payload.sub, ver: payload.ver };
  } catch {
    return null;
  }
}
