import { fixtures } from "@bahi/contract";
import { Redis } from "ioredis";
import { afterAll, describe, expect } from "vitest";
import { REDIS_KEY_PREFIX } from "../src/http/rate-limit.js";
import { type CallOptions, callOperation } from "./support/api.js";
import { driverUnderTest } from "./support/database.js";
import { expectSignedUnderItsNumber } from "./support/einvoice.js";
import { it } from "./support/fixtures.js";
import { type ServerProcess, startServerProcess } from "./support/processes.js";
import { startReceiver } from "./support/receiver.js";
import { redisTestsRun, startRedis, type TestRedis } from "./support/redis.js";
import { createTenant, GSTINS } from "./support/tenants.js";

// Two server processes share state only through PostgreSQL and Redis; PGlite belongs to one process.
const runs = driverUnderTest === "postgres" && redisTestsRun;
describe.runIf(runs)("two API nodes over one PostgreSQL and one Redis", () => {
  let redis: TestRedis;
  let nodes: ServerProcess[] = [];
  const call = (node: number, operationId: string, options?: CallOptions) =>
    callOperation((nodes[node] as ServerProcess).url, operationId, options);

  it.beforeAll(async ({ database }) => {
    redis = await startRedis();
    const env = {
      DATABASE_URL: database.url as string,
      REDIS_URL: redis.url,
      BAHI_WORKER: "on",
      BAHI_WEBHOOK_ALLOWED_HOSTS: "127.0.0.1",
      BAHI_DEMO: "false",
    };
    nodes = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  });
  afterAll(async () => {
    for (const node of nodes) node.child.kill("SIGKILL");
    await Promise.all(nodes.map((node) => node.exited));
    await redis?.kill();
  });

  it("share one rate-limit budget per account and mode", async ({ database }) => {
    const { accountId, testKey } = await createTenant(database.handle.db, { plan: "free" });
    const remaining = [];
    for (let i = 0; i < 4; i++) {
      const res = await call(i % 2, "retrieveAccount", { key: testKey });
      expect(res.status).toBe(200);
      remaining.push(res.headers.get("x-ratelimit-remaining"));
    }
    expect(remaining).toEqual(["999", "998", "997", "996"]);

    // Spending the rest of the minute request by request would trip the per-second burst limit first.
    const store = new Redis(redis.url);
    await store.set(`${REDIS_KEY_PREFIX}:x1:minute:account:${accountId}:test`, "999", "KEEPTTL");
    store.disconnect();
    expect((await call(0, "retrieveAccount", { key: testKey })).status).toBe(200);
    const refused = await call(1, "retrieveAccount", { key: testKey });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("x-ratelimit-remaining")).toBe("0");
  });

  it("give 200 concurrent invoice creates split across both consecutive numbers, without gaps or duplicates", async ({
    database,
  }) => {
    // Enterprise, so that 200 creates at once stay within the per-second burst.
    const { testKey: key } = await createTenant(database.handle.db, { plan: "enterprise" });
    const party = await call(0, "createParty", { key, body: fixtures.PartyCreateUnregistered });
    await call(1, "createProduct", { key, body: fixtures.ProductCreateService });
    const body = {
      party_id: party.body.id,
      items: [{ sku: fixtures.ProductCreateService.sku, qty: 1, rate: 1500 }],
    };
    const created = await Promise.all(
      Array.from({ length: 200 }, (_, i) => call(i % 2, "createInvoice", { key, body })),
    );
    expect(created.map((c) => c.status)).toEqual(Array(200).fill(201));
    const numbers = created.map((c) => Number(/(\d+)$/.exec(c.body.number)?.[1]));
    expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  });

  it("number e-invoiced creates split across both consecutively, each signed under its own number", async ({
    database,
  }) => {
    // Each node guesses numbers for its own invoices and the other node's invoices take some of them:
    // those invoices are numbered and signed again under the lock.
    const { testKey: key } = await createTenant(database.handle.db, { plan: "enterprise" });
    const party = await call(0, "createParty", { key, body: fixtures.PartyCreate });
    await call(1, "createProduct", { key, body: fixtures.ProductCreateService });
    const body = {
      party_id: party.body.id,
      items: [{ sku: fixtures.ProductCreateService.sku, qty: 1, rate: 1500 }],
    };
    const created = await Promise.all(
      Array.from({ length: 100 }, (_, i) => call(i % 2, "createInvoice", { key, body })),
    );
    expect(created.map((c) => c.status)).toEqual(Array(100).fill(201));
    const numbers = created.map((c) => Number(/(\d+)$/.exec(c.body.number)?.[1]));
    expect(numbers.sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    for (const c of created) expectSignedUnderItsNumber(c.body, GSTINS.karnataka, "2026-27");
  });

  it("replay an idempotency key on the other node", async ({ database }) => {
    const { testKey: key } = await createTenant(database.handle.db);
    const headers = { "idempotency-key": "create-meera-once" };
    const first = await call(0, "createParty", { key, headers, body: fixtures.PartyCreateUnregistered });
    expect(first.status).toBe(201);
    const again = await call(1, "createParty", { key, headers, body: fixtures.PartyCreateUnregistered });
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.id).toBe(first.body.id);
    const reused = await call(1, "createParty", {
      key,
      headers,
      body: { ...fixtures.PartyCreateUnregistered, name: "Someone Else" },
    });
    expect(reused.status).toBe(422);
    expect(reused.body.code).toBe("idempotency_key_reused");
  });

  it("deliver each webhook event once although both nodes run a delivery worker", async ({ database }) => {
    const receiver = await startReceiver();
    const { testKey: key } = await createTenant(database.handle.db, { plan: "enterprise" });
    const hook = await call(0, "createWebhook", {
      key,
      body: { url: `${receiver.url}/hook`, events: ["party.created"] },
    });
    expect(hook.status).toBe(201);
    const created = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(i % 2, "createParty", {
          key,
          body: { ...fixtures.PartyCreateUnregistered, name: `Buyer ${i}` },
        }),
      ),
    );
    expect(created.every((c) => c.status === 201)).toBe(true);
    // Bounded wait for the asynchronous deliveries, not a timing assertion.
    for (let waited = 0; receiver.deliveries.length < 40 && waited < 30_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // A duplicate would come from the other node's worker just after: give it the time to show.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const ids = receiver.deliveries.map((d) => d.id);
    expect(new Set(ids).size).toBe(40);
    expect(ids).toHaveLength(40);
    await receiver.close();
  });
});
