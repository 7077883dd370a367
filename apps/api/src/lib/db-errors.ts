// Recognises PostgreSQL errors by SQLSTATE, whether they come from node-postgres or PGlite
// (Drizzle may wrap them, so the cause chain is searched).

function pgError(err: unknown): { code: string; constraint?: string } | undefined {
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i += 1) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, ...(typeof constraint === 'string' ? { constraint } : {}) };
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
