// verifySession remembers the tokens it verified: a remembered token still expires on time,
// and counts only for the secret that verified it.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { signSession, verifySession } from './jwt';

const SECRET = 'a'.repeat(40);
const OTHER = 'b'.repeat(40);
const CLAIMS = { sub: '00000000-0000-4000-8000-000000000001', ver: 3 };
const LIMITS = { maxAge: '7d' };

describe('verifySession', () => {
  afterEach(() => vi.useRealTimers());

  it('gives the claims again from memory, and none once the token has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const token = await signSession(SECRET, '60s', CLAIMS);
    expect(await verifySession(SECRET, token, LIMITS)).toEqual(CLAIMS);
    vi.setSystemTime(Date.now() + 30_000);
    expect(await verifySession(SECRET, token, LIMITS)).toEqual(CLAIMS);
    vi.setSystemTime(Date.now() + 31_000);
    expect(await verifySession(SECRET, token, LIMITS)).toBeNull();
  });

  it('refuses a remembered token under another secret', async () => {
    const token = await signSession(SECRET, '1h', CLAIMS);
    expect(await verifySession(SECRET, token, LIMITS)).toEqual(CLAIMS);
    expect(await verifySession(OTHER, token, LIMITS)).toBeNull();
    expect(await verifySession(SECRET, token, LIMITS)).toEqual(CLAIMS);
  });

  it('refuses a token whose signature was altered, remembered or not', async () => {
    const token = await signSession(SECRET, '1h', CLAIMS);
    expect(await verifySession(SECRET, token, LIMITS)).toEqual(CLAIMS);
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await verifySession(SECRET, forged, LIMITS)).toBeNull();
  });
});
