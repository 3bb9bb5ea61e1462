import openapi from "@bahi/contract/openapi.json" with { type: "json" };
import { HttpResponse, http as untyped } from "msw";
import { describe, expect, it } from "vitest";
import {
  AuthenticationError,
  BahiError,
  ConflictError,
  NotFoundError,
  PaymentRequiredError,
  PermissionError,
  RateLimitError,
  ServerError,
  ValidationError,
} from "../../src/index.js";
import { BASE_URL, newBahi, problem, server, useMockApi } from "../support/mock-api.js";

useMockApi();

type ProblemExample = { status: number; code: string; title: string; detail: string; request_id: string };

/** The spec's own example of each error answer (components/responses), served as is: its first, when it has several. */
function example(name: Exclude<keyof typeof openapi.components.responses, "NotModified">): ProblemExample {
  const content = openapi.components.responses[name].content as Record<
    string,
    { example?: unknown; examples?: Record<string, { value: unknown }> }
  >;
  const media = content["application/problem+json"];
  return (media?.example ?? Object.values(media?.examples ?? {})[0]?.value) as ProblemExample;
}

function answerAccount(response: () => Response) {
  server.use(untyped.get(`${BASE_URL}/v1/account`, () => response()));
}

async function failure(promise: Promise<unknown>): Promise<BahiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BahiError);
  return error as BahiError;
}

describe("an error answer becomes the error class of its status", () => {
  const cases = [
    ["BadRequest", ValidationError],
    ["Unauthorized", AuthenticationError],
    ["PaymentRequired", PaymentRequiredError],
    ["Forbidden", PermissionError],
    ["NotFound", NotFoundError],
    ["Conflict", ConflictError],
    ["UnprocessableEntity", ValidationError],
    ["TooManyRequests", RateLimitError],
    ["InternalError", ServerError],
  ] as const;

  it.each(cases)("%s → %o", async (name, ErrorClass) => {
    const body = example(name);
    answerAccount(() =>
      HttpResponse.json(body, {
        status: body.status,
        headers: { "content-type": "application/problem+json", "x-ratelimit-remaining": "998" },
      }),
    );
    const error = await failure(newBahi({ maxRetries: 0 }).account.retrieve());
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error.name).toBe(ErrorClass.name);
    expect(error).toMatchObject({
      status: body.status,
      code: body.code,
      title: body.title,
      detail: body.detail,
      requestId: body.request_id,
      type: `urn:bahi:problem:${body.code}`,
    });
    expect(error.errors).toEqual((body as { errors?: unknown }).errors ?? []);
    expect(error.message).toBe(`${body.detail} (${body.status} ${body.code} ${body.request_id})`);
    expect(error.headers?.get("x-ratelimit-remaining")).toBe("998");
  });

  it("gives a 429 its Retry-After as retryAfter, in seconds", async () => {
    answerAccount(() => problem(429, "rate_limited", {}, { "retry-after": "12" }));
    const error = await failure(newBahi({ maxRetries: 0 }).account.retrieve());
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(12);
  });

  it("makes any 5xx a ServerError and another 4xx a plain BahiError", async () => {
    answerAccount(() => problem(503, "unavailable"));
    expect(await failure(newBahi({ maxRetries: 0 }).account.retrieve())).toBeInstanceOf(ServerError);
    answerAccount(() => problem(405, "method_not_allowed"));
    const error = await failure(newBahi().account.retrieve());
    expect(error.constructor).toBe(BahiError);
    expect(error).toMatchObject({ status: 405, code: "method_not_allowed" });
  });

  it("keeps existing_id of a conflict with an existing object", async () => {
    answerAccount(() => problem(409, "duplicate_gstin", { existing_id: "pty_01jd4k9m2x7qv3t8w5y6z0abcd" }));
    const error = await failure(newBahi().account.retrieve());
    expect(error).toBeInstanceOf(ConflictError);
    expect(error.existingId).toBe("pty_01jd4k9m2x7qv3t8w5y6z0abcd");
  });

  it("keeps the whole problem body, typed as the contract's Problem, with the fields that have no property", async () => {
    const spent = {
      quota: "live_invoices_per_month",
      limit: 100,
      resets_at: "2026-11-30T18:30:00.000Z",
    } as const;
    answerAccount(() => problem(402, "plan_limit_exceeded", spent));
    const error = await failure(newBahi().account.retrieve());
    expect(error).toBeInstanceOf(PaymentRequiredError);
    expect(error.problem).toEqual(await problem(402, "plan_limit_exceeded", spent).json());
    expect([error.problem?.quota, error.problem?.limit, error.problem?.resets_at]).toEqual([
      spent.quota,
      spent.limit,
      spent.resets_at,
    ]);

    // JSON that does not say it is a problem (a proxy's, a gateway's) is not passed off as one.
    answerAccount(() => HttpResponse.json({ message: "Bad gateway" }, { status: 502 }));
    expect((await failure(newBahi({ maxRetries: 0 }).account.retrieve())).problem).toBeUndefined();
  });

  it("still makes sense of an answer that is not problem+json (a proxy's error page)", async () => {
    answerAccount(
      () =>
        new HttpResponse("<html>Bad gateway</html>", {
          status: 502,
          statusText: "Bad Gateway",
          headers: { "content-type": "text/html", "x-request-id": "req_proxy" },
        }),
    );
    const error = await failure(newBahi({ maxRetries: 0 }).account.retrieve());
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({
      status: 502,
      code: "http_502",
      title: "Bad Gateway",
      detail: "<html>Bad gateway</html>",
      requestId: "req_proxy",
      errors: [],
    });
  });

  it("handles an error answer without a body", async () => {
    answerAccount(() => new HttpResponse(null, { status: 404 }));
    const error = await failure(newBahi().account.retrieve());
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ status: 404, code: "http_404", detail: undefined });
  });
});
