/**
 * True for PostgreSQL's unique_violation (23505). Drizzle wraps driver errors, and pg and PGlite
 * put the code in different places, so the cause chain is searched.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if ((current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
