import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookDeliveries } from "../src/db/schema.js";
import { recordEvent } from "../src/services/events.js";
import { AddressPolicy } from "../src/webhooks/address-policy.js";
import { startTestApi, type TestApi } from "./support/api.js";
import { driverUnderTest } from "./support/database.js";
import { type Receiver, startReceiver } from "./support/receiver.js";
import { createTenant, type Tenant } from "./support/tenants.js";

const apiRoot = fileURLToPath(new URL("..", import.meta.url));
const PARTY = {
  type: "customer",
  name: "Sharma Stores",
  address: { line1: "4 Park Street", city: "Kolkata", state_code: "19", pin: "700016" },
};

interface WorkerProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  started: Promise<void>;
}

// On PGlite a second process cannot open the data directory: several workers need PostgreSQL.
describe.runIf(driverUnderTest === "postgres")("webhook worker processes (pnpm bahi worker)", () => {
  let api: TestApi;
  let receiver: Receiver;
  let tenant: Tenant;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    api = await startTestApi({ webhookPolicy: new AddressPolicy(["127.0.0.1"]) });
    receiver = await startReceiver();
    tenant = await createTenant(api.database.handle.db);
  });
  afterAll(async () => {
    for (const w of workers) w.child.kill("SIGKILL");
    await Promise.all(workers.map((w) => w.exited));
    await receiver.close();
    await api.close();
  });

  function startWorker(): WorkerProcess {
    const child = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", "worker"], {
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
  async function burst(path: string, count: number): Promise<string[]> {
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

  const idsAt = (path: string) => receiver.deliveries.filter((d) => d.path === path).map((d) => d.id);

  it("a worker killed (SIGKILL) in the middle of deliveries loses nothing once another starts", async () => {
    const expected = await burst("/killed", 300);
    expect(expected).toHaveLength(300);
    const first = startWorker();
    let killedAt = 0;
    receiver.respond = (d, res) => {
      if (d.path === "/killed" && killedAt === 0 && idsAt("/killed").length >= 100) {
        killedAt = idsAt("/killed").length;
        first.child.kill("SIGKILL");
      }
      setTimeout(() => res.end("ok"), 5);
    };
    expect(await first.exited).toBeNull();
    expect(idsAt("/killed").length).toBeLessThan(300);

    const second = startWorker();
    await until(() => new Set(idsAt("/killed")).size === 300, "every event after the restart");
    expect(new Set(idsAt("/killed"))).toEqual(new Set(expected));
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
    const pending = await api.database.handle.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.status, "pending"));
    expect(pending).toHaveLength(0);
  });

  it("two workers at once share the deliveries: each event arrives once, never twice in parallel", async () => {
    const a = startWorker();
    const b = startWorker();
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
    const expected = await burst("/pair", 400);
    await until(() => new Set(idsAt("/pair")).size === 400, "every event from two workers");
    expect(idsAt("/pair").sort()).toEqual([...expected].sort());
    expect(overlaps).toBe(0);
    for (const w of [a, b]) w.child.kill("SIGTERM");
    expect(await Promise.all([a.exited, b.exited])).toEqual([0, 0]);
  });
});
