/** Recognising the database's own refusals, whichever driver (PGlite or PostgreSQL) raised them. */

/** True when the error is PostgreSQL's unique violation (two requests raced for one value). */
export function isUniqueViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
