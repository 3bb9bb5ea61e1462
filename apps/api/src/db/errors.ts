/**
 * Whether a failed query broke the named unique constraint. drizzle wraps driver errors, and
 * postgres.js and PGlite name the constraint in different fields.
 */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const fields = sqlStateOf(error, "23505") as { constraint_name?: string; constraint?: string } | null;
  return fields !== null && (fields.constraint_name ?? fields.constraint) === constraint;
}

/** Whether a failed query gave up waiting for a lock (`lock_timeout`). */
export function isLockTimeout(error: unknown): boolean {
  return sqlStateOf(error, "55P03") !== null;
}

function sqlStateOf(error: unknown, code: string): object | null {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === code) return e;
  }
  return null;
}
