/**
 * Whether a failed query broke the named unique constraint. drizzle wraps driver errors, and
 * postgres.js and PGlite name the constraint in different fields.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const fields = e as { code?: string; constraint_name?: string; constraint?: string };
    if (fields.code === "23505") return (fields.constraint_name ?? fields.constraint) === constraint;
  }
  return false;
}
