// How long the server waits on a client, and on its own work, before it gives up on a request. Node's
// defaults suit no public server: 60 s for headers (a slowloris client holds its connection that
// long), 300 s for a request, no bound at all on a client that stops reading its answer.
import type { IncomingMessage, Server } from "node:http";
import type { MiddlewareHandler } from "hono";
import { ApiError } from "../values/problem.js";
import { type AppEnv, requestLogger } from "./context.js";

/**
 * HEADERS_TIMEOUT_MS: a client has this long from its connection (or the end of its previous request)
 * to send a request's headers, however slowly the bytes come; then it is answered 408 and closed.
 */
export const HEADERS_TIMEOUT_MS = 10_000;
/**
 * REQUEST_TIMEOUT_MS: the whole request, body included (an import's 10 MiB over a slow link), then
 * 408 and closed.
 */
export const REQUEST_TIMEOUT_MS = 120_000;
/**
 * IDLE_TIMEOUT_MS: a connection on which nothing moves either way for this long is closed: a body that
 * stopped half way, a client that does not read its answer (Node waits one period more when a write
 * was pending at the first: up to twice this). Longer than ANSWER_TIMEOUT_MS, so a request that the
 * server is still working on is answered first.
 */
export const IDLE_TIMEOUT_MS = 30_000;
/** KEEP_ALIVE_TIMEOUT_MS: an idle keep-alive connection between two requests is closed after this. */
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;
/**
 * CONNECTIONS_CHECK_INTERVAL_MS: how often Node looks for connections past HEADERS_TIMEOUT_MS or
 * REQUEST_TIMEOUT_MS (Node's 30 s would let a slowloris client stay up to 40 s).
 */
export const CONNECTIONS_CHECK_INTERVAL_MS = 1_000;
/**
 * ANSWER_TIMEOUT_MS: a /v1 request still without its answer after this long (waiting on a database
 * that does not answer) is answered 503 `timeout` with Retry-After. Below the 15 s after which the
 * fault suite's clients give up, and far above the slowest answer measured (GSTR-1 of a month of
 * 100,000 invoices, 3 s).
 */
export const ANSWER_TIMEOUT_MS = 10_000;
/** TIMEOUT_RETRY_AFTER_S: the Retry-After of that 503. */
export const TIMEOUT_RETRY_AFTER_S = 2;

export interface HttpTimeouts {
  readonly headersMs: number;
  readonly requestMs: number;
  readonly idleMs: number;
  readonly keepAliveMs: number;
  readonly checkIntervalMs: number;
  readonly answerMs: number;
}

export const DEFAULT_TIMEOUTS: HttpTimeouts = {
  headersMs: HEADERS_TIMEOUT_MS,
  requestMs: REQUEST_TIMEOUT_MS,
  idleMs: IDLE_TIMEOUT_MS,
  keepAliveMs: KEEP_ALIVE_TIMEOUT_MS,
  checkIntervalMs: CONNECTIONS_CHECK_INTERVAL_MS,
  answerMs: ANSWER_TIMEOUT_MS,
};

/** node:http's options for the timeouts it checks itself. */
export function serverOptionsOf(timeouts: HttpTimeouts) {
  return {
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    connectionsCheckingInterval: timeouts.checkIntervalMs,
  };
}

/** The timeouts node:http has as properties only. */
export function applySocketTimeouts(server: Server, timeouts: HttpTimeouts): void {
  server.keepAliveTimeout = timeouts.keepAliveMs;
  // With no "timeout" listener, node:http destroys the socket.
  server.setTimeout(timeouts.idleMs);
}

/** How often the answer timeout looks whether a request's body has all arrived, once it is due. */
const BODY_POLL_MS = 100;

/**
 * Answers 503 `timeout` once `ms` have passed without an answer, counted from when the request has
 * arrived whole: a body still coming is the client's time, which REQUEST_TIMEOUT_MS and
 * IDLE_TIMEOUT_MS bound. The work goes on (a write may still commit: a retry under the same
 * Idempotency-Key then gets its answer); `outliving` is told of it so that a stopping server waits
 * for it.
 */
export function answerDeadline(
  ms: number,
  outliving: (work: Promise<unknown>) => void,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // @hono/node-server's bindings; absent for the application's in-process calls, whose body is whole.
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    let timer: NodeJS.Timeout | undefined;
    const work = next();
    const late = new Promise<never>((_, reject) => {
      const answerLate = () => {
        outliving(work);
        requestLogger(c).warn({ timeout_ms: ms }, "no answer in time: answering 503 timeout");
        reject(
          new ApiError(
            503,
            "timeout",
            `The request got no answer within ${ms / 1000} seconds. Retry in ${TIMEOUT_RETRY_AFTER_S} seconds with the same Idempotency-Key: a write that did commit is then answered as it was.`,
            { headers: { "Retry-After": String(TIMEOUT_RETRY_AFTER_S) } },
          ),
        );
      };
      // Due while the body is still coming: look again shortly, and count `ms` afresh once it is whole.
      const whole = () => !incoming || incoming.complete;
      const afterBody = () => {
        timer = whole() ? setTimeout(answerLate, ms) : setTimeout(afterBody, BODY_POLL_MS);
      };
      const due = () => (whole() ? answerLate() : afterBody());
      timer = setTimeout(due, ms);
    });
    try {
      await Promise.race([work, late]);
    } finally {
      clearTimeout(timer);
    }
  };
}
