import { operationList } from "@bahi/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { apiKeys } from "../src/db/schema.js";
import { handlers } from "../src/routes/index.js";
import { issueApiKey } from "../src/services/accounts/api-keys.js";
import {
  AUTH_CACHE_REFRESH_AHEAD_MS,
  AUTH_CACHE_TTL_MS,
  type Authentication,
  authenticate,
  KeyCache,
} from "../src/services/accounts/authenticate.js";
import { startTestApi, type TestApi } from "./support/api.js";
import { driverUnderTest } from "./support/database.js";
import { createTenant, keyWithScopes, type Tenant } from "./support/tenants.js";

let api: TestApi;
let tenant: Tenant;

beforeAll(async () => {
  api = await startTestApi();
  tenant = await createTenant(api.database.handle.db);
});
afterAll(() => api.close());

describe("401", () => {
  it("without a key", async () => {
    const res = await api.call("retrieveAccount", {});
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("missing_api_key");
  });

  it.each([
    ["not a bearer", "Basic dXNlcjpwYXNz"],
    ["a malformed key", "Bearer sk_test_short"],
    ["an unknown key of the right shape", `Bearer sk_test_${"A".repeat(43)}`],
    ["a key with the wrong mode prefix", `Bearer sk_prod_${"A".repeat(43)}`],
  ])("for %s", async (_what, authorization) => {
    const res = await api.call("retrieveAccount", { headers: { authorization } });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("invalid_api_key");
  });

  it("for a revoked key", async () => {
    const key = await issueApiKey(api.database.handle.db, {
      accountId: tenant.accountId,
      livemode: false,
      scopes: ["*"],
    });
    expect((await api.call("revokeApiKey", { key: tenant.testKey, path: { id: key.id } })).status).toBe(200);
    const res = await api.call("retrieveAccount", { key: key.secret });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("api_key_revoked");
  });

  /** A key read once on this node and then revoked by another; `at(ms)` authenticates it `ms` later. */
  async function keyRevokedElsewhere(): Promise<(ms: number) => Promise<Authentication>> {
    const db = api.database.handle.db;
    const key = await issueApiKey(db, { accountId: tenant.accountId, livemode: false, scopes: ["*"] });
    const cache = new KeyCache();
    const t0 = Date.now();
    const at = (ms: number): Promise<Authentication> =>
      authenticate(db, cache, `Bearer ${key.secret}`, new Date(t0 + ms));
    expect(await at(0)).toHaveProperty("principal");
    // This node's cache is not told, and trusts what it read for a while.
    await db
      .update(apiKeys)
      .set({ revokedAt: new Date(t0) })
      .where(eq(apiKeys.id, key.id));
    return at;
  }

  it(`for a key revoked on another node, within AUTH_CACHE_TTL_MS (${AUTH_CACHE_TTL_MS} ms) however often it is used`, async () => {
    const at = await keyRevokedElsewhere();
    const refreshFrom = AUTH_CACHE_TTL_MS - AUTH_CACHE_REFRESH_AHEAD_MS;
    for (const ms of [1_000, 2_000, 3_000, refreshFrom - 1]) {
      expect(await at(ms)).toHaveProperty("principal");
    }
    // Used in the last AUTH_CACHE_REFRESH_AHEAD_MS, the key is served from the cache while it is read
    // again, and the revocation is seen before the entry expires.
    expect(await at(refreshFrom)).toHaveProperty("principal");
    await vi.waitFor(async () => {
      const soon = await at(AUTH_CACHE_TTL_MS - 1);
      expect("failure" in soon && soon.failure.code).toBe("api_key_revoked");
    });
  });

  it(`for a key revoked on another node and not used in its last ${AUTH_CACHE_REFRESH_AHEAD_MS} ms: at AUTH_CACHE_TTL_MS`, async () => {
    const at = await keyRevokedElsewhere();
    expect(await at(AUTH_CACHE_TTL_MS - AUTH_CACHE_REFRESH_AHEAD_MS - 1)).toHaveProperty("principal");
    const after = await at(AUTH_CACHE_TTL_MS);
    expect("failure" in after && after.failure.code).toBe("api_key_revoked");
  });

  it("for a key revoked on this node while another request was reading it: that read is not cached", async () => {
    const db = api.database.handle.db;
    const key = await issueApiKey(db, { accountId: tenant.accountId, livemode: false, scopes: ["*"] });
    const cache = new KeyCache();
    const header = `Bearer ${key.secret}`;
    const reading = authenticate(db, cache, header, new Date());
    // The revoke commits and clears the cache while that read is in flight.
    await db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, key.id));
    cache.clear();
    await reading;
    const after = await authenticate(db, cache, header, new Date());
    expect("failure" in after && after.failure.code).toBe("api_key_revoked");
  });

  it.runIf(driverUnderTest === "postgres")(
    "for a key revoked on this node: a request read between the revoke and its commit is not trusted after it",
    async () => {
      const db = api.database.handle.db;
      const key = await issueApiKey(db, { accountId: tenant.accountId, livemode: false, scopes: ["*"] });
      const cache = new KeyCache();
      const header = `Bearer ${key.secret}`;
      const committed: (() => void)[] = [];
      const revoke = handlers.revokeApiKey as NonNullable<typeof handlers.revokeApiKey>;
      await db.transaction(async (tx) => {
        await revoke({ path: { id: key.id }, query: {}, headers: {}, body: undefined } as never, {
          principal: {
            accountId: tenant.accountId,
            livemode: false,
            keyId: "key_admin",
            scopes: new Set(["*"]),
            plan: "growth",
            subscriptionStatus: "active",
          },
          requestId: "req_test",
          db: tx,
          services: { keyCache: cache } as never,
          now: new Date(),
          afterCommit: (effect) => committed.push(effect),
        });
        // Another request on this node, on another connection, before the commit: it reads the key as
        // it stands, unrevoked, and caches it.
        expect(await authenticate(db, cache, header, new Date())).toHaveProperty("principal");
      });
      for (const effect of committed) effect();
      const after = await authenticate(db, cache, header, new Date());
      expect("failure" in after && after.failure.code).toBe("api_key_revoked");
    },
  );

  it("for an expired key", async () => {
    const key = await issueApiKey(api.database.handle.db, {
      accountId: tenant.accountId,
      livemode: false,
      scopes: ["*"],
      expiresAt: new Date(Date.now() - 1000),
    });
    const res = await api.call("retrieveAccount", { key: key.secret });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("api_key_expired");
  });

  it("answers an unknown key and a key of another account alike: nothing to enumerate", async () => {
    const unknown = await api.call("retrieveAccount", {
      headers: { authorization: `Bearer sk_live_${"B".repeat(43)}` },
    });
    const almost = await api.call("retrieveAccount", {
      headers: {
        authorization: `Bearer ${tenant.testKey.slice(0, -1)}${tenant.testKey.endsWith("A") ? "B" : "A"}`,
      },
    });
    expect(almost.body.code).toBe(unknown.body.code);
    expect(almost.body.detail).toBe(unknown.body.detail);
  });
});

/** Operations that are routed; the scopes each needs come from the spec, never from this test. */
const implemented = operationList.filter((op) => op.scopes !== null && op.operationId in handlers);

describe("403 and scopes, for every implemented operation", () => {
  it("covers the operations this build routes", () => {
    expect(implemented.map((op) => op.operationId)).toEqual(
      expect.arrayContaining([
        "retrieveAccount",
        "createApiKey",
        "listApiKeys",
        "revokeApiKey",
        "rotateApiKey",
      ]),
    );
  });

  it.each(implemented.map((op) => [op.operationId, op] as const))("%s", async (operationId, op) => {
    const db = api.database.handle.db;
    const required = op.scopes ?? [];
    const others = [...new Set(operationList.flatMap((o) => o.scopes ?? []))].filter(
      (s) => !required.includes(s),
    );
    const without = await keyWithScopes(db, tenant.accountId, others);
    const refused = await api.call(operationId, {
      key: without,
      path: { id: "key_00000000000000000000000000" },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "insufficient_scope" });
    expect(refused.body.detail).toContain(required.join(" and "));

    const withScope = await keyWithScopes(db, tenant.accountId, [...required]);
    const allowed = await api.call(operationId, {
      key: withScope,
      path: { id: "key_00000000000000000000000000" },
    });
    expect(allowed.status).not.toBe(403);
    expect(allowed.status).not.toBe(401);
  });
});

describe("test and live data are separate", () => {
  it("a test key sees test keys only, a live key live keys only, both the same account", async () => {
    const db = api.database.handle.db;
    const live = await issueApiKey(db, {
      accountId: tenant.accountId,
      livemode: true,
      scopes: ["*"],
      name: "live one",
    });
    const testList = await api.call("listApiKeys", { key: tenant.testKey, query: { limit: 100 } });
    expect(testList.body.data.every((k: { livemode: boolean }) => !k.livemode)).toBe(true);
    expect(testList.body.data.map((k: { id: string }) => k.id)).not.toContain(live.id);
    const liveList = await api.call("listApiKeys", { key: tenant.liveKey, query: { limit: 100 } });
    expect(liveList.body.data.every((k: { livemode: boolean }) => k.livemode)).toBe(true);
    expect(liveList.body.data.map((k: { id: string }) => k.id)).toContain(live.id);
    const revokeAcross = await api.call("revokeApiKey", { key: tenant.testKey, path: { id: live.id } });
    expect(revokeAcross.status).toBe(404);
  });

  it("another account's key ids are indistinguishable from missing ones", async () => {
    const db = api.database.handle.db;
    const other = await createTenant(db, { legalName: "Other Traders" });
    const otherKey = await issueApiKey(db, { accountId: other.accountId, livemode: false, scopes: ["*"] });
    const foreign = await api.call("revokeApiKey", { key: tenant.testKey, path: { id: otherKey.id } });
    const missing = await api.call("revokeApiKey", {
      key: tenant.testKey,
      path: { id: "key_zzzzzzzzzzzzzzzzzzzzzzzzzz" },
    });
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(foreign.body.code).toBe(missing.body.code);
    expect((await api.call("retrieveAccount", { key: otherKey.secret })).status).toBe(200);
  });
});
