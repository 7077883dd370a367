// Failed logins (OWASP: at most 100 an hour per account), counted so that strangers cannot
// lock the owner out: per account AND IP (a guesser's own address is locked for that account),
// and per account across all IPs, which only refuses devices that never signed in to the
// account (an IP with a successful login in the last 30 days is "known"). The refusal points
// to the reset link, which works whatever the counters say.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ipKey } from '../../plugins/rate-limit';

const HOUR = 60 * 60 * 1000;

export interface LoginLimits {
  /** Whether this login attempt is refused before the password is even checked. */
  locked(req: FastifyRequest): Promise<boolean>;
  /** A wrong password: counts against the account, from this address and overall. */
  failed(req: FastifyRequest): Promise<void>;
  /** A successful login: this address becomes a known device of the account. */
  succeeded(req: FastifyRequest): Promise<void>;
}

export function loginLimits(app: FastifyInstance): LoginLimits {
  const max = app.config.RATE_LIMIT_ACCOUNT_LOGIN_MAX;
  const emailOf = (req: FastifyRequest) =>
    String((req.body as { email?: unknown } | undefined)?.email ?? '')
      .trim()
      .toLowerCase();
  const accountIpLimit = app.createRateLimit({
    max,
    timeWindow: HOUR,
    keyGenerator: (req) => `login-account-ip:${emailOf(req)}|${ipKey(req.ip)}`,
  });
  const accountLimit = app.createRateLimit({
    max,
    timeWindow: HOUR,
    keyGenerator: (req) => `login-account:${emailOf(req)}`,
  });
  const knownDevices = app.createRateLimit({
    max: Number.MAX_SAFE_INTEGER,
    timeWindow: 30 * 24 * HOUR,
    keyGenerator: (req) => `login-known:${emailOf(req)}|${ipKey(req.ip)}`,
  });
  const exhausted = (r: Awaited<ReturnType<typeof accountLimit>>) => !r.isAllowed && r.remaining === 0;
  const isKnownDevice = async (req: FastifyRequest) => {
    const r = await knownDevices(req, { increment: false });
    return !r.isAllowed && r.remaining < r.max;
  };
  return {
    async locked(req) {
      return (
        exhausted(await accountIpLimit(req, { increment: false })) ||
        (exhausted(await accountLimit(req, { increment: false })) && !(await isKnownDevice(req)))
      );
    },
    async failed(req) {
      await accountIpLimit(req);
      await accountLimit(req);
    },
    async succeeded(req) {
      await knownDevices(req);
    },
  };
}
