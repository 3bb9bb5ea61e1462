import type { FieldError, Schema } from "./types.js";

type Problem = Schema<"Problem">;

interface ErrorInit {
  status: number | undefined;
  code: string;
  title: string;
  detail?: string | undefined;
  requestId?: string | undefined;
  errors?: readonly FieldError[] | undefined;
  type?: string | undefined;
  existingId?: string | undefined;
  problem?: Problem | undefined;
  idempotencyKey?: string | undefined;
  headers?: Headers | undefined;
  cause?: unknown;
}

/**
 * Every error of a call to the API. An error answer (`application/problem+json`) becomes the subclass of
 * its status; `ConnectionError` and `TimeoutError`, which never got an answer, have no `status`.
 */
export class BahiError extends Error {
  override readonly name: string = "BahiError";
  /** The HTTP status, or `undefined` when no answer arrived. */
  readonly status: number | undefined;
  /** Stable machine-readable code, e.g. `validation_failed`, `rate_limited`, `unknown_sku`. */
  readonly code: string;
  /** A short summary of the kind of problem, for people. */
  readonly title: string;
  /** What went wrong with this particular request, for people. */
  readonly detail: string | undefined;
  /** The request's id (`X-Request-Id`): quote it to support. */
  readonly requestId: string | undefined;
  /** The bad fields of a validation problem, each named by a JSON Pointer (`/items/0/qty`). */
  readonly errors: readonly FieldError[];
  /** The problem type URI, `urn:bahi:problem:<code>`. */
  readonly type: string | undefined;
  /** For a conflict with an existing object (a duplicate GSTIN or SKU), that object's id. */
  readonly existingId: string | undefined;
  /**
   * The answer's whole problem+json body, with every field the contract defines, also those without a
   * property here (`quota`, `limit` and `resets_at` of a 402 `plan_limit_exceeded`), when it had one.
   */
  readonly problem: Problem | undefined;
  /**
   * The `Idempotency-Key` a POST was sent with (yours, or the one the SDK made): send the same request
   * again with it, e.g. after a 409 `idempotency_request_in_progress` or a lost answer, and the server
   * replays the first one's outcome instead of acting twice.
   */
  readonly idempotencyKey: string | undefined;
  /** The answer's headers (rate-limit state among them). */
  readonly headers: Headers | undefined;

  constructor(init: ErrorInit) {
    const where = [init.status, init.code, init.requestId].filter((part) => part !== undefined).join(" ");
    super(
      `${init.detail ?? init.title} (${where})`,
      init.cause === undefined ? undefined : { cause: init.cause },
    );
    this.status = init.status;
    this.code = init.code;
    this.title = init.title;
    this.detail = init.detail;
    this.requestId = init.requestId;
    this.errors = init.errors ?? [];
    this.type = init.type;
    this.existingId = init.existingId;
    this.problem = init.problem;
    this.idempotencyKey = init.idempotencyKey;
    this.headers = init.headers;
  }
}

/** 400 (the request does not match the contract) or 422 (a business rule says no). */
export class ValidationError extends BahiError {
  override readonly name = "ValidationError";
}

/** 401: the API key is missing, malformed, unknown, revoked or expired. */
export class AuthenticationError extends BahiError {
  override readonly name = "AuthenticationError";
}

/** 402: the subscription is paused or a plan quota is spent (live mode only). */
export class PaymentRequiredError extends BahiError {
  override readonly name = "PaymentRequiredError";
}

/** 403: the key lacks the scope the operation needs. */
export class PermissionError extends BahiError {
  override readonly name = "PermissionError";
}

/** 404: no such object in this account and mode, or no such path. */
export class NotFoundError extends BahiError {
  override readonly name = "NotFoundError";
}

/** 409: a conflict with the current state, e.g. paying a cancelled invoice. */
export class ConflictError extends BahiError {
  override readonly name = "ConflictError";
}

/** 429: too many requests; the SDK has already retried as often as it was allowed to. */
export class RateLimitError extends BahiError {
  override readonly name = "RateLimitError";
  /** Seconds the server asked to wait (`Retry-After`), when it said. */
  readonly retryAfter: number | undefined;

  constructor(init: ErrorInit & { retryAfter: number | undefined }) {
    super(init);
    this.retryAfter = init.retryAfter;
  }
}

/** 5xx: Bahi failed; the SDK has already retried as often as it was allowed to. */
export class ServerError extends BahiError {
  override readonly name = "ServerError";
}

/** No answer: the network failed, after the SDK's retries. */
export class ConnectionError extends BahiError {
  override readonly name: string = "ConnectionError";

  constructor(
    cause: unknown,
    idempotencyKey?: string | undefined,
    code = "connection_error",
    title = "Could not reach Bahi",
  ) {
    super({ status: undefined, code, title, cause, idempotencyKey });
  }
}

/** No answer within the `timeout` of each attempt, after the SDK's retries. */
export class TimeoutError extends ConnectionError {
  override readonly name = "TimeoutError";

  constructor(timeout: number, idempotencyKey?: string | undefined) {
    super(undefined, idempotencyKey, "timeout", `No answer within ${timeout} ms`);
  }
}

const classOf: Record<number, typeof BahiError> = {
  400: ValidationError,
  401: AuthenticationError,
  402: PaymentRequiredError,
  403: PermissionError,
  404: NotFoundError,
  409: ConflictError,
  422: ValidationError,
};

function isProblem(body: unknown): body is Partial<Problem> {
  return typeof body === "object" && body !== null && !Array.isArray(body);
}

/** `Retry-After` as seconds from now: either delay-seconds or an HTTP date. */
export function retryAfterSeconds(value: string | null): number | undefined {
  if (value === null) return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/** Whether an answer's media type is `application/problem+json`, whatever its parameters. */
function isProblemJson(response: Response): boolean {
  return /^application\/problem\+json\s*(;|$)/i.test(response.headers.get("content-type") ?? "");
}

/**
 * The error for an error answer, from its problem+json body when it has one; `idempotencyKey` is the key
 * the request was sent with, if any.
 */
export function errorFromResponse(
  response: Response,
  body: unknown,
  idempotencyKey?: string | undefined,
): BahiError {
  const problem = isProblem(body) ? body : {};
  const status = response.status;
  const init: ErrorInit = {
    status,
    code: problem.code ?? `http_${status}`,
    title: problem.title ?? (response.statusText || `HTTP ${status}`),
    // A body that is not a problem (a proxy's error page) is still the best account of what happened.
    detail: problem.detail ?? (typeof body === "string" && body !== "" ? body.slice(0, 500) : undefined),
    requestId: problem.request_id ?? response.headers.get("x-request-id") ?? undefined,
    errors: problem.errors,
    type: problem.type,
    existingId: problem.existing_id,
    // Only an answer that says it is a problem is typed as one: a proxy's JSON error is not.
    problem: isProblemJson(response) && isProblem(body) ? (body as Problem) : undefined,
    idempotencyKey,
    headers: response.headers,
  };
  if (status === 429)
    return new RateLimitError({
      ...init,
      retryAfter: retryAfterSeconds(response.headers.get("retry-after")),
    });
  if (status >= 500) return new ServerError(init);
  const ErrorClass = classOf[status] ?? BahiError;
  return new ErrorClass(init);
}

/** The error of a body that the client-side validator refused; nothing was sent. */
export function clientValidationError(errors: readonly FieldError[]): ValidationError {
  return new ValidationError({
    status: 400,
    code: "validation_failed",
    title: "The request is not valid",
    detail: `Refused before sending: ${errors.map((e) => `${e.pointer} ${e.message}`).join("; ")}`,
    errors,
  });
}
