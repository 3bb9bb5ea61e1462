import { fixtures } from "@bahi/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys } from "../src/db/schema.js";
import { hashSecret } from "../src/secrets/api-key-secrets.js";
import { type CallResult, startTestApi, type TestApi } from "./support/api.js";
import { createTenant, keyWithScopes, type Tenant } from "./support/tenants.js";

let api: TestApi;
let tenant: Tenant;

beforeAll(async () => {
  api = await startTestApi();
  tenant = await createTenant(api.database.handle.db);
});
afterAll(() => api.close());

describe("creating keys", () => {
  it("shows the secret once, stores only its hash, and the key works", async () => {
    const created = await api.call("createApiKey", { key: tenant.testKey, body: fixtures.ApiKeyCreate });
    expect(created.status).toBe(201);
    const { secret, ...key } = created.body;
    expect(secret).toMatch(/^sk_test_[0-9A-Za-z]{43}$/);
    expect(key).toMatchObject({
      object: "api_key",
      livemode: false,
      name: "Billing backend",
      scopes: ["invoices:read", "invoices:write"],
    });
    expect(key.prefix).toBe(secret.slice(0, key.prefix.length));
    expect(key.last4).toBe(secret.slice(-4));

    const [row] = await api.database.handle.db
      .select()
      .from(apiKeys)
      .where((await import("drizzle-orm")).eq(apiKeys.id, key.id));
    expect(row?.secretHash).toBe(hashSecret(secret));
    expect(JSON.stringify(row)).not.toContain(secret);

    const listed = await api.call("listApiKeys", { key: tenant.testKey, query: { limit: 100 } });
    const entry = listed.body.data.find((k: { id: string }) => k.id === key.id);
    expect(entry).toEqual(key);
    expect(JSON.stringify(listed.body)).not.toContain(secret);

    expect((await api.call("retrieveAccount", { key: secret })).status).toBe(403);
  });

  it("secrets carry at least 160 bits: 1,000 keys, no repeats, every base62 character used", async () => {
    const { newApiKeySecret } = await import("../src/secrets/api-key-secrets.js");
    const bodies = Array.from({ length: 1_000 }, () => newApiKeySecret(false).secret.slice(8));
    expect(new Set(bodies).size).toBe(1_000);
    expect(new Set(bodies.join("")).size).toBe(62);
    expect(bodies[0]?.length).toBe(43);
    expect(Math.log2(62) * 43).toBeGreaterThan(160);
  });

  it("a test key creates test keys; a live key live ones", async () => {
    const live = await api.call("createApiKey", { key: tenant.liveKey, body: { scopes: ["invoices:read"] } });
    expect(live.body.secret).toMatch(/^sk_live_/);
    expect(live.body.livemode).toBe(true);
  });

  it("403 when granting a scope the caller does not hold", async () => {
    const limited = await keyWithScopes(api.database.handle.db, tenant.accountId, [
      "keys:write",
      "invoices:read",
    ]);
    const res = await api.call("createApiKey", {
      key: limited,
      body: { scopes: ["invoices:read", "invoices:write"] },
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("scope_escalation");
    const star = await api.call("createApiKey", { key: limited, body: { scopes: ["*"] } });
    expect(star.status).toBe(403);
    const ok = await api.call("createApiKey", { key: limited, body: { scopes: ["invoices:read"] } });
    expect(ok.status).toBe(201);
  });

  it("422 for a scope no operation knows, naming it by pointer", async () => {
    const res = await api.call("createApiKey", {
      key: tenant.testKey,
      body: { scopes: ["invoices:read", "unicorns:read"] },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual([
      expect.objectContaining({ pointer: "/scopes/1", code: "unknown_scope" }),
    ]);
  });

  it("400 for a malformed scope, 422 for an expiry in the past", async () => {
    const malformed = await api.call("createApiKey", { key: tenant.testKey, body: { scopes: ["invoices"] } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors).toEqual([
      expect.objectContaining({ pointer: "/scopes/0", code: "pattern" }),
    ]);
    const past = await api.call("createApiKey", {
      key: tenant.testKey,
      body: { scopes: ["invoices:read"], expires_at: "2020-01-01T00:00:00Z" },
    });
    expect(past.status).toBe(422);
    expect(past.body.errors).toEqual([expect.objectContaining({ pointer: "/expires_at" })]);
  });

  it("scopes: at least 1, at most 50", async () => {
    const none = await api.call("createApiKey", { key: tenant.testKey, body: { scopes: [] } });
    expect(none.body.errors).toEqual([expect.objectContaining({ pointer: "/scopes", code: "min_items" })]);
    const many = Array.from({ length: 51 }, (_, i) => `r${i}:read`);
    const tooMany = await api.call("createApiKey", { key: tenant.testKey, body: { scopes: many } });
    expect(tooMany.body.errors).toContainEqual(
      expect.objectContaining({ pointer: "/scopes", code: "max_items" }),
    );
  });
});

describe("listing keys", () => {
  it("pages newest first with a cursor, never repeating a key", async () => {
    const fresh = await createTenant(api.database.handle.db, { legalName: "Pager" });
    for (let i = 0; i < 4; i++)
      await api.call("createApiKey", {
        key: fresh.testKey,
        body: { name: `k${i}`, scopes: ["invoices:read"] },
      });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: CallResult = await api.call("listApiKeys", {
        key: fresh.testKey,
        query: { limit: 2, ...(cursor ? { starting_after: cursor } : {}) },
      });
      expect(page.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.data.map((k: { id: string }) => k.id));
      cursor = page.body.next_cursor;
      expect(page.body.has_more).toBe(cursor !== null);
    } while (cursor);
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    expect([...seen].sort().reverse()).toEqual(seen);
  });
});

describe("revoking and rotating", () => {
  it("revoking is final and idempotent", async () => {
    const created = await api.call("createApiKey", {
      key: tenant.testKey,
      body: { scopes: ["account:read"] },
    });
    const first = await api.call("revokeApiKey", { key: tenant.testKey, path: { id: created.body.id } });
    expect(first.body.revoked_at).not.toBeNull();
    const again = await api.call("revokeApiKey", { key: tenant.testKey, path: { id: created.body.id } });
    expect(again.body.revoked_at).toBe(first.body.revoked_at);
    expect((await api.call("retrieveAccount", { key: created.body.secret })).status).toBe(401);
  });

  it("rotation with an overlap keeps the old key working until it expires", async () => {
    const created = await api.call("createApiKey", {
      key: tenant.testKey,
      body: { name: "deploy", scopes: ["account:read"] },
    });
    const rotated = await api.call("rotateApiKey", {
      key: tenant.testKey,
      path: { id: created.body.id },
      body: fixtures.ApiKeyRotate,
    });
    expect(rotated.status).toBe(201);
    expect(rotated.body).toMatchObject({
      name: "deploy",
      scopes: ["account:read"],
      livemode: false,
      expires_at: null,
    });
    expect(rotated.body.id).not.toBe(created.body.id);
    expect((await api.call("retrieveAccount", { key: created.body.secret })).status).toBe(200);
    expect((await api.call("retrieveAccount", { key: rotated.body.secret })).status).toBe(200);
    const listed = await api.call("listApiKeys", { key: tenant.testKey, query: { limit: 100 } });
    const old = listed.body.data.find((k: { id: string }) => k.id === created.body.id);
    const expiresIn = (Date.parse(old.expires_at) - Date.now()) / 1000;
    expect(expiresIn).toBeGreaterThan(86_400 - 60);
    expect(expiresIn).toBeLessThanOrEqual(86_400);
  });

  it("rotation without an overlap stops the old key at once", async () => {
    const created = await api.call("createApiKey", {
      key: tenant.testKey,
      body: { scopes: ["account:read"] },
    });
    const rotated = await api.call("rotateApiKey", { key: tenant.testKey, path: { id: created.body.id } });
    expect(rotated.status).toBe(201);
    const old = await api.call("retrieveAccount", { key: created.body.secret });
    expect(old.status).toBe(401);
    expect(old.body.code).toBe("api_key_expired");
    expect((await api.call("retrieveAccount", { key: rotated.body.secret })).status).toBe(200);
  });

  it("409 when rotating a revoked key; 400 past the seven-day overlap limit", async () => {
    const created = await api.call("createApiKey", {
      key: tenant.testKey,
      body: { scopes: ["account:read"] },
    });
    const tooLong = await api.call("rotateApiKey", {
      key: tenant.testKey,
      path: { id: created.body.id },
      body: { old_key_expires_in: 604_801 },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors).toEqual([
      expect.objectContaining({ pointer: "/old_key_expires_in", code: "maximum" }),
    ]);
    const longest = await api.call("rotateApiKey", {
      key: tenant.testKey,
      path: { id: created.body.id },
      body: { old_key_expires_in: 604_800 },
    });
    expect(longest.status).toBe(201);
    await api.call("revokeApiKey", { key: tenant.testKey, path: { id: created.body.id } });
    const res = await api.call("rotateApiKey", { key: tenant.testKey, path: { id: created.body.id } });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("api_key_inactive");
  });

  it("403 scope_escalation for rotating a key with a scope the caller lacks: it would get that key's secret", async () => {
    const admin = await api.call("createApiKey", { key: tenant.testKey, body: { scopes: ["*"] } });
    const keysOnly = await keyWithScopes(api.database.handle.db, tenant.accountId, ["keys:write"]);
    const refused = await api.call("rotateApiKey", {
      key: keysOnly,
      path: { id: admin.body.id },
      body: { old_key_expires_in: 604_800 },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("scope_escalation");
    const keys = (await api.call("listApiKeys", { key: tenant.testKey, query: { limit: 100 } })).body.data;
    expect(keys.find((k: { id: string }) => k.id === admin.body.id).expires_at).toBeNull();
    expect(keys.filter((k: { scopes: string[] }) => k.scopes.includes("*"))).toHaveLength(2);
    // A key whose scopes the caller holds, it may rotate.
    const peer = await api.call("createApiKey", { key: keysOnly, body: { scopes: ["keys:write"] } });
    const rotated = await api.call("rotateApiKey", { key: keysOnly, path: { id: peer.body.id } });
    expect(rotated.status).toBe(201);
    expect(rotated.body.scopes).toEqual(["keys:write"]);
  });

  it("the successor keeps the rotated key's expiry: a key made to expire does not become one that never does", async () => {
    const inAnHour = new Date(Date.now() + 3_600_000);
    const created = await api.call("createApiKey", {
      key: tenant.testKey,
      body: { scopes: ["account:read"], expires_at: inAnHour.toISOString() },
    });
    const rotated = await api.call("rotateApiKey", {
      key: tenant.testKey,
      path: { id: created.body.id },
      body: { old_key_expires_in: 60 },
    });
    expect(rotated.status).toBe(201);
    expect(rotated.body.expires_at).toBe(created.body.expires_at);
  });

  it("404 for an unknown key id", async () => {
    const res = await api.call("rotateApiKey", { key: tenant.testKey, path: { id: "key_nope" } });
    expect(res.status).toBe(404);
  });
});
