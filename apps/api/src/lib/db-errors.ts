// Recognises PostgreSQL errors by SQLSTATE, whether they come from node-postgres or PGlite
// (Drizzle may wrap them, so the cause chain is searched).

function sqlState(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 5 && e && typeof e === 'object'; i += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** unique_violation */
export function isUniqueViolation(err: unknown): boolean {
  return sqlState(err) === '23505';
}

/** check_violation (the seat and coupon limits' last line of defence). */
export function isCheckViolation(err: unknown): boolean {
  return sqlState(err) === '23514';
}
