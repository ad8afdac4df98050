/**
 * Recognising database errors by their SQLSTATE, whichever driver raised them
 * (pg and PGlite both set `code`) and whether Drizzle wrapped them (its
 * DrizzleQueryError keeps the driver's error as `cause`).
 */

const FOREIGN_KEY_VIOLATION = '23503';

function sqlStateOf(error: unknown): string | null {
  for (let current: unknown = error, depth = 0; current && typeof current === 'object' && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** A row referred to a row that is gone: for us, an account erased while its work was in flight. */
export function isForeignKeyViolation(error: unknown): boolean {
  return sqlStateOf(error) === FOREIGN_KEY_VIOLATION;
}
