import { fixtures, operationList } from "@bahi/contract";
import { describe, expect } from "vitest";
import { MAX_JSON_BODY_BYTES } from "../src/http/body.js";
import { handlers } from "../src/routes/index.js";
import { DATABASE_RETRY_AFTER_S } from "../src/values/unavailable.js";
import { startTestApi } from "./support/api.js";
import { driverUnderTest } from "./support/database.js";
import { it } from "./support/fixtures.js";
import { createTenant } from "./support/tenants.js";

const validKey = { scopes: ["invoices:read"] };

it("an operation's JSON answer carries its request id and JSON's content type", async ({ api, tenant }) => {
  const res = await api.fetch("/v1/account", { headers: { authorization: `Bearer ${tenant.testKey}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/json");
  expect(res.headers.get("x-request-id")).toMatch(/^req_[0-9a-z]{26}$/);
});

describe("problem+json for every error the spine produces", () => {
  it("404 for an unknown route, with a request id", async ({ api, tenant }) => {
    const res = await api.fetch("/v1/nothing-here", {
      headers: { authorization: `Bearer ${tenant.testKey}` },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.body).toMatchObject({
      status: 404,
      code: "route_not_found",
      request_id: res.headers.get("x-request-id"),
    });
  });

  // Whichever operation of the spec is still unbuilt; once all are built there is nothing to test.
  const unbuilt = operationList.find((op) => op.method === "GET" && !(op.operationId in handlers));
  it.skipIf(unbuilt === undefined)(
    "404 for an operation of the spec that is not built yet, never a stub",
    async ({ api, tenant }) => {
      const op = unbuilt as NonNullable<typeof unbuilt>;
      const res = await api.fetch(op.path.replace(/\{[^}]+\}/g, "x_01"), {
        headers: { authorization: `Bearer ${tenant.testKey}` },
      });
      expect(res.status).toBe(404);
    },
  );

  it("405 with Allow for a known path and another method", async ({ api, tenant }) => {
    const res = await api.fetch("/v1/account", {
      method: "DELETE",
      headers: { authorization: `Bearer ${tenant.testKey}` },
    });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, PATCH");
    expect(res.body).toMatchObject({ code: "method_not_allowed" });
  });

  it("415 for a body that is not JSON", async ({ api, tenant }) => {
    const res = await api.call("createApiKey", {
      key: tenant.testKey,
      rawBody: "scopes=*",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(415);
    expect(res.body.code).toBe("unsupported_media_type");
  });

  it("413 past 1 MiB, and a body of exactly 1 MiB is read", async ({ api, tenant }) => {
    const padding = (size: number) => JSON.stringify({ scopes: ["invoices:read"], name: "x".repeat(size) });
    const overhead = padding(0).length;
    const atLimit = await api.call("createApiKey", {
      key: tenant.testKey,
      rawBody: padding(MAX_JSON_BODY_BYTES - overhead),
      headers: { "content-type": "application/json" },
    });
    expect(atLimit.status).toBe(400);
    expect(atLimit.body.errors).toContainEqual(
      expect.objectContaining({ pointer: "/name", code: "max_length" }),
    );
    const over = await api.call("createApiKey", {
      key: tenant.testKey,
      rawBody: padding(MAX_JSON_BODY_BYTES - overhead + 1),
      headers: { "content-type": "application/json" },
    });
    expect(over.status).toBe(413);
    expect(over.body.code).toBe("payload_too_large");
  });

  it("413 also when the body arrives chunked without a Content-Length", async ({ api, tenant }) => {
    const chunk = new TextEncoder().encode(" ".repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > MAX_JSON_BODY_BYTES) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const res = await fetch(`${api.url}/v1/api_keys`, {
      method: "POST",
      headers: { authorization: `Bearer ${tenant.testKey}`, "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  it("400 for malformed JSON, pointing at the whole body", async ({ api, tenant }) => {
    const res = await api.call("createApiKey", {
      key: tenant.testKey,
      rawBody: '{"scopes": [',
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ pointer: "", code: "malformed_json" })]);
  });

  it("400 names every bad field by pointer: missing, unknown, wrong type", async ({ api, tenant }) => {
    const res = await api.call("createApiKey", { key: tenant.testKey, body: { name: 7, colour: "red" } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("validation_failed");
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ pointer: "/scopes", code: "required" }),
        expect.objectContaining({ pointer: "/colour", code: "unknown_field" }),
        expect.objectContaining({ pointer: "/name", code: "type" }),
      ]),
    );
  });

  it("400 for a missing required body", async ({ api, tenant }) => {
    const res = await api.call("createApiKey", { key: tenant.testKey });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ pointer: "", code: "required" })]);
  });

  it("400 for bad query parameters, under /query", async ({ api, tenant }) => {
    const zero = await api.call("listApiKeys", { key: tenant.testKey, query: { limit: 0 } });
    expect(zero.status).toBe(400);
    expect(zero.body.errors).toEqual([expect.objectContaining({ pointer: "/query/limit", code: "minimum" })]);
    const text = await api.call("listApiKeys", { key: tenant.testKey, query: { limit: "ten" } });
    expect(text.body.errors).toEqual([expect.objectContaining({ pointer: "/query/limit", code: "type" })]);
    const unknown = await api.call("listApiKeys", { key: tenant.testKey, query: { colour: "red" } });
    expect(unknown.body.errors).toEqual([
      expect.objectContaining({ pointer: "/query/colour", code: "unknown_field" }),
    ]);
  });

  it("400 nul_character for U+0000 in a path, a query, a body string or a file's name, which no text column holds", async ({
    api,
    tenant,
  }) => {
    const key = tenant.testKey;
    const inPath = await api.call("retrieveParty", { key, path: { id: "pty_\u0000" } });
    const inQuery = await api.call("listParties", { key, query: { q: "a\u0000b" } });
    const party = fixtures.PartyCreateUnregistered;
    const inBody = await api.call("createParty", {
      key,
      body: { ...party, address: { ...party.address, line1: "221\u0000" } },
    });
    const form = new FormData();
    form.set("file", new Blob(["sku,name\nA1,Pen\n"], { type: "text/csv" }), "pens\u0000.csv");
    const inFileName = await api.call("createProductImport", { key, rawBody: form });
    for (const [res, pointer] of [
      [inPath, "/path/id"],
      [inQuery, "/query/q"],
      [inBody, "/address/line1"],
      [inFileName, "/file"],
    ] as const) {
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([{ pointer, code: "nul_character", message: expect.any(String) }]);
    }
  });

  it("400 for an Idempotency-Key header over its length limit, under /header", async ({ api, tenant }) => {
    const res = await api.call("createApiKey", {
      key: tenant.testKey,
      body: validKey,
      headers: { "idempotency-key": "k".repeat(256) },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      expect.objectContaining({ pointer: "/header/idempotency-key", code: "max_length" }),
    ]);
  });

  it("every error still carries the rate-limit headers", async ({ api }) => {
    const res = await api.call("retrieveAccount", {});
    expect(res.status).toBe(401);
    expect(res.headers.get("x-ratelimit-limit")).toBe("1000");
    expect(res.headers.get("ratelimit-policy")).toBe('"second";q=200;w=1, "minute";q=1000;w=60');
  });
});

describe("500 and 503", () => {
  it("says nothing internal when the database is gone", async () => {
    const broken = await startTestApi();
    const { testKey } = await createTenant(broken.database.handle.db);
    await broken.database.handle.close();
    const res = await broken.fetch("/v1/account", { headers: { authorization: `Bearer ${testKey}` } });
    if (driverUnderTest === "postgres") {
      // An ended pool is a connection error, as in an outage: the request may be retried elsewhere.
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ code: "database_unavailable" });
      expect(res.headers.get("retry-after")).toBe(String(DATABASE_RETRY_AFTER_S));
    } else {
      expect(res.status).toBe(500);
      expect(res.body).toMatchObject({ code: "internal_error", detail: "An unexpected error occurred." });
    }
    // No driver, statement or stack frame ("at fn (file:line)") in it.
    expect(JSON.stringify(res.body)).not.toMatch(/pglite|postgres|sql|stack|\bat \S+ \(/i);
    await broken.close().catch(() => {});
  });
});

describe("429", () => {
  it("answers 429 with Retry-After once the per-second burst is spent", async ({ startApi }) => {
    const limited = await startApi({ rateLimits: { perMinute: 1_000, perSecond: 3 } });
    const { testKey } = await createTenant(limited.database.handle.db);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await limited.call("retrieveAccount", { key: testKey }));
    const refused = answers.find((a) => a.status === 429);
    expect(refused?.body.code).toBe("rate_limited");
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });

  it("counts per account and mode, not per key", async ({ startApi }) => {
    const limited = await startApi({ rateLimits: { perMinute: 2, perSecond: 100 } });
    const db = limited.database.handle.db;
    const { accountId, testKey, liveKey } = await createTenant(db);
    const { keyWithScopes } = await import("./support/tenants.js");
    const secondTestKey = await keyWithScopes(db, accountId, ["account:read"]);
    expect((await limited.call("retrieveAccount", { key: testKey })).status).toBe(200);
    expect((await limited.call("retrieveAccount", { key: secondTestKey })).status).toBe(200);
    expect((await limited.call("retrieveAccount", { key: secondTestKey })).status).toBe(429);
    expect((await limited.call("retrieveAccount", { key: liveKey })).status).toBe(200);
  });
});
