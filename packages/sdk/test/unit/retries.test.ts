import { HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  ConflictError,
  ConnectionError,
  NotFoundError,
  RateLimitError,
  ServerError,
  TimeoutError,
  ValidationError,
} from "../../src/index.js";
import { fixtures, http, newBahi, problem, server, useMockApi } from "../support/mock-api.js";

useMockApi();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  // A whole second, so that an HTTP-date Retry-After (second resolution) is exact.
  vi.setSystemTime(new Date("2026-11-22T06:30:00.000Z"));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Answers `GET /v1/account` from a script, one entry per attempt, and records when each attempt came. */
function scriptAccount(...script: Array<() => Response | Promise<Response>>) {
  const times: number[] = [];
  server.use(
    http.get("/v1/account", ({ response }) => {
      times.push(Date.now());
      const next = script.shift();
      return next ? (next() as never) : response(200).json(fixtures.Account);
    }),
  );
  return times;
}

/** Lets a call run to its end under fake timers, and settles it for `expect` without an unhandled rejection. */
async function settle<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  const outcome = promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  await vi.runAllTimersAsync();
  return outcome;
}

/** An answer that never comes. (msw's `delay("infinite")` is a timer, which fake timers would run.) */
const hang = () => new Promise<never>(() => {});

const waits = (times: number[]) => times.slice(1).map((t, i) => t - (times[i] as number));

describe("retries", () => {
  it("retry 5xx with exponential backoff and full jitter, then return the answer", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0.5);
    const times = scriptAccount(
      () => problem(503, "unavailable"),
      () => problem(502, "bad_gateway"),
    );
    const { value } = await settle(newBahi().account.retrieve());
    expect(value).toEqual(fixtures.Account);
    // random(0, min(8 s, 0.5 s × 2^n)) with random() = 0.5: 250 ms, then 500 ms.
    expect(waits(times)).toEqual([250, 500]);
  });

  it("draw each wait uniformly below a cap that doubles from 0.5 s up to 8 s", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0.99);
    const times = scriptAccount(...Array.from({ length: 7 }, () => () => problem(500, "internal_error")));
    const { error } = await settle(newBahi({ maxRetries: 6 }).account.retrieve());
    expect(error).toBeInstanceOf(ServerError);
    expect(waits(times)).toEqual([495, 990, 1980, 3960, 7920, 7920]);

    vi.spyOn(Math, "random").mockReturnValue(0);
    const again = scriptAccount(
      () => problem(500, "internal_error"),
      () => problem(500, "internal_error"),
    );
    await settle(newBahi().account.retrieve());
    expect(waits(again)).toEqual([0, 0]);
  });

  it("wait as long as Retry-After says, in seconds or as an HTTP date, instead of the backoff", async () => {
    vi.spyOn(Math, "random").mockReturnValue(0.5);
    const times = scriptAccount(
      () => problem(429, "rate_limited", {}, { "retry-after": "3" }),
      () => problem(503, "unavailable", {}, { "retry-after": new Date(Date.now() + 5000).toUTCString() }),
    );
    const { value } = await settle(newBahi().account.retrieve());
    expect(value).toEqual(fixtures.Account);
    expect(waits(times)).toEqual([3000, 5000]);
  });

  it("give up at once, with retryAfter, when Retry-After is more than a minute", async () => {
    const times = scriptAccount(() => problem(429, "rate_limited", {}, { "retry-after": "120" }));
    const { error } = await settle(newBahi().account.retrieve());
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ status: 429, code: "rate_limited", retryAfter: 120 });
    expect(times).toHaveLength(1);
  });

  it("stop after maxRetries (default 2) and throw the last answer's error", async () => {
    const limited = () => problem(429, "rate_limited", {}, { "retry-after": "1" });
    const times = scriptAccount(limited, limited, limited, limited);
    const { error } = await settle(newBahi().account.retrieve());
    expect(times).toHaveLength(3);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(1);

    const failing = () => problem(500, "internal_error");
    const once = scriptAccount(failing, failing);
    expect((await settle(newBahi({ maxRetries: 0 }).account.retrieve())).error).toBeInstanceOf(ServerError);
    expect(once).toHaveLength(1);

    const perCall = scriptAccount(failing, failing);
    const { value } = await settle(newBahi({ maxRetries: 0 }).account.retrieve({ maxRetries: 2 }));
    expect(value).toEqual(fixtures.Account);
    expect(perCall).toHaveLength(3);
  });

  it("never retry a 4xx other than 429 and 409 idempotency_request_in_progress", async () => {
    for (const [status, code, ErrorClass] of [
      [400, "validation_failed", ValidationError],
      [404, "not_found", NotFoundError],
      [409, "invoice_cancelled", ConflictError],
      [422, "unknown_sku", ValidationError],
    ] as const) {
      const times = scriptAccount(() => problem(status, code));
      const { error } = await settle(newBahi().account.retrieve());
      expect(error).toBeInstanceOf(ErrorClass);
      expect(times, `${status}`).toHaveLength(1);
    }
  });

  it("retry a 409 idempotency_request_in_progress with the same Idempotency-Key", async () => {
    const keys: Array<string | null> = [];
    const script = [problem(409, "idempotency_request_in_progress")];
    server.use(
      http.post("/v1/api_keys", ({ request, response }) => {
        keys.push(request.headers.get("idempotency-key"));
        return (script.shift() as never) ?? response(201).json(fixtures.ApiKeyWithSecret);
      }),
    );
    const { value } = await settle(newBahi().apiKeys.create(fixtures.ApiKeyCreate));
    expect(value).toEqual(fixtures.ApiKeyWithSecret);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it("retry network errors, and throw ConnectionError when they persist", async () => {
    const times = scriptAccount(() => HttpResponse.error());
    expect((await settle(newBahi().account.retrieve())).value).toEqual(fixtures.Account);
    expect(times).toHaveLength(2);

    const failing = scriptAccount(...Array.from({ length: 3 }, () => () => HttpResponse.error()));
    const { error } = await settle(newBahi().account.retrieve());
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ status: undefined, code: "connection_error" });
    expect((error as Error).cause).toBeInstanceOf(TypeError);
    expect(failing).toHaveLength(3);
  });
});

describe("which methods are retried", () => {
  /** A network error of Node's fetch for a connection refused: nothing of the request was sent. */
  const refused = () =>
    new TypeError("fetch failed", {
      cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:8080"), { code: "ECONNREFUSED" }),
    });

  /** Answers `DELETE /v1/webhooks/{id}` from a script, one entry per attempt that reaches the server. */
  function scriptDelete(...script: Array<() => Response | Promise<Response>>) {
    const times: number[] = [];
    server.use(
      http.delete("/v1/webhooks/{id}", ({ response }) => {
        times.push(Date.now());
        const next = script.shift();
        return next ? (next() as never) : response(200).json(fixtures.WebhookDeleted);
      }),
    );
    return times;
  }

  it("retry a PATCH after a network error, a timeout or a 5xx: the contract's PATCHes set fields to values", async () => {
    const script = [() => HttpResponse.error(), hang, () => problem(503, "unavailable")];
    let attempts = 0;
    server.use(
      http.patch("/v1/products/{id}", ({ response }) => {
        attempts++;
        const next = script.shift();
        return next ? (next() as never) : response(200).json(fixtures.Product);
      }),
    );
    const bahi = newBahi({ maxRetries: 3, timeout: 1000 });
    const { value } = await settle(bahi.products.update("prd_1", fixtures.ProductUpdate));
    expect(value).toEqual(fixtures.Product);
    expect(attempts).toBe(4);
  });

  it("retry a DELETE after 429 and after a connection refused, which the server never acted on", async () => {
    const times = scriptDelete(() => problem(429, "rate_limited", {}, { "retry-after": "1" }));
    expect((await settle(newBahi().webhooks.del("whk_1"))).value).toEqual(fixtures.WebhookDeleted);
    expect(times).toHaveLength(2);

    const reached = scriptDelete();
    let sent = 0;
    const refusedOnce = (request: Request) => (++sent === 1 ? Promise.reject(refused()) : fetch(request));
    const { value } = await settle(newBahi({ fetch: refusedOnce }).webhooks.del("whk_1"));
    expect(value).toEqual(fixtures.WebhookDeleted);
    expect([sent, reached.length]).toEqual([2, 1]);
  });

  it("never retry a DELETE after a lost answer, a timeout or a 5xx: it may have been done", async () => {
    // Done, but the answer is lost: sent again, it would answer 404 for a delete that worked.
    let exists = true;
    const lost = scriptDelete(() => {
      exists = false;
      return HttpResponse.error();
    });
    const { error } = await settle(newBahi().webhooks.del("whk_1"));
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).not.toBeInstanceOf(NotFoundError);
    expect([exists, lost.length]).toEqual([false, 1]);

    const timedOut = scriptDelete(hang);
    expect((await settle(newBahi({ timeout: 1000 }).webhooks.del("whk_1"))).error).toBeInstanceOf(
      TimeoutError,
    );
    expect(timedOut).toHaveLength(1);

    const failed = scriptDelete(() => problem(503, "unavailable"));
    expect((await settle(newBahi().webhooks.del("whk_1"))).error).toBeInstanceOf(ServerError);
    expect(failed).toHaveLength(1);

    const reset = new TypeError("fetch failed", {
      cause: Object.assign(new Error("socket hang up"), { code: "ECONNRESET" }),
    });
    let sent = 0;
    const resetOnce = () => {
      sent++;
      return Promise.reject(reset);
    };
    const { error: dropped } = await settle(newBahi({ fetch: resetOnce }).webhooks.del("whk_1"));
    expect(dropped).toBeInstanceOf(ConnectionError);
    expect(sent).toBe(1);
  });
});

describe("idempotency keys", () => {
  function recordKeys(failFirst: number) {
    const keys: Array<string | null> = [];
    const bodies: unknown[] = [];
    server.use(
      http.post("/v1/invoices", async ({ request, response }) => {
        keys.push(request.headers.get("idempotency-key"));
        bodies.push(await request.json());
        return keys.length <= failFirst
          ? (problem(503, "unavailable") as never)
          : response(201).json(fixtures.Invoice);
      }),
    );
    return { keys, bodies };
  }

  it("give every POST a fresh UUID key, kept across the retries of that call", async () => {
    const { keys, bodies } = recordKeys(2);
    const bahi = newBahi();
    expect((await settle(bahi.invoices.create(fixtures.InvoiceCreate))).value).toEqual(fixtures.Invoice);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(bodies).toEqual([fixtures.InvoiceCreate, fixtures.InvoiceCreate, fixtures.InvoiceCreate]);

    await settle(bahi.invoices.create(fixtures.InvoiceCreate));
    expect(keys).toHaveLength(4);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it("use the caller's key when given, on every attempt", async () => {
    const { keys } = recordKeys(1);
    await settle(newBahi().invoices.create(fixtures.InvoiceCreate, { idempotencyKey: "order-1042" }));
    expect(keys).toEqual(["order-1042", "order-1042"]);
  });

  it("give a POST's error the key it was sent with, so that the caller can send it again safely", async () => {
    const keys: Array<string | null> = [];
    server.use(
      http.post("/v1/invoices", ({ request }) => {
        keys.push(request.headers.get("idempotency-key"));
        return problem(409, "idempotency_request_in_progress") as never;
      }),
    );
    const { error } = await settle(newBahi().invoices.create(fixtures.InvoiceCreate));
    expect(error).toBeInstanceOf(ConflictError);
    expect(keys).toHaveLength(3);
    expect(error).toMatchObject({ code: "idempotency_request_in_progress", idempotencyKey: keys[0] });

    const mine = await settle(
      newBahi().invoices.create(fixtures.InvoiceCreate, { idempotencyKey: "order-1042" }),
    );
    expect(mine.error).toMatchObject({ idempotencyKey: "order-1042" });

    const lost = await settle(
      newBahi({ fetch: () => Promise.reject(new TypeError("fetch failed")) }).invoices.create(
        fixtures.InvoiceCreate,
        { idempotencyKey: "order-1043" },
      ),
    );
    expect(lost.error).toBeInstanceOf(ConnectionError);
    expect(lost.error).toMatchObject({ idempotencyKey: "order-1043" });

    scriptAccount(() => problem(404, "not_found"));
    expect((await settle(newBahi().account.retrieve())).error).toMatchObject({ idempotencyKey: undefined });
  });

  it("send no key on a GET", async () => {
    let key: string | null = "unset";
    server.use(
      http.get("/v1/account", ({ request, response }) => {
        key = request.headers.get("idempotency-key");
        return response(200).json(fixtures.Account);
      }),
    );
    await settle(newBahi().account.retrieve());
    expect(key).toBeNull();
  });
});

describe("timeouts and cancellation", () => {
  it("abort an attempt after `timeout` ms, retry it, and throw TimeoutError", async () => {
    const times = scriptAccount(
      () => hang(),
      () => hang(),
    );
    vi.spyOn(Math, "random").mockReturnValue(0);
    const { error } = await settle(newBahi({ timeout: 1000, maxRetries: 1 }).account.retrieve());
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error).toMatchObject({ code: "timeout", status: undefined });
    expect(waits(times)).toEqual([1000]);
  });

  it("count the body against the timeout, not only the headers", async () => {
    scriptAccount(
      () =>
        new HttpResponse(
          new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode('{"id":')) }),
          {
            headers: { "content-type": "application/json" },
          },
        ),
    );
    const { error } = await settle(newBahi({ maxRetries: 0 }).account.retrieve({ timeout: 500 }));
    expect(error).toBeInstanceOf(TimeoutError);
  });

  it("default to 30 s", async () => {
    scriptAccount(hang);
    let outcome: unknown;
    newBahi({ maxRetries: 0 })
      .account.retrieve()
      .catch((e: unknown) => {
        outcome = e;
      });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(outcome).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toBeInstanceOf(TimeoutError);
  });

  it("stop at once, retries and waits included, when the caller's signal aborts", async () => {
    const times = scriptAccount(() => problem(503, "unavailable", {}, { "retry-after": "30" }));
    const controller = new AbortController();
    const call = newBahi()
      .account.retrieve({ signal: controller.signal })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1000);
    controller.abort();
    expect(await call).toMatchObject({ name: "AbortError" });
    await vi.runAllTimersAsync();
    expect(times).toHaveLength(1);
  });
});
