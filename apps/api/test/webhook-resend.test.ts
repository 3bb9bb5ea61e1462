import { and, eq } from "drizzle-orm";
import { pino } from "pino";
import { Webhook as StandardWebhook } from "standardwebhooks";
import { describe, expect } from "vitest";
import { events } from "../src/db/schema.js";
import { SecretBox } from "../src/secrets/secret-box.js";
import { AddressPolicy } from "../src/services/webhooks/address-policy.js";
import { DeliveryWorker } from "../src/services/webhooks/worker.js";
import type { TestApi } from "./support/api.js";
import { driverUnderTest } from "./support/database.js";
import { it } from "./support/fixtures.js";
import { keyWithScopes, type Tenant } from "./support/tenants.js";

it.override("apiOptions", { webhookPolicy: new AddressPolicy(["127.0.0.1"]) });

const PARTY = {
  type: "customer",
  name: "Sharma Stores",
  address: { line1: "4 Park Street", city: "Kolkata", state_code: "19", pin: "700016" },
};
const DAY = 86_400_000;

/** A worker over the test database; each `runOnce` makes the attempts due by the real clock. */
async function workerOf(api: TestApi): Promise<DeliveryWorker> {
  return new DeliveryWorker({
    db: api.database.handle.db,
    holdLocks: driverUnderTest === "postgres",
    box: await SecretBox.open(api.database.handle.db, null),
    policy: new AddressPolicy(["127.0.0.1"]),
    logger: pino({ level: "silent" }),
    random: () => 0.5,
  });
}

type Attempt = Record<string, any>;

/** A webhook at `path` of the receiver that got one party's creation, and its attempts so far. */
async function deliveredOnce(api: TestApi, tenant: Tenant, receiverUrl: string, path: string) {
  const hook = await api.call("createWebhook", {
    key: tenant.testKey,
    body: { url: `${receiverUrl}${path}`, events: ["party.created"] },
  });
  expect(hook.status).toBe(201);
  expect((await api.call("createParty", { key: tenant.testKey, body: PARTY })).status).toBe(201);
  await (await workerOf(api)).runOnce();
  return { hook: hook.body, attempts: await attemptsOf(api, tenant.testKey, hook.body.id) };
}

async function attemptsOf(api: TestApi, key: string, webhookId: string): Promise<Attempt[]> {
  const res = await api.call("listWebhookDeliveries", {
    key,
    path: { id: webhookId },
    query: { limit: 100 },
  });
  expect(res.status).toBe(200);
  return res.body.data;
}

const resend = (
  api: TestApi,
  key: string,
  id: string,
  deliveryId: string,
  headers?: Record<string, string>,
) => api.call("resendWebhookDelivery", { key, path: { id, delivery_id: deliveryId }, headers });

describe("resending a delivery", () => {
  it("sends the same event again under the same webhook-id, as a new attempt in the log", async ({
    api,
    tenant,
    receiver,
  }) => {
    const { hook, attempts } = await deliveredOnce(api, tenant, receiver.url, "/again");
    expect(attempts).toHaveLength(1);
    const [first] = attempts;
    expect(first).toMatchObject({ attempt: 1, status: "succeeded" });

    const res = await resend(api, tenant.testKey, hook.id, first?.id);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      object: "webhook_delivery",
      livemode: false,
      webhook_id: hook.id,
      event_id: first?.event_id,
      attempt: 2,
      status: "pending",
      response_status: null,
    });
    expect(res.body.id).not.toBe(first?.id);
    expect(res.body.next_attempt_at).toBe(res.body.created_at);

    expect(await (await workerOf(api)).runOnce()).toBe(1);
    const received = receiver.deliveries.filter((d) => d.path === "/again");
    expect(received).toHaveLength(2);
    expect(received.map((d) => d.id)).toEqual([first?.event_id, first?.event_id]);
    expect(received[1]?.body).toBe(received[0]?.body);
    const verified = new StandardWebhook(hook.secret).verify(
      received[1]?.body ?? "",
      received[1]?.headers as Record<string, string>,
    );
    expect(verified).toMatchObject({ id: first?.event_id, type: "party.created" });

    const log = await attemptsOf(api, tenant.testKey, hook.id);
    expect(log.map((a) => [a.attempt, a.status])).toEqual([
      [2, "succeeded"],
      [1, "succeeded"],
    ]);
    expect(log[0]?.id).toBe(res.body.id);
  });

  it("replaces a pending retry of the same event: one schedule, one more POST", async ({
    api,
    tenant,
    receiver,
  }) => {
    receiver.respond = (d, res) => {
      res.statusCode = d.path === "/flaky" ? 503 : 200;
      res.end();
    };
    const { hook, attempts } = await deliveredOnce(api, tenant, receiver.url, "/flaky");
    receiver.respond = (_d, res) => res.end("ok");
    expect(attempts.map((a) => [a.attempt, a.status])).toEqual([
      [2, "pending"],
      [1, "failed"],
    ]);

    const res = await resend(api, tenant.testKey, hook.id, attempts[1]?.id);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ attempt: 2, status: "pending" });
    const log = await attemptsOf(api, tenant.testKey, hook.id);
    expect(log.filter((a) => a.status === "pending").map((a) => a.id)).toEqual([res.body.id]);

    expect(await (await workerOf(api)).runOnce()).toBe(1);
    expect(receiver.deliveries.filter((d) => d.path === "/flaky")).toHaveLength(2);
    expect((await attemptsOf(api, tenant.testKey, hook.id)).map((a) => [a.attempt, a.status])).toEqual([
      [2, "succeeded"],
      [1, "failed"],
    ]);
  });

  it("answers a repeat under the same Idempotency-Key with the first answer, queuing nothing more", async ({
    api,
    tenant,
    receiver,
  }) => {
    const { hook, attempts } = await deliveredOnce(api, tenant, receiver.url, "/keyed");
    const headers = { "idempotency-key": "resend-keyed-1" };
    const first = await resend(api, tenant.testKey, hook.id, attempts[0]?.id, headers);
    const again = await resend(api, tenant.testKey, hook.id, attempts[0]?.id, headers);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(await attemptsOf(api, tenant.testKey, hook.id)).toHaveLength(2);
  });
});

describe("resend refusals", () => {
  it("422 for an Idempotency-Key reused on another delivery", async ({ api, tenant, receiver }) => {
    const one = await deliveredOnce(api, tenant, receiver.url, "/keyed-one");
    const other = await deliveredOnce(api, tenant, receiver.url, "/keyed-other");
    const headers = { "idempotency-key": "resend-keyed-2" };
    const first = await resend(api, tenant.testKey, one.hook.id, one.attempts[0]?.id, headers);
    expect(first.status).toBe(201);
    const refused = await resend(api, tenant.testKey, other.hook.id, other.attempts[0]?.id, headers);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe("idempotency_key_reused");
  });
  it("404 for another account's or mode's webhook or delivery, or another webhook's delivery", async ({
    api,
    tenant,
    receiver,
    newTenant,
  }) => {
    const { hook, attempts } = await deliveredOnce(api, tenant, receiver.url, "/mine");
    const deliveryId = attempts[0]?.id;
    const other = await api.call("createWebhook", {
      key: tenant.testKey,
      body: { url: `${receiver.url}/other`, events: ["party.created"] },
    });
    const stranger = await newTenant();
    const refusals = [
      await resend(api, tenant.testKey, "whk_00000000000000000000000000", deliveryId),
      await resend(api, tenant.testKey, hook.id, "dlv_00000000000000000000000000"),
      await resend(api, tenant.testKey, other.body.id, deliveryId),
      await resend(api, tenant.liveKey, hook.id, deliveryId),
      await resend(api, stranger.testKey, hook.id, deliveryId),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(404);
      expect(res.body.code).toBe("not_found");
    }
    expect(await attemptsOf(api, tenant.testKey, hook.id)).toHaveLength(1);
  });

  it("409 webhook_disabled for a disabled webhook, and queues nothing", async ({ api, tenant, receiver }) => {
    const { hook, attempts } = await deliveredOnce(api, tenant, receiver.url, "/disabled");
    await api.call("updateWebhook", { key: tenant.testKey, path: { id: hook.id }, body: { enabled: false } });
    const res = await resend(api, tenant.testKey, hook.id, attempts[0]?.id);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("webhook_disabled");
    expect(await attemptsOf(api, tenant.testKey, hook.id)).toHaveLength(1);
  });

  it("409 event_expired once the event is older than the 30 days events are kept", async ({
    api,
    tenant,
    receiver,
  }) => {
    const { hook, attempts } = await deliveredOnce(api, tenant, receiver.url, "/expired");
    const eventId = attempts[0]?.event_id;
    await api.database.handle.db
      .update(events)
      .set({ createdAt: new Date(Date.now() - 30 * DAY - 60_000) })
      .where(and(eq(events.accountId, tenant.accountId), eq(events.id, eventId)));
    const res = await resend(api, tenant.testKey, hook.id, attempts[0]?.id);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("event_expired");
  });

  it("401 without a key, 403 for a key without webhooks:write", async ({ api, tenant, receiver }) => {
    const { hook, attempts } = await deliveredOnce(api, tenant, receiver.url, "/scoped");
    const readOnly = await keyWithScopes(api.database.handle.db, tenant.accountId, ["webhooks:read"]);
    expect((await resend(api, "", hook.id, attempts[0]?.id)).status).toBe(401);
    const refused = await resend(api, readOnly, hook.id, attempts[0]?.id);
    expect(refused.status).toBe(403);
    expect(await attemptsOf(api, tenant.testKey, hook.id)).toHaveLength(1);
  });
});
