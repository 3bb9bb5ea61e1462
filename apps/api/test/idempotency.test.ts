import { fixtures } from "@bahi/contract";
import { sql } from "drizzle-orm";
import { pino } from "pino";
import { describe, expect } from "vitest";
import { idempotencyKeys, parties } from "../src/db/schema.js";
import { SecretBox } from "../src/secrets/secret-box.js";
import { issueApiKey } from "../src/services/accounts/api-keys.js";
import { IDEMPOTENCY_KEY_TTL_HOURS } from "../src/services/shared/writes.js";
import { AddressPolicy } from "../src/services/webhooks/address-policy.js";
import { DeliveryWorker } from "../src/services/webhooks/worker.js";
import { driverUnderTest } from "./support/database.js";
import { it as base } from "./support/fixtures.js";
import { whileKeyIsHeld } from "./support/idempotency.js";
import { keyWithScopes } from "./support/tenants.js";

const it = base
  .extend(
    "createParty",
    { scope: "file" },
    ({ api, tenant }) =>
      (key: string, body: unknown = fixtures.PartyCreateUnregistered, apiKey = tenant.testKey) =>
        api.call("createParty", { key: apiKey, body, headers: { "idempotency-key": key } }),
  )
  .extend("partyCount", { scope: "file" }, ({ api }) => async (name: string) => {
    const rows = await api.database.handle.db.select().from(parties).where(sql`${parties.name} = ${name}`);
    return rows.length;
  });

describe("Idempotency-Key on POST", () => {
  it("a repeat with the same key and body replays the first answer and creates nothing", async ({
    createParty,
    partyCount,
  }) => {
    const body = { ...fixtures.PartyCreateUnregistered, name: "Replay Traders" };
    const first = await createParty("key-replay", body);
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const again = await createParty("key-replay", { ...body });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(await partyCount("Replay Traders")).toBe(1);
  });

  it("the same body with keys in another order and other whitespace is the same request", async ({
    api,
    tenant,
    createParty,
  }) => {
    const body = {
      name: "Order Traders",
      type: "customer",
      address: fixtures.PartyCreateUnregistered.address,
    };
    const first = await createParty("key-order", body);
    const reordered = await api.call("createParty", {
      key: tenant.testKey,
      rawBody: `{ "type": "customer",\n "address": ${JSON.stringify(body.address)}, "name": "Order Traders" }`,
      headers: { "idempotency-key": "key-order", "content-type": "application/json" },
    });
    expect(reordered.headers.get("idempotent-replayed")).toBe("true");
    expect(reordered.body.id).toBe(first.body.id);
  });

  it("422 idempotency_key_reused for the same key with another body", async ({ createParty, partyCount }) => {
    await createParty("key-mismatch", { ...fixtures.PartyCreateUnregistered, name: "First Body" });
    const other = await createParty("key-mismatch", {
      ...fixtures.PartyCreateUnregistered,
      name: "Second Body",
    });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe("idempotency_key_reused");
    expect(await partyCount("Second Body")).toBe(0);
  });

  it("keys belong to an account and mode: the same key elsewhere is a new request", async ({
    tenant,
    createParty,
  }) => {
    const body = { ...fixtures.PartyCreateUnregistered, name: "Mode Traders" };
    const test = await createParty("key-modes", body);
    const live = await createParty("key-modes", body, tenant.liveKey);
    expect(live.headers.get("idempotent-replayed")).toBeNull();
    expect(live.body.id).not.toBe(test.body.id);
    expect(live.body.livemode).toBe(true);
  });

  it("a failed request stores nothing: fixing it under the same key works", async ({ createParty }) => {
    const bad = await createParty("key-fix", { type: "customer", name: "No Address" });
    expect(bad.status).toBe(422);
    const good = await createParty("key-fix", { ...fixtures.PartyCreateUnregistered, name: "No Address" });
    expect(good.status).toBe(201);
    expect(good.headers.get("idempotent-replayed")).toBeNull();
  });

  it("answers are kept 24 hours, then the key may be used again", async ({
    api,
    createParty,
    partyCount,
  }) => {
    const body = { ...fixtures.PartyCreateUnregistered, name: "Expiring Traders" };
    await createParty("key-expiry", body);
    await api.database.handle.db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '24 hours 1 minute'` })
      .where(sql`${idempotencyKeys.key} = 'key-expiry'`);
    const later = await createParty("key-expiry", body);
    expect(later.headers.get("idempotent-replayed")).toBeNull();
    expect(await partyCount("Expiring Traders")).toBe(2);
  });

  it("stores answers sealed: a new key's secret is replayed, but never kept in clear", async ({
    api,
    tenant,
  }) => {
    const headers = { "idempotency-key": "key-secret" };
    const body = { name: "Replayed key", scopes: ["invoices:read"] };
    const first = await api.call("createApiKey", { key: tenant.testKey, body, headers });
    const again = await api.call("createApiKey", { key: tenant.testKey, body, headers });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.secret).toBe(first.body.secret);
    const stored = await api.database.handle.db
      .select()
      .from(idempotencyKeys)
      .where(sql`${idempotencyKeys.key} = 'key-secret'`);
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(first.body.secret);
    expect(JSON.stringify(stored)).not.toContain("Replayed key");
  });

  it("keeps an answer that holds no secret as its JSON, and replays one kept sealed", async ({
    api,
    createParty,
  }) => {
    const body = { ...fixtures.PartyCreateUnregistered, name: "Kept Traders" };
    const first = await createParty("key-kept", body);
    const { db } = api.database.handle;
    const kept = sql`${idempotencyKeys.key} = 'key-kept'`;
    const [record] = await db.select().from(idempotencyKeys).where(kept);
    expect(SecretBox.isSealed(record?.responseBody ?? "")).toBe(false);
    expect(JSON.parse(record?.responseBody ?? "")).toEqual(first.body);
    // Records written before such answers were kept in clear hold them sealed.
    const box = await SecretBox.open(db, null);
    await db
      .update(idempotencyKeys)
      .set({ responseBody: box.seal(record?.responseBody ?? "") })
      .where(kept);
    const again = await createParty("key-kept", body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
  });

  it("the key's limit is 255 characters", async ({ createParty }) => {
    expect(
      (await createParty("k".repeat(255), { ...fixtures.PartyCreateUnregistered, name: "Long Key" })).status,
    ).toBe(201);
    expect((await createParty("k".repeat(256))).status).toBe(400);
  });

  it.runIf(driverUnderTest === "postgres")(
    "409 while a request with the same key is still running (its lock is held)",
    async ({ api, tenant, createParty }) => {
      const key = "key-in-flight";
      const owner = { accountId: tenant.accountId, livemode: false };
      await whileKeyIsHeld(api.database.url as string, owner, key, async () => {
        const res = await createParty(key, { ...fixtures.PartyCreateUnregistered, name: "In Flight" });
        expect(res.status).toBe(409);
        expect(res.body.code).toBe("idempotency_request_in_progress");
      });
      const after = await createParty(key, { ...fixtures.PartyCreateUnregistered, name: "In Flight" });
      expect(after.status).toBe(201);
    },
  );

  it("concurrent identical requests create one party", async ({ createParty, partyCount }) => {
    const body = { ...fixtures.PartyCreateUnregistered, name: "Racing Traders" };
    const answers = await Promise.all(Array.from({ length: 8 }, () => createParty("key-race", body)));
    const created = answers.filter((a) => a.status === 201);
    expect(new Set(created.map((a) => a.body.id)).size).toBe(1);
    expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
    expect(await partyCount("Racing Traders")).toBe(1);
  });
});

describe("Idempotency-Key on a write whose answer carries a secret", () => {
  it("replays the answer only to the API key that made it: another key of the account gets 422", async ({
    api,
    tenant,
  }) => {
    const db = api.database.handle.db;
    const keysOnly = await keyWithScopes(db, tenant.accountId, ["keys:write"]);
    const body = { name: "Full access", scopes: ["*"] };
    const headers = { "idempotency-key": "order-1001" };
    const first = await api.call("createApiKey", { key: tenant.testKey, body, headers });
    expect(first.status).toBe(201);
    const again = await api.call("createApiKey", { key: tenant.testKey, body, headers });
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    // A key that may call the operation but could not have made this key itself: no replay, no secret.
    const other = await api.call("createApiKey", { key: keysOnly, body, headers });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe("idempotency_key_reused");

    const target = await issueApiKey(db, { accountId: tenant.accountId, livemode: false, scopes: ["*"] });
    const rotate = {
      path: { id: target.id },
      body: { old_key_expires_in: 3600 },
      headers: { "idempotency-key": "rotate-1" },
    };
    const rotated = await api.call("rotateApiKey", { key: tenant.testKey, ...rotate });
    expect(rotated.status).toBe(201);
    const byOther = await api.call("rotateApiKey", { key: keysOnly, ...rotate });
    expect(byOther.status).toBe(422);
    expect(JSON.stringify(byOther.body)).not.toContain(rotated.body.secret);
  });
});

describe("answers kept for Idempotency-Keys", () => {
  it(`are deleted by the worker's housekeeping once past IDEMPOTENCY_KEY_TTL_HOURS (${IDEMPOTENCY_KEY_TTL_HOURS}), not before`, async ({
    api,
    createParty,
  }) => {
    const db = api.database.handle.db;
    const kept = await createParty("kept-1", { ...fixtures.PartyCreateUnregistered, name: "Kept Traders" });
    const gone = await createParty("gone-1", { ...fixtures.PartyCreateUnregistered, name: "Gone Traders" });
    expect([kept.status, gone.status]).toEqual([201, 201]);
    const age = (key: string, hours: number) =>
      db
        .update(idempotencyKeys)
        .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
        .where(sql`${idempotencyKeys.key} = ${key}`);
    await age("kept-1", IDEMPOTENCY_KEY_TTL_HOURS - 1);
    await age("gone-1", IDEMPOTENCY_KEY_TTL_HOURS + 1);
    const worker = new DeliveryWorker({
      db,
      holdLocks: false,
      box: await SecretBox.open(db, null),
      policy: new AddressPolicy(),
      logger: pino({ level: "silent" }),
    });
    await worker.prune();
    const left = await db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(sql`${idempotencyKeys.key} in ('kept-1', 'gone-1')`);
    expect(left.map((row) => row.key)).toEqual(["kept-1"]);
    const replayed = await createParty("kept-1", {
      ...fixtures.PartyCreateUnregistered,
      name: "Kept Traders",
    });
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
  });
});
