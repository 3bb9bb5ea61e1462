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
