import { Redis } from "ioredis";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COST_KEY_PREFIX } from "../src/graphql/cost/shared-buckets.js";
import { COST_BUCKET_SIZE, COST_RESTORE_RATE, MAX_QUERY_COST } from "../src/graphql/limits.js";
import { type RunningServer, startServer } from "../src/server.js";
import { startTestApi, type TestApi } from "./support/api.js";
import { graphql } from "./support/graphql.js";
import { redisTestsRun, startRedis, type TestRedis } from "./support/redis.js";
import { createTenant, type Tenant } from "./support/tenants.js";

// GraphQL's cost buckets in Redis: two API nodes over one database and one Redis spend from one
// bucket per account and mode (THROTTLED on one node by what the other spent, enterprise 10×), and
// each node falls back to a bucket of its own while Redis is down. The Redis is the test's own
// redis-server (support/redis.ts), so that killing it touches no one else's.

/** 9 product connections of 100 and one of 80: a requested cost of MAX_QUERY_COST, all of it used with 100 products. */
const FULL_QUERY = `{ ${Array.from({ length: 9 }, (_, i) => `p${i}: products(first: 100) { nodes { id } }`).join(" ")} last: products(first: 80) { nodes { id } } }`;
const CHEAP_QUERY = `{ account { id } }`;

describe.runIf(redisTestsRun)("GraphQL cost buckets shared through Redis", () => {
  let redis: TestRedis;
  let store: Redis;
  let first: TestApi;
  let second: RunningServer;
  /** The two nodes, as the GraphQL helper sees a server: by its URL. */
  let nodes: [TestApi, TestApi];

  beforeAll(async () => {
    redis = await startRedis();
    store = new Redis(redis.url);
    // The last test kills Redis: this client's reconnection failures are expected.
    store.on("error", () => {});
    first = await startTestApi({ redisUrl: redis.url });
    // A second node over the same database and Redis, as another process behind the load balancer.
    second = await startServer({
      db: first.database.handle.db,
      pointReads: first.database.handle.pointReads,
      logger: pino({ level: "silent" }),
      port: 0,
      host: "127.0.0.1",
      isReady: async () => true,
      redisUrl: redis.url,
    });
    nodes = [first, { ...first, url: second.url }];
  });
  afterAll(async () => {
    store?.disconnect();
    await second?.close(1_000);
    await first?.close();
    await redis?.kill();
  });

  async function withProducts(count: number, plan?: "enterprise"): Promise<Tenant> {
    const tenant = await createTenant(first.database.handle.db, plan ? { plan } : {});
    const created = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        first.call("createProduct", {
          key: tenant.testKey,
          body: {
            sku: `SKU-${i}`,
            name: `Product ${i}`,
            price: 1,
            gst_rate: 18,
            unit: "PCS",
            hsn_code: "9608",
          },
        }),
      ),
    );
    expect(created.map((res) => res.status)).toEqual(Array(count).fill(201));
    return tenant;
  }

  it("one bucket per account and mode across nodes: what one node spent throttles the other, with when to retry", async () => {
    const tenant = await withProducts(100);
    const spent = await graphql(nodes[0], tenant.testKey, FULL_QUERY);
    expect(spent.body.errors).toBeUndefined();
    expect(spent.body.extensions.cost).toMatchObject({
      requestedQueryCost: MAX_QUERY_COST,
      actualQueryCost: MAX_QUERY_COST,
      throttleStatus: { maximumAvailable: COST_BUCKET_SIZE, restoreRate: COST_RESTORE_RATE },
    });
    expect(spent.body.extensions.cost.throttleStatus.currentlyAvailable).toBeLessThan(COST_RESTORE_RATE);
    const key = `${COST_KEY_PREFIX}:${tenant.accountId}:test`;
    expect(Number(await store.hget(key, "available"))).toBeLessThan(COST_RESTORE_RATE);
    // Idle long enough to be full again, the bucket is gone from Redis.
    expect(await store.pttl(key)).toBeGreaterThan(0);
    expect(await store.pttl(key)).toBeLessThanOrEqual(
      Math.ceil((MAX_QUERY_COST / COST_RESTORE_RATE) * 1000) + 1000,
    );

    const throttled = await graphql(nodes[1], tenant.testKey, FULL_QUERY);
    expect(throttled.status).toBe(200);
    expect(throttled.body.data).toBeUndefined();
    const [error] = throttled.body.errors ?? [];
    expect(error.extensions.code).toBe("THROTTLED");
    const { currentlyAvailable } = throttled.body.extensions.cost.throttleStatus;
    expect(currentlyAvailable).toBeLessThan(2 * COST_RESTORE_RATE);
    expect(error.extensions.retryAfter).toBe(
      Math.ceil((MAX_QUERY_COST - currentlyAvailable) / COST_RESTORE_RATE),
    );
    expect(throttled.body.extensions.cost).toMatchObject({
      requestedQueryCost: MAX_QUERY_COST,
      actualQueryCost: null,
    });

    // A cheap query still fits on either node, and the live mode has a bucket of its own.
    expect((await graphql(nodes[1], tenant.testKey, CHEAP_QUERY)).body.errors).toBeUndefined();
    expect((await graphql(nodes[1], tenant.liveKey, FULL_QUERY)).body.errors).toBeUndefined();
  });

  it("what a query requested but did not use is given back to the shared bucket", async () => {
    const tenant = await createTenant(first.database.handle.db);
    // No products: 10 connections of 2 points each actually, of MAX_QUERY_COST requested.
    const answer = await graphql(nodes[0], tenant.testKey, FULL_QUERY);
    expect(answer.body.extensions.cost).toMatchObject({
      requestedQueryCost: MAX_QUERY_COST,
      actualQueryCost: 20,
    });
    const after = await graphql(nodes[1], tenant.testKey, CHEAP_QUERY);
    const available = after.body.extensions.cost.throttleStatus.currentlyAvailable;
    expect(available).toBeGreaterThanOrEqual(COST_BUCKET_SIZE - 20 - 1);
    expect(available).toBeLessThan(COST_BUCKET_SIZE);
  });

  it("enterprise: ten times the bucket and the rate, shared", async () => {
    const tenant = await withProducts(100, "enterprise");
    const available = [];
    for (let i = 0; i < 4; i++) {
      const answer = await graphql(nodes[i % 2] as TestApi, tenant.testKey, FULL_QUERY);
      expect(answer.body.errors).toBeUndefined();
      expect(answer.body.extensions.cost.throttleStatus).toMatchObject({
        maximumAvailable: 10 * COST_BUCKET_SIZE,
        restoreRate: 10 * COST_RESTORE_RATE,
      });
      available.push(answer.body.extensions.cost.throttleStatus.currentlyAvailable);
    }
    // Each query spends 1,000 of one bucket (refilled at 500 a second meanwhile), whichever node ran it.
    for (let i = 1; i < 4; i++)
      expect(available[i]).toBeLessThan((available[i - 1] as number) - MAX_QUERY_COST / 2);
  });

  it("while Redis is down each node answers from a bucket of its own, and says so honestly", async () => {
    const tenant = await withProducts(100);
    expect((await graphql(nodes[0], tenant.testKey, FULL_QUERY)).body.errors).toBeUndefined();
    await redis.kill();
    // Neither node has spent from its own bucket yet: each starts full and throttles on its own.
    for (const node of nodes) {
      const answer = await graphql(node, tenant.testKey, FULL_QUERY);
      expect(answer.status).toBe(200);
      expect(answer.body.errors).toBeUndefined();
      expect(answer.body.extensions.cost.throttleStatus.currentlyAvailable).toBeLessThan(COST_RESTORE_RATE);
      const throttled = await graphql(node, tenant.testKey, FULL_QUERY);
      expect(throttled.body.errors?.[0].extensions.code).toBe("THROTTLED");
    }
  });
});
