import { fixtures } from "@bahi/contract";
import { istMonthOf } from "@bahi/gst";
import { eq } from "drizzle-orm";
import { Redis } from "ioredis";
import { pino } from "pino";
import { afterAll, describe, expect } from "vitest";
import { accounts, invoices } from "../src/db/schema.js";
import { RateLimiter } from "../src/http/rate-limit.js";
import {
  REDIS_ANSWER_TIMEOUT_MS,
  REDIS_PAUSE_AFTER_TIMEOUT_MS,
  REDIS_RECONNECT_MAX_DELAY_MS,
} from "../src/http/redis-guard.js";
import type { AccountRow } from "../src/services/accounts/accounts.js";
import { checkLiveInvoiceQuota, PLANS } from "../src/services/accounts/plans.js";
import { newId } from "../src/values/ids.js";
import type { CallResult } from "./support/api.js";
import { driverUnderTest } from "./support/database.js";
import { it } from "./support/fixtures.js";
import { redisTestsRun, startRedis } from "./support/redis.js";
import { createTenant } from "./support/tenants.js";

/** Redis servers and clients of the tests, stopped after the file. */
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A logger whose lines the test can read, and a wait for a line that is logged asynchronously. */
function capturedLogs() {
  const lines: string[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(line) });
  const count = (text: string) => lines.filter((l) => l.includes(text)).length;
  const waitFor = async (text: string, times = 1) => {
    for (let waited = 0; waited < 15_000 && count(text) < times; waited += 20) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(count(text), `log lines with "${text}"`).toBeGreaterThanOrEqual(times);
  };
  return { logger, lines, waitFor };
}

function expectLimitHeaders(res: CallResult, remaining: number, limit: number) {
  expect(res.headers.get("x-ratelimit-limit")).toBe(String(limit));
  expect(res.headers.get("x-ratelimit-remaining")).toBe(String(remaining));
  expect(Number(res.headers.get("x-ratelimit-reset"))).toBeGreaterThan(Date.now() / 1000);
  expect(res.headers.get("ratelimit")).toMatch(/^"(second|minute)";r=\d+;t=\d+$/);
}

describe("rate limits", () => {
  it("a request refused by one window spends no other: a burst refused per second leaves the minute's budget", async () => {
    const limiter = RateLimiter.inMemory({ perMinute: 10, perSecond: 2 });
    const now = Date.now();
    const outcomes = [];
    for (let i = 0; i < 5; i++) outcomes.push(await limiter.consume("account:acc_1:test", null, now));
    expect(outcomes.map((o) => o.allowed)).toEqual([true, true, false, false, false]);
    // Two served: eight of the minute's ten left, on the refusals as on the next answer.
    for (const refused of outcomes.slice(2)) {
      expect(refused.headers["X-RateLimit-Remaining"]).toBe("8");
      expect(Number(refused.headers["Retry-After"])).toBeGreaterThanOrEqual(1);
    }
    expect(outcomes[1]?.headers["X-RateLimit-Remaining"]).toBe("8");
  });
});

describe.runIf(redisTestsRun)("rate limits in Redis", () => {
  it("counts each account and mode in Redis, so that what another node spent counts here too", async ({
    startApi,
  }) => {
    const redis = await startRedis();
    cleanups.push(redis.kill);
    const server = await startApi({ redisUrl: redis.url });
    const { accountId, testKey } = await createTenant(server.database.handle.db);
    const store = new Redis(redis.url);
    cleanups.push(async () => void store.disconnect());

    const first = await server.call("retrieveAccount", { key: testKey });
    expect(first.status).toBe(200);
    expectLimitHeaders(first, 999, 1000);
    const minuteKey = `bahi:rl:x1:minute:account:${accountId}:test`;
    expect(await store.get(minuteKey)).toBe("1");

    // Another node spending the rest of the minute's budget, as it would write it.
    await store.set(minuteKey, "999", "KEEPTTL");
    const last = await server.call("retrieveAccount", { key: testKey });
    expect(last.status).toBe(200);
    expectLimitHeaders(last, 0, 1000);
    const refused = await server.call("retrieveAccount", { key: testKey });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);

    const anonymous = await server.call("retrieveAccount", {});
    expect(anonymous.status).toBe(401);
    expectLimitHeaders(anonymous, 999, 1000);
    expect(await store.get("bahi:rl:x1:minute:address:127.0.0.1")).toBe("1");
  });

  it("keeps answering with every header when Redis dies, counting per node, logs it, and shares again when Redis is back", async ({
    startApi,
  }) => {
    const redis = await startRedis();
    const logs = capturedLogs();
    const server = await startApi({
      redisUrl: redis.url,
      logger: logs.logger,
      rateLimits: { perMinute: 5, perSecond: 100 },
    });
    const { testKey } = await createTenant(server.database.handle.db);
    const account = () => server.call("retrieveAccount", { key: testKey });

    expectLimitHeaders(await account(), 4, 5);
    expectLimitHeaders(await account(), 3, 5);

    await redis.kill();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await account());
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429]);
    // This node's own count starts afresh: it cannot know what was spent in Redis.
    for (const [i, answer] of answers.slice(0, 5).entries()) expectLimitHeaders(answer, 4 - i, 5);
    expect(Number(answers[5]?.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    await logs.waitFor("rate limiter: Redis unreachable; counting per node until it is back");
    expect(logs.lines.filter((l) => l.includes('"level":50'))).toEqual([]);

    const back = await startRedis(redis.port);
    cleanups.push(back.kill);
    await logs.waitFor("rate limiter: Redis reachable; counting across nodes", 2);
    expectLimitHeaders(await account(), 4, 5);
  });

  it("starts and serves with per-node limits when Redis cannot be reached, and says so", async ({
    startApi,
  }) => {
    const gone = await startRedis();
    await gone.kill();
    const logs = capturedLogs();
    const server = await startApi({ redisUrl: gone.url, logger: logs.logger });
    const { testKey } = await createTenant(server.database.handle.db);
    await logs.waitFor("rate limiter: Redis unreachable; counting per node until it is back");
    const res = await server.call("retrieveAccount", { key: testKey });
    expect(res.status).toBe(200);
    expectLimitHeaders(res, 999, 1000);
  });
});

/** Times one call: its answer and how long the client waited for it. */
async function timed(call: () => Promise<CallResult>): Promise<{ answer: CallResult; ms: number }> {
  const started = performance.now();
  const answer = await call();
  return { answer, ms: performance.now() - started };
}

/**
 * What a request may wait on a Redis that is away beyond the bound itself: the HTTP round trip and
 * the server's own work on a busy shared machine. Far below the 15 s a client of the fault suite
 * gave up after, and the server's own ANSWER_TIMEOUT_MS.
 */
const SLACK_MS = 1_500;

describe.runIf(redisTestsRun)("a Redis that is away costs a request a bounded wait", () => {
  it("a Redis that stops answering holds a request at most REDIS_ANSWER_TIMEOUT_MS; this node counts alone until it answers again", async ({
    startApi,
  }) => {
    const redis = await startRedis();
    cleanups.push(redis.kill);
    const logs = capturedLogs();
    const server = await startApi({
      redisUrl: redis.url,
      logger: logs.logger,
      rateLimits: { perMinute: 50, perSecond: 100 },
    });
    const { accountId, testKey } = await createTenant(server.database.handle.db);
    const account = () => server.call("retrieveAccount", { key: testKey });
    const store = new Redis(redis.url);
    cleanups.push(async () => void store.disconnect());
    const minuteKey = `bahi:rl:x1:minute:account:${accountId}:test`;
    // Counted under the client's address, not the account: the counting script is loaded into Redis.
    await server.call("retrieveAccount", {});
    expectLimitHeaders(await account(), 49, 50);
    expectLimitHeaders(await account(), 48, 50);

    // Connections stay open, nothing is answered: only a timeout can tell.
    redis.pause();
    const waits = [];
    for (let i = 0; i < 6; i++) waits.push(await timed(account));
    expect(waits.map((w) => w.answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    // The first waited for Redis, then this node's own count (fresh: it cannot know Redis's) answered.
    expect(waits[0]?.ms).toBeGreaterThanOrEqual(REDIS_ANSWER_TIMEOUT_MS);
    for (const [i, { answer, ms }] of waits.entries()) {
      expect(ms).toBeLessThan(REDIS_ANSWER_TIMEOUT_MS + SLACK_MS);
      expectLimitHeaders(answer, 49 - i, 50);
    }
    await logs.waitFor("rate limiter: Redis unreachable; counting per node until it is back");

    redis.resume();
    const resumed = performance.now();
    // The next request after REDIS_PAUSE_AFTER_TIMEOUT_MS asks Redis again, and is counted there.
    const reachable = () =>
      logs.lines.filter((l) => l.includes("rate limiter: Redis reachable; counting across nodes")).length;
    let shared = await account();
    while (reachable() < 2 && performance.now() - resumed < 10_000) shared = await account();
    expect(reachable()).toBe(2);
    expect(performance.now() - resumed).toBeLessThan(REDIS_PAUSE_AFTER_TIMEOUT_MS + SLACK_MS);
    // Counted in Redis again: what it holds (the commands that reached it while frozen included).
    const spent = Number(await store.get(minuteKey));
    expect(spent).toBeGreaterThanOrEqual(3);
    expectLimitHeaders(shared, 50 - spent, 50);
    expect(logs.lines.filter((l) => l.includes('"level":50'))).toEqual([]);
  });

  it("a node that reconnects counts in Redis at once: no INFO ready check nor CLIENT SETINFO round trip first", async ({
    startApi,
  }) => {
    const redis = await startRedis();
    const logs = capturedLogs();
    const server = await startApi({ redisUrl: redis.url, logger: logs.logger });
    const anonymous = () => server.call("retrieveAccount", {});
    expectLimitHeaders(await anonymous(), 999, 1000);

    await redis.kill();
    await logs.waitFor("rate limiter: Redis unreachable; counting per node until it is back");
    // A Redis started afresh: its command statistics count only what was sent to it since.
    const back = await startRedis(redis.port);
    cleanups.push(back.kill);
    await logs.waitFor("rate limiter: Redis reachable; counting across nodes", 2);
    expectLimitHeaders(await anonymous(), 999, 1000);

    // This reader sends nothing before its own INFO, which its answer does not count yet.
    const store = new Redis(back.url, { enableReadyCheck: false, disableClientInfo: true });
    cleanups.push(async () => void store.disconnect());
    const stats = await store.info("commandstats");
    const sent = [...stats.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)].map(
      ([, name, calls]) => `${name}=${calls}`,
    );
    expect(sent.some((c) => c.startsWith("eval"))).toBe(true);
    expect(sent.filter((c) => c.startsWith("info") || c.startsWith("client"))).toEqual([]);
    expect(await store.get("bahi:rl:x1:minute:address:127.0.0.1")).toBe("1");
  });

  it.for(["SIGTERM", "SIGKILL"] as const)(
    "two nodes: Redis sent %s, each answers at once counting alone; counting is shared again within REDIS_RECONNECT_MAX_DELAY_MS + 2 s of its return",
    async (signal, { startApi }) => {
      const redis = await startRedis();
      const nodes = [];
      for (let i = 0; i < 2; i++) {
        const logs = capturedLogs();
        const server = await startApi({
          redisUrl: redis.url,
          logger: logs.logger,
          rateLimits: { perMinute: 100, perSecond: 100 },
        });
        // Counted under an account of its own, not the address: the counting script is loaded.
        const { testKey } = await createTenant(server.database.handle.db);
        await server.call("retrieveAccount", { key: testKey });
        // Without a key: counted per client address, the same on both nodes.
        nodes.push({ logs, anonymous: () => server.call("retrieveAccount", {}) });
      }
      const [a, b] = nodes as [(typeof nodes)[number], (typeof nodes)[number]];
      expectLimitHeaders(await a.anonymous(), 99, 100);
      expectLimitHeaders(await b.anonymous(), 98, 100);

      await (signal === "SIGTERM" ? redis.stop() : redis.kill());
      for (const node of nodes) {
        await node.logs.waitFor("rate limiter: Redis unreachable; counting per node until it is back");
      }
      const away = [await timed(a.anonymous), await timed(b.anonymous), await timed(a.anonymous)];
      expect(away.map((w) => w.answer.status)).toEqual([401, 401, 401]);
      for (const { ms } of away) expect(ms).toBeLessThan(SLACK_MS);
      expectLimitHeaders(away[0]?.answer as CallResult, 99, 100);
      expectLimitHeaders(away[1]?.answer as CallResult, 99, 100);
      expectLimitHeaders(away[2]?.answer as CallResult, 98, 100);

      const back = await startRedis(redis.port);
      cleanups.push(back.kill);
      const returned = performance.now();
      for (const node of nodes) {
        await node.logs.waitFor("rate limiter: Redis reachable; counting across nodes", 2);
      }
      const sharedAfterMs = performance.now() - returned;
      expect(sharedAfterMs).toBeLessThan(REDIS_RECONNECT_MAX_DELAY_MS + 2_000);
      // A Redis without persistence starts afresh; both nodes count in it again.
      expectLimitHeaders(await a.anonymous(), 99, 100);
      expectLimitHeaders(await b.anonymous(), 98, 100);
    },
  );
});

describe("plan quotas", () => {
  it("the India-time calendar month bounds the quota", () => {
    expect(istMonthOf(new Date("2026-05-31T18:29:59.999Z"))).toEqual({
      start: new Date("2026-04-30T18:30:00.000Z"),
      end: new Date("2026-05-31T18:30:00.000Z"),
    });
    expect(istMonthOf(new Date("2026-05-31T18:30:00.000Z")).end).toEqual(
      new Date("2026-06-30T18:30:00.000Z"),
    );
    expect(istMonthOf(new Date("2026-12-31T18:30:00.000Z"))).toEqual({
      start: new Date("2026-12-31T18:30:00.000Z"),
      end: new Date("2027-01-31T18:30:00.000Z"),
    });
  });

  it.runIf(driverUnderTest === "postgres")(
    "free: a create of another series in flight holds the last live invoice; the other create waits, then 402",
    async ({ startApi }) => {
      const server = await startApi();
      const db = server.database.handle.db;
      const tenant = await createTenant(db, { plan: "free" });
      const quota = PLANS.free.liveInvoicesPerMonth as number;
      const key = tenant.liveKey;
      const party = await server.call("createParty", { key, body: fixtures.PartyCreateUnregistered });
      await server.call("createProduct", { key, body: fixtures.ProductCreateService });
      const sale = (date?: string) => ({
        party_id: party.body.id,
        items: [{ sku: fixtures.ProductCreateService.sku, qty: 1, rate: 1500 }],
        ...(date ? { date } : {}),
      });
      const first = await server.call("createInvoice", { key, body: sale() });
      expect(first.status).toBe(201);
      const [row] = await db.select().from(invoices).where(eq(invoices.id, first.body.id));
      const copy = (number: string) => ({
        ...(row as typeof invoices.$inferSelect),
        id: newId("invoice"),
        number,
      });
      await db.insert(invoices).values(Array.from({ length: quota - 2 }, (_, i) => copy(`COPY-${i}`)));
      const [account] = await db.select().from(accounts).where(eq(accounts.id, tenant.accountId));
      const owner = { accountId: tenant.accountId, livemode: true };
      // As a create dated in the last financial year does: its own series, its invoice written, its
      // quota counted, not yet committed. A create dated today then takes another series' lock.
      let other: Promise<CallResult> | undefined;
      await db.transaction(async (tx) => {
        await tx.insert(invoices).values(copy("LAST-YEAR-1"));
        await checkLiveInvoiceQuota(tx, owner, account as AccountRow, new Date(), true);
        other = server.call("createInvoice", { key, body: sale() });
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      const refused = await (other as Promise<CallResult>);
      expect(refused.status).toBe(402);
      expect(refused.body.code).toBe("plan_limit_exceeded");
    },
  );

  it("free: 402 plan_limit_exceeded past the month's live invoices, naming the quota and its reset; test mode is never limited", async ({
    startApi,
  }) => {
    const server = await startApi();
    const db = server.database.handle.db;
    const tenant = await createTenant(db, { plan: "free" });
    const quota = PLANS.free.liveInvoicesPerMonth as number;
    const setUp = async (key: string) => {
      const party = await server.call("createParty", { key, body: fixtures.PartyCreateUnregistered });
      await server.call("createProduct", { key, body: fixtures.ProductCreateService });
      return {
        party_id: party.body.id,
        items: [{ sku: fixtures.ProductCreateService.sku, qty: 1, rate: 1500 }],
      };
    };
    const live = await setUp(tenant.liveKey);
    const first = await server.call("createInvoice", { key: tenant.liveKey, body: live });
    expect(first.status).toBe(201);
    const [row] = await db.select().from(invoices).where(eq(invoices.id, first.body.id));
    const copies = Array.from({ length: quota - 1 }, (_, i) => ({
      ...(row as typeof invoices.$inferSelect),
      id: newId("invoice"),
      number: `COPY-${i}`,
    }));
    await db.insert(invoices).values(copies);

    const refused = await server.call("createInvoice", { key: tenant.liveKey, body: live });
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({
      code: "plan_limit_exceeded",
      quota: "live_invoices_per_month",
      limit: quota,
      resets_at: istMonthOf(new Date()).end.toISOString(),
    });

    const test = await setUp(tenant.testKey);
    for (let i = 0; i < 2; i++) {
      expect((await server.call("createInvoice", { key: tenant.testKey, body: test })).status).toBe(201);
    }

    const lastMonth = new Date(istMonthOf(new Date()).start.getTime() - 1);
    await db.update(invoices).set({ createdAt: lastMonth }).where(eq(invoices.number, "COPY-0"));
    const next = await server.call("createInvoice", { key: tenant.liveKey, body: live });
    expect(next.status).toBe(201);
    // The refused create did not use up a number.
    expect(next.body.number).toBe(
      first.body.number.replace(/\d+$/, (n: string) => String(Number(n) + 1).padStart(n.length, "0")),
    );
  });
});
