import { fixtures, type OperationSpec, operationList } from "@bahi/contract";
import { requestExampleOf } from "@bahi/contract/testing";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { MAX_IMPORT_BYTES, MAX_JSON_BODY_BYTES } from "../src/http/body.js";
import { handlers } from "../src/routes/index.js";
import { setSubscriptionStatus } from "../src/services/accounts/accounts.js";
import { AddressPolicy } from "../src/services/webhooks/address-policy.js";
import { type CallOptions, startTestApi, type TestApi } from "./support/api.js";
import { it } from "./support/fixtures.js";
import { whileKeyIsHeld } from "./support/idempotency.js";
import { penSeller } from "./support/pen-seller.js";
import { createTenant } from "./support/tenants.js";

/**
 * The 4xx statuses that every operation lists for the same reasons (the spec's shared responses),
 * each triggered on every operation that lists it. What an operation refuses for its own rules is
 * tested beside the operation.
 */
const routed = operationList.filter((op) => op.operationId in handlers);
const listing = (status: number) =>
  routed.filter((op) => op.responses.includes(status)).map((op) => [op.operationId, op] as const);

/** A well-formed id that names nothing, for every operation's `{id}`. */
const UNKNOWN_ID = "zzz_00000000000000000000000000";
/** One character past the path ids' `maxLength` (64). */
const OVERLONG_ID = "z".repeat(65);

const jsonBodied = (op: OperationSpec) => op.requestBody?.contentTypes.includes("application/json") ?? false;

// Webhooks here are only created, never sent: to loopback, the only address a test may name.
it.override("apiOptions", { webhookPolicy: new AddressPolicy(["127.0.0.1"]) });

describe("401 without an API key", () => {
  it.for(listing(401))("%s", async ([operationId, op], { api }) => {
    const body = jsonBodied(op) ? {} : undefined;
    const res = await api.call(operationId, { path: { id: UNKNOWN_ID, period: "042026" }, body });
    expect(res.status).toBe(401);
  });
});

/**
 * A request that breaks the contract in the way the operation's inputs allow: a page size, an id,
 * JSON, a form; or, for an operation that takes nothing, a query parameter it does not know.
 */
function malformed(op: OperationSpec): CallOptions {
  if (op.queryParams.includes("limit")) return { path: { id: UNKNOWN_ID }, query: { limit: 0 } };
  if (op.pathParams.includes("id"))
    return { path: { id: OVERLONG_ID }, body: jsonBodied(op) ? {} : undefined };
  if (op.pathParams.includes("period")) return { path: { period: "2026-13" } };
  if (jsonBodied(op)) return { rawBody: "{", headers: { "content-type": "application/json" } };
  if (op.requestBody?.contentTypes.includes("multipart/form-data")) {
    const form = new FormData();
    form.set("name", "no file here");
    return { rawBody: form };
  }
  return { query: { colour: "red" } };
}

describe("400 for a request outside the contract", () => {
  it.for(listing(400))("%s", async ([operationId, op], { api, tenant }) => {
    const res = await api.call(operationId, { key: tenant.testKey, ...malformed(op) });
    expect(res.status).toBe(400);
  });
});

describe("404 for an id that names nothing of the account's", () => {
  it.for(listing(404))("%s", async ([operationId, op], { api, tenant }) => {
    const body = jsonBodied(op) ? requestExampleOf(operationId) : undefined;
    const res = await api.call(operationId, { key: tenant.testKey, path: { id: UNKNOWN_ID }, body });
    expect(res.status).toBe(404);
  });
});

describe("413 for a body past the limit", () => {
  it.for(listing(413))("%s", async ([operationId, op], { api, tenant }) => {
    const json = jsonBodied(op);
    const limit = json ? MAX_JSON_BODY_BYTES : MAX_IMPORT_BYTES;
    const contentType = json ? "application/json" : "text/csv";
    const res = await api.call(operationId, {
      key: tenant.testKey,
      path: { id: UNKNOWN_ID },
      rawBody: `"${"x".repeat(limit - 1)}"`,
      headers: { "content-type": contentType },
    });
    expect(res.status).toBe(413);
  });
});

describe("415 for a content type the operation does not take", () => {
  it.for(listing(415))("%s", async ([operationId], { api, tenant }) => {
    const res = await api.call(operationId, {
      key: tenant.testKey,
      path: { id: UNKNOWN_ID },
      rawBody: "{}",
      headers: { "content-type": "text/plain" },
    });
    expect(res.status).toBe(415);
  });
});

describe("402 for a live write of an account whose subscription is paused", () => {
  it.for(listing(402))("%s", async ([operationId, op], { api, newTenant }) => {
    const paused = await newTenant({ legalName: "Paused Co" });
    await setSubscriptionStatus(api.database.handle.db, paused.accountId, "paused");
    const res = await api.call(operationId, {
      key: paused.liveKey,
      path: { id: UNKNOWN_ID },
      body: jsonBodied(op) ? {} : undefined,
    });
    expect(res.status).toBe(402);
    expect(res.body.code).toBe("subscription_paused");
  });
});

describe("429 once the account's requests of the minute are spent", () => {
  let limited: TestApi;
  beforeAll(async () => {
    limited = await startTestApi({ rateLimits: { perMinute: 1, perSecond: 100 } });
  });
  afterAll(() => limited.close());

  it.for(listing(429))("%s", async ([operationId]) => {
    const own = await createTenant(limited.database.handle.db);
    const options = { key: own.testKey, path: { id: UNKNOWN_ID, period: "042026" } };
    await limited.call(operationId, options);
    const refused = await limited.call(operationId, options);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "409 while a request with the same Idempotency-Key runs",
  () => {
    const posts = listing(409).filter(([, op]) => op.headerParams.includes("idempotency-key"));
    let seller: Awaited<ReturnType<typeof penSeller>>;
    /**
     * A body each operation takes as far as its key: the spec's example, but for invoices, which check
     * their party and products before the key (they commit in one statement that stores the answer).
     */
    let bodyOf: (op: OperationSpec) => Promise<unknown>;
    it.beforeAll(async ({ api }) => {
      seller = await penSeller(api);
      const invoice = {
        party_id: await seller.party(fixtures.PartyCreateUnregistered),
        items: [{ sku: "PEN", qty: 1, rate: 100 }],
      };
      bodyOf = async (op) =>
        op.operationId === "createInvoice"
          ? invoice
          : jsonBodied(op)
            ? requestExampleOf(op.operationId)
            : undefined;
    });

    it.for(posts)("%s", async ([operationId, op], { api }) => {
      const key = `held-${operationId}`;
      const body = await bodyOf(op);
      await whileKeyIsHeld(
        api.database.url as string,
        { accountId: seller.tenant.accountId, livemode: false },
        key,
        async () => {
          const res = await seller.call(operationId, {
            path: { id: UNKNOWN_ID },
            body,
            rawBody: jsonBodied(op) ? undefined : "sku,name\n",
            headers: { "idempotency-key": key, ...(jsonBodied(op) ? {} : { "content-type": "text/csv" }) },
          });
          expect(res.status).toBe(409);
          expect(res.body.code).toBe("idempotency_request_in_progress");
        },
      );
    });
  },
);

describe("422 for an Idempotency-Key reused with another request", () => {
  /** Sends `first`, then `second` under the same key: the first must succeed, the second is refused. */
  async function reused(
    api: TestApi,
    operationId: string,
    key: string,
    first: CallOptions,
    second: CallOptions,
  ): Promise<void> {
    const headers = { "idempotency-key": `reused-${operationId}` };
    const done = await api.call(operationId, { key, ...first, headers });
    expect(done.status, JSON.stringify(done.body)).toBeLessThan(300);
    const refused = await api.call(operationId, { key, ...second, headers });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe("idempotency_key_reused");
  }

  it("cancelInvoice", async ({ api, seller }) => {
    const invoice = await seller.issued(await seller.party(fixtures.PartyCreateUnregistered), 1);
    const path = { id: invoice.id };
    await reused(
      api,
      "cancelInvoice",
      seller.tenant.testKey,
      { path, body: { reason: "2", remark: "Wrong quantity entered" } },
      { path, body: { reason: "3", remark: "Order cancelled" } },
    );
  });

  it("revokeApiKey", async ({ api, tenant }) => {
    const keys = await Promise.all(
      [1, 2].map(() =>
        api.call("createApiKey", { key: tenant.testKey, body: { scopes: ["invoices:read"] } }),
      ),
    );
    const [first, second] = keys.map((k) => ({ path: { id: k.body.id } }));
    await reused(api, "revokeApiKey", tenant.testKey, first as CallOptions, second as CallOptions);
  });

  it("rotateWebhookSecret", async ({ api, tenant }) => {
    const webhook = await api.call("createWebhook", {
      key: tenant.testKey,
      body: { ...fixtures.WebhookCreate, url: "http://127.0.0.1:9/hooks" },
    });
    expect(webhook.status, JSON.stringify(webhook.body)).toBe(201);
    const path = { id: webhook.body.id };
    await reused(
      api,
      "rotateWebhookSecret",
      tenant.testKey,
      { path, body: fixtures.WebhookRotateSecret },
      { path, body: { overlap_seconds: 0 } },
    );
  });
});
