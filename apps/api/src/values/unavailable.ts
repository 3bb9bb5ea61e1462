/**
 * DATABASE_RETRY_AFTER_S: the Retry-After of a 503 while the database cannot be reached. postgres.js
 * opens a new connection for the next query after one fails, so the pool is back within a second or
 * two of PostgreSQL answering again.
 */
export const DATABASE_RETRY_AFTER_S = 2;

/** Errors of a connection, not of a statement: refused, reset, closed, or timed out connecting. */
const CONNECTION_CODES = new Set([
  // postgres.js
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  // Node's sockets
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);

/**
 * PostgreSQL's codes for a server that is going away or not there yet: class 08 (connection
 * exception), admin or crash shutdown (a restart), "the database system is starting up", and too
 * many connections.
 */
const UNAVAILABLE_STATES = new Set(["57P01", "57P02", "57P03", "53300"]);

/**
 * Whether `error` (or one of its causes: drizzle wraps the driver's) says that the database could
 * not be reached, as opposed to a statement that failed: the request may be retried as it was.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return someCode(
    error,
    (code) => CONNECTION_CODES.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith("08"),
  );
}

/**
 * STORAGE_RETRY_AFTER_S: the Retry-After of a 503 while the database's disk is full. Space returns
 * when the operator frees it, not by itself, so clients are asked to wait longer than for an outage;
 * the server needs no restart once it has.
 */
export const STORAGE_RETRY_AFTER_S = 30;

/**
 * Whether the database refused to write because its disk is full: PostgreSQL's SQLSTATE 53100
 * (`disk_full`, "could not extend file …: No space left on device"), as both drivers report it.
 */
export function isStorageFull(error: unknown): boolean {
  return someCode(error, (code) => code === "53100");
}

/**
 * The database's own words for a refused write (the innermost cause's message, such as "could not
 * extend file …: No space left on device"), without the statement and parameters that drizzle's error
 * carries: while a disk is full every write fails alike, and each would log its whole statement.
 */
export function rootReason(error: unknown): string {
  let reason = String(error);
  for (const e of causes(error)) {
    const message = (e as { message?: unknown }).message;
    if (typeof message === "string") reason = message;
  }
  return reason;
}

/** `error` and its causes, outermost first (drizzle wraps the driver's error), at most 8 deep. */
function* causes(error: unknown): Generator<object> {
  for (let e: unknown = error, depth = 0; e && typeof e === "object" && depth < 8; depth++) {
    yield e;
    e = (e as { cause?: unknown }).cause;
  }
}

/** Whether `error` or one of its causes has a code that `matches`. */
function someCode(error: unknown, matches: (code: string) => boolean): boolean {
  for (const e of causes(error)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && matches(code)) return true;
  }
  return false;
}
