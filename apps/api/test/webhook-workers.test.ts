import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { and, eq, gt, inArray } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { events, webhookDeliveries, webhooks } from "../src/db/schema.js";
import { SecretBox } from "../src/secrets/secret-box.js";
import { recordEvent } from "../src/services/events/events.js";
import { AddressPolicy } from "../src/services/webhooks/address-policy.js";
import { deleteWebhook } from "../src/services/webhooks/subscriptions.js";
import { DeliveryWorker, IDLE_POLL_MS } from "../src/services/webhooks/worker.js";
import { type CallResult, startTestApi, type TestApi } from "./support/api.js";
import { createTestDatabase, driverUnderTest } from "./support/database.js";
import { it } from "./support/fixtures.js";
import { type Delivery, type Receiver, startReceiver } from "./support/receiver.js";
import { createTenant, type Tenant } from "./support/tenants.js";

const apiRoot = fileURLToPath(new URL("..", import.meta.url));
const PARTY = {
  type: "customer",
  name: "Sharma Stores",
  address: { line1: "4 Park Street", city: "Kolkata", state_code: "19", pin: "700016" },
};
const HOUR = 3_600_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface WorkerProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  started: Promise<void>;
}

// The file's server delivers to the receiver on loopback.
it.override("apiOptions", { webhookPolicy: new AddressPolicy(["127.0.0.1"]) });

// On PGlite a second process cannot open the data directory: several workers need PostgreSQL.
describe.runIf(driverUnderTest === "postgres")("webhook worker processes (pnpm bahi worker)", () => {
  const workers: WorkerProcess[] = [];

  afterAll(async () => {
    for (const w of workers) w.child.kill("SIGKILL");
    await Promise.all(workers.map((w) => w.exited));
  });

  function startWorker(api: TestApi): WorkerProcess {
    const child = spawn(process.execPath, ["dist/server/cli.js", "worker"], {
      cwd: apiRoot,
      env: {
        ...process.env,
        DATABASE_URL: api.database.url as string,
        BAHI_WEBHOOK_ALLOWED_HOSTS: "127.0.0.1",
        LOG_LEVEL: "info",
      },
    });
    let out = "";
    const started = new Promise<void>((resolve) =>
      child.stdout?.on("data", (chunk) => {
        out += chunk;
        if (out.includes('"msg":"webhook worker started"')) resolve();
      }),
    );
    child.stderr?.on("data", (chunk) => (out += chunk));
    const worker = { child, exited: new Promise<number | null>((done) => child.on("close", done)), started };
    workers.push(worker);
    return worker;
  }

  async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
    for (let waited = 0; waited < 30_000; waited += 20) {
      if (await condition()) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`timed out waiting for ${what}`);
  }

  /** `count` events in one transaction, as a burst of changes would make them. */
  async function burst(
    { api, tenant, receiver }: { api: TestApi; tenant: Tenant; receiver: Receiver },
    path: string,
    count: number,
  ): Promise<string[]> {
    const party = (
      await api.call<Parameters<typeof recordEvent>[3]>("createParty", { key: tenant.testKey, body: PARTY })
    ).body;
    const hook = await api.call("createWebhook", {
      key: tenant.testKey,
      body: { url: `${receiver.url}${path}`, events: ["party.created"] },
    });
    expect(hook.status).toBe(201);
    await api.database.handle.db.transaction(async (tx) => {
      for (let i = 0; i < count; i++)
        await recordEvent(tx, { accountId: tenant.accountId, livemode: false }, "party.created", party);
    });
    const rows = await api.database.handle.db
      .select({ eventId: webhookDeliveries.eventId })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.webhookId, hook.body.id), eq(webhookDeliveries.status, "pending")));
    return rows.map((r) => r.eventId);
  }

  const idsAt = (receiver: Receiver, path: string) =>
    receiver.deliveries.filter((d) => d.path === path).map((d) => d.id);

  it("a worker killed (SIGKILL) in the middle of deliveries loses nothing once another starts", async ({
    api,
    tenant,
    receiver,
  }) => {
    const expected = await burst({ api, tenant, receiver }, "/killed", 300);
    expect(expected).toHaveLength(300);
    const first = startWorker(api);
    let killedAt = 0;
    receiver.respond = (d, res) => {
      if (d.path === "/killed" && killedAt === 0 && idsAt(receiver, "/killed").length >= 100) {
        killedAt = idsAt(receiver, "/killed").length;
        first.child.kill("SIGKILL");
      }
      setTimeout(() => res.end("ok"), 5);
    };
    expect(await first.exited).toBeNull();
    expect(idsAt(receiver, "/killed").length).toBeLessThan(300);

    const second = startWorker(api);
    await until(() => new Set(idsAt(receiver, "/killed")).size === 300, "every event after the restart");
    expect(new Set(idsAt(receiver, "/killed"))).toEqual(new Set(expected));
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
    const pending = await api.database.handle.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.status, "pending"));
    expect(pending).toHaveLength(0);
  });

  it("two workers at once share the deliveries: each event arrives once, never twice in parallel", async ({
    api,
    tenant,
    receiver,
  }) => {
    const a = startWorker(api);
    const b = startWorker(api);
    await Promise.all([a.started, b.started]);
    const inFlight = new Set<string>();
    let overlaps = 0;
    receiver.respond = (d, res) => {
      // The same event also goes to the earlier test's webhook: one delivery is a webhook and an event.
      const delivery = `${d.path} ${d.id}`;
      if (inFlight.has(delivery)) overlaps++;
      inFlight.add(delivery);
      setTimeout(() => {
        inFlight.delete(delivery);
        res.end("ok");
      }, 5);
    };
    const expected = await burst({ api, tenant, receiver }, "/pair", 400);
    await until(() => new Set(idsAt(receiver, "/pair")).size === 400, "every event from two workers");
    expect(idsAt(receiver, "/pair").sort()).toEqual([...expected].sort());
    expect(overlaps).toBe(0);
    for (const w of [a, b]) w.child.kill("SIGTERM");
    expect(await Promise.all([a.exited, b.exited])).toEqual([0, 0]);
  });
});

// Two connections at once: PostgreSQL only. A deadlock shows as a batch or request that PostgreSQL
// aborts after deadlock_timeout (1 s).
describe.runIf(driverUnderTest === "postgres")("the worker and the API writing the same webhooks", () => {
  let api: TestApi;
  let receiver: Receiver;
  let box: SecretBox;
  let clock: Date | undefined;

  beforeAll(async () => {
    api = await startTestApi({ webhookPolicy: new AddressPolicy(["127.0.0.1"]) });
    receiver = await startReceiver();
    box = await SecretBox.open(api.database.handle.db, null);
  });
  afterAll(async () => {
    await receiver.close();
    await api.close();
  });

  /** One loop of the worker, in this process, so that a test can start its batches one by one. */
  const loop = () =>
    new DeliveryWorker({
      db: api.database.handle.db,
      holdLocks: true,
      box,
      policy: new AddressPolicy(["127.0.0.1"]),
      logger: pino({ level: "silent" }),
      now: () => clock ?? new Date(),
      random: () => 0.5,
    });

  async function subscribe(key: string, path: string) {
    const res = await api.call("createWebhook", {
      key,
      body: { url: `${receiver.url}${path}`, events: ["party.created"] },
    });
    expect(res.status).toBe(201);
    return res.body;
  }

  async function attemptsOf(key: string, webhookId: string) {
    const res = await api.call("listWebhookDeliveries", { key, path: { id: webhookId } });
    expect(res.status).toBe(200);
    return res.body.data as Record<string, any>[];
  }

  /** Holds the answers that `held` picks until `release`; `status` is each answer's. */
  function holdAnswers(status: (d: Delivery) => number, held: (d: Delivery) => boolean = () => true) {
    const waiting: (() => void)[] = [];
    receiver.respond = (d, res) => {
      res.statusCode = status(d);
      if (held(d)) waiting.push(() => res.end());
      else res.end();
    };
    return {
      arrived: async (count: number) => {
        while (waiting.length < count) await sleep(10);
      },
      release: () => {
        for (const answer of waiting.splice(0)) answer();
        receiver.respond = (_d, res) => res.end("ok");
      },
    };
  }

  /** Puts the pending attempts of `webhookIds` out of any claim's reach, even at a clock 73 h on. */
  const postpone = (webhookIds: string[]) =>
    api.database.handle.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(Date.now() + 100 * HOUR) })
      .where(and(inArray(webhookDeliveries.webhookId, webhookIds), eq(webhookDeliveries.status, "pending")));

  /** Makes postponed attempts due; attempts already due, which a loop may hold, are not waited for. */
  const bringBack = (webhookIds: string[]) =>
    api.database.handle.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date() })
      .where(
        and(
          inArray(webhookDeliveries.webhookId, webhookIds),
          eq(webhookDeliveries.status, "pending"),
          gt(webhookDeliveries.nextAttemptAt, new Date(Date.now() + 99 * HOUR)),
        ),
      );

  it("disabling a failing webhook does not wait for its attempt that another loop is making", async () => {
    const t = await createTenant(api.database.handle.db);
    const hook = await subscribe(t.testKey, "/failing-for-days");
    await api.call("createParty", { key: t.testKey, body: PARTY });
    await postpone([hook.id]);
    const second = await api.call("createParty", { key: t.testKey, body: PARTY });
    // Failing since before both events, and attempts made 73 hours on: each failure is the last one.
    await api.database.handle.db
      .update(webhooks)
      .set({ failingSince: new Date(Date.now() - HOUR) })
      .where(eq(webhooks.id, hook.id));
    clock = new Date(Date.now() + 73 * HOUR);
    const answers = holdAnswers(
      () => 500,
      (d) => d.body.includes(second.body.id),
    );
    const making = loop().runOnce();
    await answers.arrived(1);
    await bringBack([hook.id]);
    const disabling = loop().runOnce();
    await sleep(300);
    answers.release();

    expect(await Promise.all([disabling, making])).toEqual([1, 1]);
    clock = undefined;
    const after = await api.call("retrieveWebhook", { key: t.testKey, path: { id: hook.id } });
    expect(after.body).toMatchObject({ status: "disabled", disabled_reason: "failing" });
    expect((await attemptsOf(t.testKey, hook.id)).map((a) => a.status)).toEqual(["failed", "failed"]);
  });

  it("deleting a webhook while its attempt is made neither deadlocks nor rolls back the batch", async () => {
    const t = await createTenant(api.database.handle.db);
    const deleted = await subscribe(t.testKey, "/deleted-in-flight");
    const bystander = await subscribe(t.testKey, "/beside-deleted");
    await api.call("createParty", { key: t.testKey, body: PARTY });
    const answers = holdAnswers((d) => (d.path === "/deleted-in-flight" ? 500 : 200));
    const batch = loop().runOnce();
    await answers.arrived(2);
    const deleting = api.call("deleteWebhook", { key: t.testKey, path: { id: deleted.id } });
    await sleep(500);
    answers.release();

    expect(await batch).toBe(2);
    expect((await deleting).status).toBe(200);
    expect(await attemptsOf(t.testKey, bystander.id)).toMatchObject([{ attempt: 1, status: "succeeded" }]);
    const left = await api.database.handle.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.webhookId, deleted.id));
    expect(left).toHaveLength(0);
    await api.call("deleteWebhook", { key: t.testKey, path: { id: bystander.id } });
  });

  it("two loops whose batches end and extend the same webhooks' failing spells do not deadlock", async () => {
    const t = await createTenant(api.database.handle.db);
    const hooks = [await subscribe(t.testKey, "/shared-1"), await subscribe(t.testKey, "/shared-2")];
    const ids = hooks.map((h) => h.id);
    const first = await api.call("createParty", { key: t.testKey, body: PARTY });
    await postpone(ids);
    await api.call("createParty", { key: t.testKey, body: PARTY });
    // Each webhook fails one event and takes the other, so each loop ends one failing spell and
    // extends the other: both write both webhooks' rows.
    await api.database.handle.db
      .update(webhooks)
      .set({ failingSince: new Date(Date.now() - HOUR) })
      .where(inArray(webhooks.id, ids));
    const answers = holdAnswers((d) =>
      (d.path === "/shared-1") === d.body.includes(first.body.id) ? 500 : 200,
    );
    const second = loop().runOnce();
    await answers.arrived(2);
    await bringBack(ids);
    const firsts = loop().runOnce();
    await answers.arrived(4);
    // The loops reach the webhooks' rows while another transaction holds them, and so both go on
    // writing them at the same moment, each in its own order.
    let unlock = () => {};
    let holding: Promise<void> | undefined;
    await new Promise<void>((locked) => {
      holding = api.database.handle.db.transaction(async (tx) => {
        await tx.select().from(webhooks).where(inArray(webhooks.id, ids)).for("share");
        locked();
        await new Promise<void>((done) => (unlock = done));
      });
    });
    answers.release();
    await sleep(300);
    unlock();
    await holding;

    expect(await Promise.all([second, firsts])).toEqual([2, 2]);
    for (const hook of hooks) {
      const statuses = (await attemptsOf(t.testKey, hook.id)).map((a) => a.status).sort();
      expect(statuses).toEqual(["failed", "pending", "succeeded"]);
      await api.call("deleteWebhook", { key: t.testKey, path: { id: hook.id } });
    }
  });

  it("while a loop waits on a slow receiver, another delivers what comes due meanwhile", async () => {
    const t = await createTenant(api.database.handle.db);
    const hooks = [await subscribe(t.testKey, "/slow-receiver")];
    const answers = holdAnswers(
      () => 200,
      (d) => d.path === "/slow-receiver",
    );
    const worker = new DeliveryWorker({
      db: api.database.handle.db,
      holdLocks: true,
      loops: 4,
      box,
      policy: new AddressPolicy(["127.0.0.1"]),
      logger: pino({ level: "silent" }),
    });
    worker.start();
    let arrived: Delivery[] = [];
    let party: CallResult | undefined;
    try {
      await api.call("createParty", { key: t.testKey, body: PARTY });
      await answers.arrived(1);
      await sleep(3 * IDLE_POLL_MS);
      // The loop that claimed the slow attempt holds it; the others had found nothing and waited.
      hooks.push(await subscribe(t.testKey, "/fast-receiver"));
      party = await api.call("createParty", { key: t.testKey, body: PARTY });
      const deadline = Date.now() + 5_000;
      while (Date.now() < deadline) {
        arrived = receiver.deliveries.filter((d) => d.path === "/fast-receiver");
        if (arrived.length > 0) break;
        await sleep(20);
      }
    } finally {
      answers.release();
      await worker.stop();
    }

    expect(arrived.map((d) => JSON.parse(d.body).data.object.id)).toEqual([party?.body.id]);
    for (const hook of hooks) await api.call("deleteWebhook", { key: t.testKey, path: { id: hook.id } });
  });

  it("a change made while a webhook is being deleted is committed, and announced to the others", async () => {
    const t = await createTenant(api.database.handle.db);
    const leaving = await subscribe(t.testKey, "/leaving");
    const staying = await subscribe(t.testKey, "/staying");
    let creating: Promise<CallResult> | undefined;
    await api.database.handle.db.transaction(async (tx) => {
      await deleteWebhook(tx, { accountId: t.accountId, livemode: false }, leaving.id);
      creating = api.call("createParty", { key: t.testKey, body: PARTY });
      // Long enough for the change to reach its event's deliveries, and wait there.
      await sleep(500);
    });
    const created = await creating;

    expect(created?.status).toBe(201);
    const announced = await api.database.handle.db
      .select()
      .from(events)
      .where(eq(events.accountId, t.accountId));
    expect(announced.map((e) => e.type)).toEqual(["party.created"]);
    expect(await attemptsOf(t.testKey, staying.id)).toMatchObject([
      { event_id: announced[0]?.id, status: "pending" },
    ]);
    await api.call("deleteWebhook", { key: t.testKey, path: { id: staying.id } });
  });
});

describe("an idle worker", () => {
  it("polls the queue once per IDLE_POLL_MS, not once per loop", async () => {
    let polls = 0;
    let counting = false;
    const database = await createTestDatabase(10, (text) => {
      // The look for a due attempt that each poll starts with (webhook_any_due).
      if (counting && /^select "id" from "webhook_deliveries" .* limit \$\d+$/.test(text)) polls++;
    });
    try {
      const worker = new DeliveryWorker({
        db: database.handle.db,
        holdLocks: true,
        loops: 4,
        box: await SecretBox.open(database.handle.db, null),
        policy: new AddressPolicy(),
        logger: pino({ level: "silent" }),
      });
      counting = true;
      worker.start();
      const watchedMs = 20 * IDLE_POLL_MS;
      await sleep(watchedMs);
      await worker.stop();
      counting = false;

      // A first look by each of the four loops, then one loop's polls; four loops polling would
      // have made about 4 × 20.
      expect(polls).toBeGreaterThanOrEqual(4);
      expect(polls).toBeLessThanOrEqual(4 + watchedMs / IDLE_POLL_MS + 1);
    } finally {
      await database.drop();
    }
  });
});
