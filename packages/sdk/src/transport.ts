import { ConnectionError, retryAfterSeconds, TimeoutError } from "./errors.js";

export type Fetch = (request: Request) => Promise<Response>;

interface AttemptSettings {
  fetch: Fetch;
  maxRetries: number;
  timeout: number;
  signal?: AbortSignal | undefined;
  idempotencyKey?: string | undefined;
}

const BACKOFF_BASE_MS = 500;
const BACKOFF_CAP_MS = 8_000;
/** A longer `Retry-After` is not slept through: the caller gets the `RateLimitError` and decides. */
const MAX_RETRY_AFTER_MS = 60_000;
/** Statuses whose answer may not have a body, so `new Response()` refuses one. */
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

/**
 * The wait before retry n (from 0): "full jitter", uniform in [0, min(cap, base * 2^n)), so that clients
 * failing together do not retry together.
 */
function backoff(retry: number): number {
  return Math.random() * Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** retry);
}

/** A random UUID v4 from `getRandomValues`, which (unlike `randomUUID`) browsers offer outside HTTPS too. */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Methods whose failed attempt may be sent again whatever became of it. A GET only reads; every POST
 * carries an `Idempotency-Key`, so the server answers a repeat from its record instead of acting twice;
 * the contract's PATCHes set fields to values, so a repeat leaves the object as the first left it. The
 * server honours no key on a DELETE, and a DELETE sent again after it worked answers 404, so it (like
 * any other method) is retried only when the server cannot have acted on it: see `certainlyNotActedOn`.
 */
const REPEATABLE_METHODS = new Set(["GET", "HEAD", "POST", "PATCH"]);

/**
 * Error codes (on the `cause` chain of Node's fetch error) of a connection that failed before the
 * request was sent. A reset or a timeout may come after the server received it, so they are not here.
 */
const NOT_SENT_CODES = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/**
 * Sends a request, retrying network errors, timeouts, 429, 5xx and 409 `idempotency_request_in_progress`
 * as far as its method allows (`REPEATABLE_METHODS`). This wraps fetch rather than being openapi-fetch
 * middleware because middleware cannot send a request again. A POST carries one `Idempotency-Key` over
 * all its attempts, so a retried create is replayed by the server instead of done twice.
 */
export async function sendWithRetries(request: Request, settings: AttemptSettings): Promise<Response> {
  if (request.method === "POST" && !request.headers.has("idempotency-key"))
    request.headers.set("Idempotency-Key", settings.idempotencyKey ?? newIdempotencyKey());
  const repeatable = REPEATABLE_METHODS.has(request.method);
  for (let retry = 0; ; retry++) {
    let wait: number | undefined;
    try {
      const response = await attempt(request.clone(), settings);
      wait = await retryWait(response, retry, repeatable);
      if (wait === undefined || retry >= settings.maxRetries) return response;
    } catch (error) {
      if (!(error instanceof ConnectionError) || retry >= settings.maxRetries) throw error;
      if (!repeatable && !certainlyNotActedOn(error)) throw error;
      wait = backoff(retry);
    }
    await sleep(wait, settings.signal);
  }
}

/** One attempt, its body read in full so that the timeout covers it and a retry decision can look at it. */
async function attempt(request: Request, settings: AttemptSettings): Promise<Response> {
  const { signal } = settings;
  signal?.throwIfAborted();
  const controller = new AbortController();
  const forwardAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener("abort", forwardAbort, { once: true });
  const idempotencyKey = request.headers.get("idempotency-key") ?? undefined;
  const timer = setTimeout(
    () => controller.abort(new TimeoutError(settings.timeout, idempotencyKey)),
    settings.timeout,
  );
  try {
    const response = await untilAborted(
      settings.fetch(new Request(request, { signal: controller.signal })),
      controller.signal,
    );
    const body = NULL_BODY_STATUSES.has(response.status)
      ? null
      : await untilAborted(response.arrayBuffer(), controller.signal);
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    if (controller.signal.aborted) throw controller.signal.reason;
    throw new ConnectionError(error, idempotencyKey);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", forwardAbort);
  }
}

/** Settles with `promise`, or rejects with the signal's reason when it aborts first: not every fetch stops its body. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** Whether a connection error is one that failed before the request left, so the server never saw it. */
function certainlyNotActedOn(error: ConnectionError): boolean {
  for (let cause = error.cause; typeof cause === "object" && cause !== null; cause = (cause as Error).cause) {
    if (NOT_SENT_CODES.has(String((cause as { code?: unknown }).code))) return true;
  }
  return false;
}

/**
 * How long to wait before retrying this answer, or `undefined` when it is final. A 429 is refused before
 * anything is done, so it is retried whatever the method; a 5xx may come after the work was done.
 */
async function retryWait(
  response: Response,
  retry: number,
  repeatable: boolean,
): Promise<number | undefined> {
  const { status } = response;
  const retryable =
    status === 429 ||
    (repeatable &&
      (status >= 500 ||
        (status === 409 && (await problemCode(response)) === "idempotency_request_in_progress")));
  if (!retryable) return undefined;
  const retryAfter = retryAfterSeconds(response.headers.get("retry-after"));
  if (retryAfter === undefined) return backoff(retry);
  return retryAfter * 1000 <= MAX_RETRY_AFTER_MS ? retryAfter * 1000 : undefined;
}

async function problemCode(response: Response): Promise<unknown> {
  try {
    return ((await response.clone().json()) as { code?: unknown }).code;
  } catch {
    return undefined;
  }
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
