// Recognises PostgreSQL errors by SQLSTATE, whether they come from node-postgres or PGlite
// (Drizzle may wrap them, so the cause chain is searched).

function pgError(err: unknown): { code: string; constraint?: string; message: string } | undefined {
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i += 1) {
    const { code, constraint, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return {
        code,
        message: typeof message === 'string' ? message : '',
        ...(typeof constraint === 'string' ? { constraint } : {}),
      };
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

function sqlState(err: unknown): string | undefined {
  return pgError(err)?.code;
}

/** unique_violation, of the named index or constraint when one is given. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = pgError(err);
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

/** check_violation (the seat and coupon limits' last line of defence). */
export function isCheckViolation(err: unknown): boolean {
  return sqlState(err) === '23514';
}

/** A database error stripped of the query's parameters: see withoutQueryParams. */
export class QueryFailedError extends Error {
  readonly code: string | undefined;
  readonly constraint: string | undefined;
  constructor(message: string, code?: string, constraint?: string) {
    super(message);
    this.name = 'QueryFailedError';
    this.code = code;
    this.constraint = constraint;
  }
}

/**
 * For queries whose parameters are secret (an e-mail with a one-time link): Drizzle's error
 * quotes every parameter in its message, and the driver's `detail` may hold the whole row, so
 * both would reach the log. The replacement keeps only what was being done, the SQLSTATE,
 * the constraint and PostgreSQL's own one-line message (which names columns, never values),
 * and no cause, so the functions above still recognise it.
 */
export function withoutQueryParams(err: unknown, what: string): QueryFailedError {
  const e = pgError(err);
  if (!e) return new QueryFailedError(what);
  return new QueryFailedError(`${what}: ${e.message} (${e.code})`, e.code, e.constraint);
}
