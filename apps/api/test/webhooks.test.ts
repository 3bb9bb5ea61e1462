import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { type Logger, pino } from "pino";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhooks } from "../src/db/schema.js";
import { SecretBox } from "../src/secrets/secret-box.js";
import { AddressPolicy, type Resolver } from "../src/services/webhooks/address-policy.js";
import { WEBHOOK_RESPONSE_MAX_BYTES } from "../src/services/webhooks/post.js";
import {
  nextAttemptAt,
  RETRY_DELAYS_MS,
  RETRY_WINDOW_MS,
  retryDelayMs,
} from "../src/services/webhooks/schedule.js";
import { DeliveryWorker } from "../src/services/webhooks/worker.js";
import { startTestApi, type TestApi } from "./support/api.js";
import { driverUnderTest } from "./support/database.js";
import { type Receiver, startReceiver } from "./support/receiver.js";
import { createTenant, type Tenant } from "./support/tenants.js";

const PARTY = {
  type: "customer",
  name: "Sharma Stores",
  address: { line1: "4 Park Street", city: "Kolkata", state_code: "19", pin: "700016" },
};
const HOUR = 3_600_000;

let api: TestApi;
let receiver: Receiver;
let tenant: Tenant;
let clock = new Date();
let box: SecretBox;

/** A worker over the test database with a clock the test moves, and no jitter. */
async function workerWith(
  policy = new AddressPolicy(["127.0.0.1"]),
  logger: Logger = pino({ level: "silent" }),
): Promise<DeliveryWorker> {
  box ??= await SecretBox.open(api.database.handle.db, null);
  return new DeliveryWorker({
    db: api.database.handle.db,
    holdLocks: driverUnderTest === "postgres",
    box,
    policy,
    logger,
    now: () => clock,
    random: () => 0.5,
  });
}

beforeAll(async () => {
  api = await startTestApi({ webhookPolicy: new AddressPolicy(["127.0.0.1"]) });
  receiver = await startReceiver();
  tenant = await createTenant(api.database.handle.db);
});
afterAll(async () => {
  await receiver.close();
  await api.close();
});

async function subscribe(key: string, path: string, events: string[] = ["*"]) {
  const res = await api.call("createWebhook", { key, body: { url: `${receiver.url}${path}`, events } });
  expect(res.status).toBe(201);
  return res.body;
}

const deliveriesTo = (path: string) => receiver.deliveries.filter((d) => d.path === path);

async function attemptsOf(key: string, webhookId: string, query: Record<string, string> = {}) {
  const res = await api.call("listWebhookDeliveries", {
    key,
    path: { id: webhookId },
    query: { limit: 100, ...query },
  });
  expect(res.status).toBe(200);
  return res.body.data as Record<string, any>[];
}

describe("webhook subscriptions", () => {
  it("create shows the secret once; retrieve, list, update and delete never do", async () => {
    const created = await api.call("createWebhook", {
      key: tenant.testKey,
      body: { url: `${receiver.url}/crud`, events: ["invoice.created"], description: "ERP sync" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      object: "webhook",
      status: "enabled",
      disabled_reason: null,
      livemode: false,
    });
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const id = created.body.id;
    const got = await api.call("retrieveWebhook", { key: tenant.testKey, path: { id } });
    expect(got.body).toEqual(
      Object.fromEntries(Object.entries(created.body).filter(([k]) => k !== "secret")),
    );
    const list = await api.call("listWebhooks", { key: tenant.testKey });
    expect(list.body.data.map((w: { id: string }) => w.id)).toContain(id);
    expect(JSON.stringify(list.body)).not.toContain("whsec_");
    const [stored] = await api.database.handle.db.select().from(webhooks).where(eq(webhooks.id, id));
    expect(stored?.secret).not.toContain(created.body.secret.slice(6));

    const updated = await api.call("updateWebhook", {
      key: tenant.testKey,
      path: { id },
      body: { events: ["*"], description: null, enabled: false },
    });
    expect(updated.body).toMatchObject({
      events: ["*"],
      description: null,
      status: "disabled",
      disabled_reason: "manual",
    });
    const enabled = await api.call("updateWebhook", {
      key: tenant.testKey,
      path: { id },
      body: { enabled: true },
    });
    expect(enabled.body).toMatchObject({ status: "enabled", disabled_reason: null });

    expect((await api.call("retrieveWebhook", { key: tenant.liveKey, path: { id } })).status).toBe(404);
    const deleted = await api.call("deleteWebhook", { key: tenant.testKey, path: { id } });
    expect(deleted.body).toEqual({ id, object: "webhook", deleted: true });
    expect((await api.call("deleteWebhook", { key: tenant.testKey, path: { id } })).status).toBe(404);
    expect((await api.call("listWebhookDeliveries", { key: tenant.testKey, path: { id } })).status).toBe(404);
  });

  it("allows 16 webhooks per account and mode (MAX_WEBHOOKS) and refuses the 17th", async () => {
    const other = await createTenant(api.database.handle.db);
    for (let i = 0; i < 16; i++) await subscribe(other.testKey, `/limit/${i}`);
    const refused = await api.call("createWebhook", {
      key: other.testKey,
      body: { url: `${receiver.url}/limit/16`, events: ["*"] },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe("webhook_limit_reached");
    const live = await api.call("createWebhook", {
      key: other.liveKey,
      body: { url: "https://93.184.215.14/hooks", events: ["*"] },
    });
    expect(live.status).toBe(201);
  });

  it("refuses a rotation overlap above 604,800 seconds (MAX_SECRET_OVERLAP_SECONDS)", async () => {
    const hook = await subscribe(tenant.testKey, "/overlap-limit", ["webhook.disabled"]);
    const max = await api.call("rotateWebhookSecret", {
      key: tenant.testKey,
      path: { id: hook.id },
      body: { overlap_seconds: 604_800 },
    });
    expect(max.status).toBe(200);
    const over = await api.call("rotateWebhookSecret", {
      key: tenant.testKey,
      path: { id: hook.id },
      body: { overlap_seconds: 604_801 },
    });
    expect(over.status).toBe(400);
  });
});

describe("delivery", () => {
  it("POSTs each subscribed event, signed as Standard Webhooks libraries verify, once", async () => {
    const hook = await subscribe(tenant.testKey, "/signed", ["party.created"]);
    const party = await api.call("createParty", { key: tenant.testKey, body: PARTY });
    await api.call("updateParty", {
      key: tenant.testKey,
      path: { id: party.body.id },
      body: { phone: "+919800000000" },
    });
    await api.call("createParty", { key: tenant.liveKey, body: PARTY });
    clock = new Date();
    const worker = await workerWith();
    await worker.runOnce();
    expect(await worker.runOnce()).toBe(0);

    const received = deliveriesTo("/signed");
    expect(received).toHaveLength(1);
    const [delivery] = received;
    const event = new StandardWebhook(hook.secret).verify(
      delivery?.body ?? "",
      delivery?.headers as Record<string, string>,
    );
    expect(event).toMatchObject({
      object: "event",
      type: "party.created",
      livemode: false,
      data: { object: party.body },
    });
    const stored = await api.call("retrieveEvent", { key: tenant.testKey, path: { id: delivery?.id ?? "" } });
    expect(JSON.parse(delivery?.body ?? "")).toEqual(stored.body);
    expect(delivery?.headers["webhook-timestamp"]).toBe(String(Math.floor(clock.getTime() / 1000)));
    expect(delivery?.headers["content-type"]).toBe("application/json");

    const [attempt] = await attemptsOf(tenant.testKey, hook.id);
    expect(attempt).toMatchObject({
      object: "webhook_delivery",
      webhook_id: hook.id,
      event_id: delivery?.id,
      attempt: 1,
      status: "succeeded",
      response_status: 200,
      error: null,
      next_attempt_at: null,
      created_at: clock.toISOString(),
    });
    expect(attempt?.latency_ms).toBeGreaterThanOrEqual(0);
  });

  it("retries on the schedule until the window is spent, then disables the webhook and says so", async () => {
    const other = await createTenant(api.database.handle.db);
    const failing = await subscribe(other.testKey, "/down", ["party.created"]);
    const watcher = await subscribe(other.testKey, "/watcher", ["webhook.disabled"]);
    receiver.respond = (d, res) => {
      res.statusCode = d.path === "/down" ? 503 : 200;
      res.end();
    };
    await api.call("createParty", { key: other.testKey, body: PARTY });
    const worker = await workerWith();
    clock = new Date();
    const gaps: number[] = [];
    for (let i = 0; i < 20; i++) {
      await worker.runOnce();
      const [latest] = await attemptsOf(other.testKey, failing.id, { status: "pending" });
      if (!latest) break;
      gaps.push(Date.parse(latest.next_attempt_at) - clock.getTime());
      clock = new Date(latest.next_attempt_at);
    }
    const H = HOUR;
    expect(gaps).toEqual([
      5_000,
      300_000,
      1_800_000,
      2 * H,
      5 * H,
      10 * H,
      10 * H,
      10 * H,
      10 * H,
      10 * H,
      10 * H,
      10 * H,
    ]);
    const attempts = await attemptsOf(other.testKey, failing.id);
    expect(attempts).toHaveLength(13);
    expect(attempts.every((a) => a.status === "failed" && a.response_status === 503)).toBe(true);
    expect(attempts[0]).toMatchObject({ attempt: 13, next_attempt_at: null });
    expect(deliveriesTo("/down")).toHaveLength(13);

    const disabled = await api.call("retrieveWebhook", { key: other.testKey, path: { id: failing.id } });
    expect(disabled.body).toMatchObject({ status: "disabled", disabled_reason: "failing" });
    await worker.runOnce();
    const [notice] = deliveriesTo("/watcher");
    expect(JSON.parse(notice?.body ?? "{}")).toMatchObject({
      type: "webhook.disabled",
      data: { object: { id: failing.id, status: "disabled", disabled_reason: "failing" } },
    });
    expect(
      (await api.call("listEvents", { key: other.testKey, query: { type: "webhook.disabled" } })).body.data,
    ).toHaveLength(1);
    expect(watcher.status).toBe("enabled");
    receiver.respond = (_d, res) => res.end("ok");
  });

  it("keeps a webhook enabled when a delivery succeeded while another kept failing", async () => {
    const other = await createTenant(api.database.handle.db);
    const hook = await subscribe(other.testKey, "/flaky", ["party.created"]);
    const first = await api.call("createParty", { key: other.testKey, body: PARTY });
    receiver.respond = (d, res) => {
      res.statusCode = d.path === "/flaky" && d.body.includes(first.body.id) ? 500 : 200;
      res.end();
    };
    const worker = await workerWith();
    clock = new Date();
    await worker.runOnce();
    await api.call("createParty", { key: other.testKey, body: { ...PARTY, name: "Second" } });
    for (let i = 0; i < 20; i++) {
      await worker.runOnce();
      const [pending] = await attemptsOf(other.testKey, hook.id, { status: "pending" });
      if (!pending) break;
      clock = new Date(pending.next_attempt_at);
    }
    const attempts = await attemptsOf(other.testKey, hook.id);
    expect(attempts.filter((a) => a.status === "succeeded")).toHaveLength(1);
    expect(attempts.filter((a) => a.status === "failed")).toHaveLength(13);
    const after = await api.call("retrieveWebhook", { key: other.testKey, path: { id: hook.id } });
    expect(after.body.status).toBe("enabled");
    receiver.respond = (_d, res) => res.end("ok");
  });

  it("signs with the old and the new secret during a rotation's overlap, then with the new one only", async () => {
    const hook = await subscribe(tenant.testKey, "/rotating", ["party.updated"]);
    const party = await api.call("createParty", {
      key: tenant.testKey,
      body: { ...PARTY, name: "Rotation" },
    });
    const rotated = await api.call("rotateWebhookSecret", {
      key: tenant.testKey,
      path: { id: hook.id },
      body: { overlap_seconds: 3_600 },
    });
    expect(rotated.body.secret).not.toBe(hook.secret);
    expect(Date.parse(rotated.body.updated_at)).toBeGreaterThan(Date.parse(hook.updated_at) - 1);
    const worker = await workerWith();
    const update = () =>
      api.call("updateParty", {
        key: tenant.testKey,
        path: { id: party.body.id },
        body: { phone: `+9198${Date.now() % 1e8}` },
      });

    await update();
    clock = new Date();
    await worker.runOnce();
    const during = deliveriesTo("/rotating").at(-1);
    const headers = during?.headers as Record<string, string>;
    expect(headers["webhook-signature"]?.split(" ")).toHaveLength(2);
    for (const secret of [hook.secret, rotated.body.secret])
      expect(new StandardWebhook(secret).verify(during?.body ?? "", headers)).toMatchObject({
        type: "party.updated",
      });

    await update();
    clock = new Date(Date.now() + HOUR + 1_000);
    await worker.runOnce();
    const after = deliveriesTo("/rotating").at(-1);
    const signatures = String(after?.headers["webhook-signature"]).split(" ");
    const at = new Date(Number(after?.headers["webhook-timestamp"]) * 1000);
    expect(signatures).toEqual([
      new StandardWebhook(rotated.body.secret).sign(after?.id ?? "", at, after?.body ?? ""),
    ]);

    const now = await api.call("rotateWebhookSecret", {
      key: tenant.testKey,
      path: { id: hook.id },
      body: { overlap_seconds: 0 },
    });
    await update();
    clock = new Date();
    await worker.runOnce();
    const last = deliveriesTo("/rotating").at(-1);
    expect(String(last?.headers["webhook-signature"]).split(" ")).toHaveLength(1);
    expect(
      new StandardWebhook(now.body.secret).verify(last?.body ?? "", last?.headers as Record<string, string>),
    ).toBeTruthy();
  });

  it("counts redirects as failures without following them, and reads at most 64 KiB of an answer", async () => {
    const other = await createTenant(api.database.handle.db);
    const redirect = await subscribe(other.testKey, "/redirect", ["party.created"]);
    const endless = await subscribe(other.testKey, "/endless", ["party.created"]);
    const exact = await subscribe(other.testKey, "/exact", ["party.created"]);
    receiver.respond = (d, res) => {
      if (d.path === "/redirect") {
        res.writeHead(302, { location: `${receiver.url}/elsewhere` }).end();
      } else if (d.path === "/exact") {
        res.end("x".repeat(WEBHOOK_RESPONSE_MAX_BYTES - 1));
      } else {
        // An answer that never ends: only the cap lets the attempt finish before the timeout.
        res.writeHead(200);
        const chunk = "y".repeat(16 * 1024);
        const more = () => res.write(chunk) && setImmediate(more);
        res.on("drain", more);
        more();
      }
    };
    await api.call("createParty", { key: other.testKey, body: PARTY });
    clock = new Date();
    const started = Date.now();
    await (await workerWith()).runOnce();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(receiver.deliveries.filter((d) => d.path === "/elsewhere")).toHaveLength(0);
    expect((await attemptsOf(other.testKey, redirect.id))[0]).toMatchObject({
      status: "pending",
      attempt: 2,
    });
    expect((await attemptsOf(other.testKey, redirect.id))[1]).toMatchObject({
      status: "failed",
      response_status: 302,
    });
    expect((await attemptsOf(other.testKey, endless.id))[0]).toMatchObject({
      status: "succeeded",
      response_status: 200,
    });
    expect((await attemptsOf(other.testKey, exact.id))[0]).toMatchObject({
      status: "succeeded",
      response_status: 200,
    });
    receiver.respond = (_d, res) => res.end("ok");
  });

  it("disabling cancels pending retries; deleting removes the log", async () => {
    const other = await createTenant(api.database.handle.db);
    const hook = await subscribe(other.testKey, "/cancelled", ["party.created"]);
    await api.call("createParty", { key: other.testKey, body: PARTY });
    expect(await attemptsOf(other.testKey, hook.id, { status: "pending" })).toHaveLength(1);
    await api.call("updateWebhook", { key: other.testKey, path: { id: hook.id }, body: { enabled: false } });
    expect(await attemptsOf(other.testKey, hook.id)).toHaveLength(0);
    await api.call("createParty", { key: other.testKey, body: PARTY });
    expect(await attemptsOf(other.testKey, hook.id)).toHaveLength(0);
    await api.call("updateWebhook", { key: other.testKey, path: { id: hook.id }, body: { enabled: true } });
    await api.call("createParty", { key: other.testKey, body: PARTY });
    expect(await attemptsOf(other.testKey, hook.id, { status: "pending" })).toHaveLength(1);
  });

  it("fails only the attempt whose secret cannot be unsealed; the rest of its batch goes out once", async () => {
    const other = await createTenant(api.database.handle.db);
    const healthy = await subscribe(other.testKey, "/beside-unsealable", ["party.created"]);
    const unsealable = await subscribe(other.testKey, "/unsealable", ["party.created"]);
    // As after an operator sets BAHI_SECRET_KEY once secrets were sealed with the generated key.
    const sealed = (await SecretBox.open(api.database.handle.db, randomBytes(32))).seal("whsec_AAAA");
    await api.database.handle.db
      .update(webhooks)
      .set({ secret: sealed })
      .where(eq(webhooks.id, unsealable.id));
    const logs: string[] = [];
    const worker = await workerWith(
      undefined,
      pino({ level: "error" }, { write: (line) => logs.push(line) }),
    );
    await api.call("createParty", { key: other.testKey, body: PARTY });
    clock = new Date();
    await worker.runOnce();
    await worker.runOnce();

    expect(deliveriesTo("/beside-unsealable")).toHaveLength(1);
    expect(deliveriesTo("/unsealable")).toHaveLength(0);
    expect(await attemptsOf(other.testKey, healthy.id)).toMatchObject([{ attempt: 1, status: "succeeded" }]);
    expect(await attemptsOf(other.testKey, unsealable.id)).toMatchObject([
      { attempt: 2, status: "pending", next_attempt_at: new Date(clock.getTime() + 5_000).toISOString() },
      {
        attempt: 1,
        status: "failed",
        response_status: null,
        error: "not sent: the request could not be prepared",
      },
    ]);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain(unsealable.id);
    expect(logs[0]).not.toContain(sealed.split(":").at(-1));
  });
});

describe("retry schedule", () => {
  it("waits about 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then 10 h, each ±10%", () => {
    expect(RETRY_DELAYS_MS).toEqual([5_000, 300_000, 1_800_000, 2 * HOUR, 5 * HOUR, 10 * HOUR]);
    expect([1, 2, 6, 7, 12].map((n) => retryDelayMs(n, () => 0.5))).toEqual([
      5_000,
      300_000,
      10 * HOUR,
      10 * HOUR,
      10 * HOUR,
    ]);
    expect(retryDelayMs(1, () => 0)).toBe(4_500);
    expect(retryDelayMs(1, () => 0.999_999)).toBe(5_500);
  });

  it("schedules another attempt after a failure less than 72 hours after the event, none at 72 hours", () => {
    const event = new Date("2026-04-01T00:00:00Z");
    const justBefore = new Date(event.getTime() + RETRY_WINDOW_MS - 1);
    expect(nextAttemptAt(event, justBefore, 12, () => 0.5)?.getTime()).toBe(justBefore.getTime() + 10 * HOUR);
    expect(nextAttemptAt(event, new Date(event.getTime() + RETRY_WINDOW_MS), 12, () => 0.5)).toBeNull();
  });
});

describe("address policy (SSRF)", () => {
  const strict = () => startTestApi();
  it("on the embedded database, lets test-mode webhooks reach this machine, never live ones, and names the fix", async () => {
    const local = await startTestApi({
      webhookPolicy: new AddressPolicy([], undefined, { testLoopback: true }),
    });
    try {
      const owner = await createTenant(local.database.handle.db);
      const body = (url: string) => ({ url, events: ["*"] });
      for (const url of [
        "http://127.0.0.1:9999/hook",
        "http://localhost:9999/hook",
        "http://[::1]:9999/hook",
      ]) {
        const res = await local.call("createWebhook", { key: owner.testKey, body: body(url) });
        expect(res.status, url).toBe(201);
      }
      const live = await local.call("createWebhook", {
        key: owner.liveKey,
        body: body("https://127.0.0.1/hook"),
      });
      expect(live.status).toBe(422);
      expect(live.body.detail).toContain("BAHI_WEBHOOK_ALLOWED_HOSTS");
      const privateNet = await local.call("createWebhook", {
        key: owner.testKey,
        body: body("http://10.1.2.3/"),
      });
      expect(privateNet.status).toBe(422);
    } finally {
      await local.close();
    }
  });

  it("refuses private, loopback, link-local and metadata targets, and http in live mode", async () => {
    const guarded = await strict();
    try {
      const owner = await createTenant(guarded.database.handle.db);
      const refused = [
        "http://127.0.0.1/hook",
        "http://localhost/hook",
        "http://2130706433/hook",
        "http://10.1.2.3/hook",
        "http://172.16.0.9/hook",
        "http://192.168.1.1/hook",
        "http://169.254.169.254/latest/meta-data",
        "http://100.100.100.200/",
        "http://0.0.0.0/",
        "http://[::1]/hook",
        "http://[::ffff:127.0.0.1]/hook",
        "http://[fd00:ec2::254]/",
        "http://[fe80::1]/",
        "https://user:pw@93.184.215.14/hook",
        "http://does-not-resolve.invalid/hook",
      ];
      for (const url of refused) {
        const res = await guarded.call("createWebhook", { key: owner.testKey, body: { url, events: ["*"] } });
        expect(res.status, url).toBe(422);
        expect(res.body.code).toBe("url_not_allowed");
        expect(res.body.errors[0].pointer).toBe("/url");
      }
      const live = await guarded.call("createWebhook", {
        key: owner.liveKey,
        body: { url: "http://93.184.215.14/hook", events: ["*"] },
      });
      expect(live.status).toBe(422);
      expect(live.body.detail).toContain("https");
      const ok = await guarded.call("createWebhook", {
        key: owner.testKey,
        body: { url: "http://93.184.215.14/hook", events: ["*"] },
      });
      expect(ok.status).toBe(201);
      const patch = await guarded.call("updateWebhook", {
        key: owner.testKey,
        path: { id: ok.body.id },
        body: { url: "http://10.0.0.1/" },
      });
      expect(patch.status).toBe(422);
    } finally {
      await guarded.close();
    }
  });

  it("allows what the operator lists: hosts, addresses and CIDR ranges", async () => {
    const resolve: Resolver = async () => [{ address: "10.20.30.40", family: 4 }];
    expect(
      await new AddressPolicy(["10.0.0.0/8"], resolve).refusal("http://erp.internal/", false),
    ).toBeNull();
    expect(
      await new AddressPolicy(["erp.internal"], resolve).refusal("http://erp.internal/", false),
    ).toBeNull();
    expect(await new AddressPolicy(["10.20.30.41"], resolve).refusal("http://erp.internal/", false)).toMatch(
      /10\.20\.30\.40/,
    );
    expect(await new AddressPolicy(["::1"]).refusal("http://[::1]:8080/", false)).toBeNull();
  });

  it("checks the address again at delivery: a name re-pointed at loopback gets nothing", async () => {
    const other = await createTenant(api.database.handle.db);
    const port = new URL(receiver.url).port;
    const rebinding = await subscribe(other.testKey, "/ignored", ["party.created"]);
    await api.call("updateWebhook", {
      key: other.testKey,
      path: { id: rebinding.id },
      body: { url: `http://127.0.0.1:${port}/rebound` },
    });
    // The name now resolves to loopback, which this worker's policy does not allow.
    const toLoopback: Resolver = async () => [{ address: "127.0.0.1", family: 4 }];
    await api.database.handle.db
      .update(webhooks)
      .set({ url: `http://hooks.example.test:${port}/rebound` })
      .where(eq(webhooks.id, rebinding.id));
    await api.call("createParty", { key: other.testKey, body: PARTY });
    clock = new Date();
    await (await workerWith(new AddressPolicy([], toLoopback))).runOnce();
    expect(deliveriesTo("/rebound")).toHaveLength(0);
    const [, failed] = await attemptsOf(other.testKey, rebinding.id);
    expect(failed).toMatchObject({ status: "failed", response_status: null });
    expect(failed?.error).toMatch(/^refused address: hooks\.example\.test resolves to 127\.0\.0\.1/);
  });
});
