import { fixtures } from "@bahi/contract";
import { gstinCheckChar } from "@bahi/gst";
import { NicIrpClient } from "@bahi/irp";
import { DEFAULT_SIM_ACCOUNT, type IrpSimulator, startIrpSimulator } from "@bahi/irp/simulator";
import { and, eq, sql } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { einvoiceRegistrations, einvoiceSettings } from "../src/db/schema.js";
import { NicProviders } from "../src/einvoice/providers.js";
import { IrpSandbox } from "../src/einvoice/sandbox.js";
import { SecretBox } from "../src/secrets/secret-box.js";
import { startServer } from "../src/server.js";
import { Registrar } from "../src/services/einvoice/registrar.js";
import { IrpSelections } from "../src/services/einvoice/selections.js";
import { AddressPolicy } from "../src/services/webhooks/address-policy.js";
import {
  type CallOptions,
  type CallResult,
  callOperation,
  startTestApi,
  type TestApi,
} from "./support/api.js";
import { eventsOf } from "./support/events.js";
import { memberOf, PASSWORD } from "./support/members.js";
import { createTenant, type Tenant } from "./support/tenants.js";

// Registration with a live IRP, against the simulated one (in process, on a free port): the invoice
// commits with its number first, the IRN follows outside every lock, and whatever the IRP does
// (latency, expired tokens, 5xx, dropped connections, duplicates, refusals), nothing is lost and
// no document gets a second IRN.

const WAIT_MS = 2_000;
let sim: IrpSimulator;
let api: TestApi;
const policy = new AddressPolicy(["127.0.0.1"]);

beforeAll(async () => {
  sim = await startIrpSimulator({ keyBits: 1024, seed: 49 });
  api = await startTestApi({ webhookPolicy: policy, einvoiceWaitMs: WAIT_MS, registrationWorker: true });
});
afterAll(async () => {
  await api?.close();
  await sim?.close();
});
// The simulated IRP's counters are shared by the whole file: a test that left a registration in
// hand or queued would change the next tests' counts whenever the worker reaches it.
afterEach(async () => {
  await expect.poll(registrationsInHand, { timeout: 20_000, interval: 100 }).toEqual([]);
});

interface Shop {
  tenant: Tenant;
  gstin: string;
  call: (operationId: string, options?: CallOptions) => Promise<CallResult<any>>;
  sell: (qty?: number) => Promise<CallResult<any>>;
}

let businesses = 0;
/**
 * A GSTIN of its own for each test's business: the IRP keys a document by its supplier's GSTIN and
 * number, and every new business's first invoice has the same number.
 */
function newGstin(): string {
  const pan = `AABCB${String(1000 + (process.pid % 5000) + businesses++ * 7).slice(-4)}K`;
  const body = `29${pan}1Z`;
  return body + gstinCheckChar(body);
}

const nicSettings = (overrides: Record<string, unknown> = {}) => ({
  provider: "nic",
  base_url: sim.url,
  client_id: DEFAULT_SIM_ACCOUNT.clientId,
  client_secret: DEFAULT_SIM_ACCOUNT.clientSecret,
  user_name: DEFAULT_SIM_ACCOUNT.userName,
  password: DEFAULT_SIM_ACCOUNT.password,
  public_key: sim.publicKeyPem,
  signing_keys: sim.jwks,
  ...overrides,
});

/** A tenant in test mode whose e-invoices go to the simulated IRP, with a registered buyer and a product. */
async function shop(settings: Record<string, unknown> = nicSettings(), on: TestApi = api): Promise<Shop> {
  const gstin = newGstin();
  const tenant = await createTenant(on.database.handle.db, { gstin });
  const call: Shop["call"] = (operationId, options = {}) =>
    on.call(operationId, { key: tenant.testKey, ...options });
  const configured = await call("updateEinvoiceSettings", { body: settings });
  expect(configured.status).toBe(200);
  const party = (await call("createParty", { body: fixtures.PartyCreate })).body.id as string;
  expect(
    (await call("createProduct", { body: { ...fixtures.ProductCreate, opening_stock: 10_000 } })).status,
  ).toBe(201);
  const sell = (qty = 1) =>
    call("createInvoice", { body: { party_id: party, items: [{ sku: "PEN-01", qty, rate: 99.99 }] } });
  return { tenant, gstin, call, sell };
}

/** Polls the invoice until its registration has settled (registered or failed). */
async function settledInvoice(s: Shop, id: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const read = await s.call("retrieveInvoice", { path: { id } });
    if (read.body.einvoice_status !== "pending" || Date.now() > deadline) return read.body;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Makes the tenant's queued registrations due now (instead of after their backoff). */
async function dueNow(tenant: Tenant, on: TestApi = api) {
  await on.database.handle.db
    .update(einvoiceRegistrations)
    .set({ nextAttemptAt: sql`now()` })
    .where(
      and(
        eq(einvoiceRegistrations.accountId, tenant.accountId),
        sql`${einvoiceRegistrations.nextAttemptAt} is not null`,
      ),
    );
}

/** The registrations of `on`'s database queued or in hand (not parked as failed): none once all settled. */
async function registrationsInHand(on: TestApi = api): Promise<string[]> {
  const rows = await on.database.handle.db
    .select({ kind: einvoiceRegistrations.kind, id: einvoiceRegistrations.documentId })
    .from(einvoiceRegistrations)
    .where(sql`${einvoiceRegistrations.nextAttemptAt} is not null`);
  return rows.map((row) => `${row.kind} ${row.id}`);
}

/**
 * One pass of a registration worker of the test's own over the queue, as the server's worker makes
 * every REGISTRATION_POLL_MS: it tries whatever is due, and resolves once those tries have ended.
 */
async function workerPass(on: TestApi = api): Promise<void> {
  const { db } = on.database.handle;
  const sandbox = await IrpSandbox.open(db);
  const nic = new NicProviders();
  try {
    const selections = new IrpSelections(sandbox, nic, await SecretBox.open(db, null));
    await new Registrar(db, selections, pino({ level: "silent" })).drain();
  } finally {
    await Promise.all([sandbox.close(), nic.close()]);
  }
}

/** How many IRNs the simulated IRP holds for this IRN's document: one, always. */
function expectOneRegistration(irn: string) {
  const kept = sim.registration(irn);
  expect(kept, `the IRP holds ${irn}`).toBeDefined();
}

describe("e-invoice settings", () => {
  it("default to the sandbox, keep NIC's credentials sealed and never answer them back", async () => {
    const tenant = await createTenant(api.database.handle.db);
    const call = (operationId: string, options = {}) =>
      api.call(operationId, { key: tenant.testKey, ...options });
    const initial = await call("retrieveEinvoiceSettings");
    expect(initial.body).toMatchObject({
      provider: "sandbox",
      base_url: null,
      credentials_set: false,
      updated_at: null,
    });

    const set = await call("updateEinvoiceSettings", { body: nicSettings() });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ provider: "nic", base_url: sim.url, credentials_set: true });
    expect(set.text).not.toContain(DEFAULT_SIM_ACCOUNT.password);
    expect(set.text).not.toContain(DEFAULT_SIM_ACCOUNT.clientSecret);
    const read = await call("retrieveEinvoiceSettings");
    expect(read.body).toEqual(set.body);

    const [row] = await api.database.handle.db
      .select()
      .from(einvoiceSettings)
      .where(eq(einvoiceSettings.accountId, tenant.accountId));
    expect(JSON.stringify(row)).not.toContain(DEFAULT_SIM_ACCOUNT.password);
    expect(JSON.stringify(row)).not.toContain(DEFAULT_SIM_ACCOUNT.clientSecret);

    // Live mode has its own settings: still the sandbox.
    const live = await api.call("retrieveEinvoiceSettings", { key: tenant.liveKey });
    expect(live.body).toMatchObject({ provider: "sandbox", livemode: true });

    const back = await call("updateEinvoiceSettings", { body: { provider: "sandbox" } });
    expect(back.body).toMatchObject({ provider: "sandbox", credentials_set: false, client_id: null });
  });

  it("refuses incomplete NIC settings (400), production in test mode and unallowed addresses (422)", async () => {
    const tenant = await createTenant(api.database.handle.db);
    const call = (body: unknown, key = tenant.testKey) => api.call("updateEinvoiceSettings", { key, body });
    const missing = await call({ provider: "nic", base_url: sim.url });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((e: { pointer: string }) => e.pointer)).toEqual([
      "/client_id",
      "/client_secret",
      "/user_name",
      "/password",
      "/public_key",
    ]);
    const badKey = await call(nicSettings({ public_key: "not a key" }));
    expect(badKey.status).toBe(400);
    expect(badKey.body.errors[0]).toMatchObject({ pointer: "/public_key", code: "invalid_public_key" });
    const production = await call(nicSettings({ base_url: "https://api.einvoice1.gst.gov.in" }));
    expect(production.status).toBe(422);
    expect(production.body.code).toBe("einvoice_production_in_test_mode");
    const privateHost = await call(nicSettings({ base_url: "http://10.1.2.3:8080" }));
    expect(privateHost.status).toBe(422);
    expect(privateHost.body.code).toBe("einvoice_base_url_refused");
    const liveHttp = await call(nicSettings(), tenant.liveKey);
    expect(liveHttp.status).toBe(422);
    expect(liveHttp.body.code).toBe("einvoice_base_url_refused");
  });
});

describe("registration with a live IRP, after the commit", () => {
  it("answers the create with the IRN when the IRP answers within the wait, and announces it", async () => {
    const s = await shop();
    const created = await s.sell();
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ einvoice_status: "registered", einvoice_error: null });
    expect(created.body.irn).toMatch(/^[0-9a-f]{64}$/);
    expectOneRegistration(created.body.irn);
    expect(sim.registration(created.body.irn)?.ackNo).toBe(created.body.ack_no);
    const read = await s.call("retrieveInvoice", { path: { id: created.body.id } });
    expect(read.body).toEqual(created.body);
    const events = await eventsOf(api.database.handle.db, s.tenant.accountId);
    expect(events.map((e) => e.type)).toEqual(
      expect.arrayContaining(["invoice.created", "invoice.einvoice_registered"]),
    );
    const createdEvent = events.find((e) => e.type === "invoice.created");
    expect(createdEvent?.object).toMatchObject({ einvoice_status: "pending", irn: null });
    const registered = events.find((e) => e.type === "invoice.einvoice_registered");
    expect(registered?.object).toEqual(created.body);
    // As the API lists them (each checked against the spec's Event).
    const listed = await s.call("listEvents", { query: { limit: 100 } });
    expect(listed.body.data.map((e: { type: string }) => e.type)).toContain("invoice.einvoice_registered");
  });

  it("answers 201 pending when the IRP is slower than the wait; the IRN follows", async () => {
    const s = await shop();
    sim.faults.set({ latencyMs: WAIT_MS + 1_000 });
    try {
      const started = Date.now();
      const created = await s.sell();
      const took = Date.now() - started;
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ einvoice_status: "pending", irn: null });
      expect(took).toBeGreaterThanOrEqual(WAIT_MS - 50);
      expect(took).toBeLessThan(WAIT_MS + 1_000);
      const settled = await settledInvoice(s, created.body.id);
      expect(settled).toMatchObject({ einvoice_status: "registered", number: created.body.number });
      expectOneRegistration(settled.irn);
    } finally {
      sim.faults.reset();
    }
  });

  it("records the IRN of an invoice paid while the IRP was asked: the payment kept, the event whole", async () => {
    const s = await shop();
    sim.faults.set({ latencyMs: 1_000 });
    let created: CallResult<any>;
    let paid: CallResult<any> | undefined;
    try {
      const creating = s.sell(2);
      // The invoice commits pending at once; pay part of it while its registration waits for the IRP.
      const deadline = Date.now() + 10_000;
      while (!paid && Date.now() < deadline) {
        const [pending] = (await s.call("listInvoices", { query: { limit: 1 } })).body.data;
        if (pending?.einvoice_status === "pending") {
          paid = await s.call("createPayment", {
            body: {
              party_id: pending.party_id,
              amount: 10,
              mode: "cash",
              allocations: [{ invoice_id: pending.id, amount: 10 }],
            },
          });
        } else await new Promise((r) => setTimeout(r, 20));
      }
      created = await creating;
    } finally {
      sim.faults.reset();
    }
    expect(paid?.status).toBe(201);
    const settled = await settledInvoice(s, created.body.id);
    expect(settled).toMatchObject({
      einvoice_status: "registered",
      amount_paid: 10,
      status: "partially_paid",
    });
    expectOneRegistration(settled.irn);
    const registered = await eventsOf(
      api.database.handle.db,
      s.tenant.accountId,
      "invoice.einvoice_registered",
    );
    expect(registered.map((e) => e.object)).toEqual([settled]);
  });

  it("authenticates again when the IRP has expired its token", async () => {
    const s = await shop();
    expect((await s.sell()).body.einvoice_status).toBe("registered");
    const before = sim.stats();
    sim.faults.expireTokensNow();
    const created = await s.sell();
    expect(created.body.einvoice_status).toBe("registered");
    const after = sim.stats();
    expect(after.tokensRefused - before.tokensRefused).toBeGreaterThanOrEqual(1);
    expect(after.auth - before.auth).toBeGreaterThanOrEqual(1);
  });

  it("keeps a registration the IRP answered with a 5xx, and the worker finishes it", async () => {
    const s = await shop();
    sim.faults.set({ failNext: 1, errorStatus: 503 });
    const created = await s.sell();
    sim.faults.reset();
    expect(created.status).toBe(201);
    expect(created.body.einvoice_status).toBe("pending");
    expect(created.body.einvoice_error).toMatchObject({ code: "irp_unavailable" });
    await dueNow(s.tenant);
    const settled = await settledInvoice(s, created.body.id);
    expect(settled).toMatchObject({ einvoice_status: "registered", einvoice_error: null });
    expectOneRegistration(settled.irn);
  });

  it("asks the IRP for the document after a connection dropped once it registered: one IRN", async () => {
    const s = await shop();
    const before = sim.stats();
    sim.faults.set({ dropAfterRegisterNext: 1 });
    const created = await s.sell();
    sim.faults.reset();
    const settled =
      created.body.einvoice_status === "registered" ? created.body : await settledInvoice(s, created.body.id);
    expect(settled.einvoice_status).toBe("registered");
    const after = sim.stats();
    expect(after.dropped - before.dropped).toBe(1);
    expect(after.registered - before.registered).toBe(1);
    expect(after.lookups - before.lookups).toBeGreaterThanOrEqual(1);
    expectOneRegistration(settled.irn);
  });

  it("takes the IRP's duplicate (2150) as the registration it already holds", async () => {
    const s = await shop();
    sim.faults.set({ errorRate: 1, errorStatus: 503 });
    const created = await s.sell();
    expect(created.body.einvoice_status).toBe("pending");
    // Meanwhile the document reaches the IRP another way (a registration whose answer was lost).
    const einvoice = (await s.call("retrieveInvoiceEinvoice", { path: { id: created.body.id } })).body;
    sim.faults.reset();
    const client = new NicIrpClient({
      baseUrl: sim.url,
      credentials: { ...DEFAULT_SIM_ACCOUNT, gstin: s.gstin },
      irpPublicKey: sim.publicKeyPem,
    });
    const direct = await client.generateIrn(einvoice);
    await client.close();
    expect(direct.kind).toBe("registered");
    const before = sim.stats();
    await dueNow(s.tenant);
    const settled = await settledInvoice(s, created.body.id);
    expect(settled.einvoice_status).toBe("registered");
    expect(sim.stats().duplicates - before.duplicates).toBe(1);
    expect(sim.stats().registered - before.registered).toBe(0);
    if (direct.kind === "registered") {
      expect(settled.irn).toBe(direct.registration.irn);
      expect(settled.ack_no).toBe(direct.registration.ackNo);
    }
  });

  it("fails on the IRP's refusal with its code and message, then registers on retry once fixed", async () => {
    const s = await shop(nicSettings({ password: "wrong-password" }));
    const created = await s.sell();
    expect(created.status).toBe(201);
    expect(created.body.einvoice_status).toBe("failed");
    expect(created.body.einvoice_error?.code).toMatch(/\S/);
    const failed = (await eventsOf(api.database.handle.db, s.tenant.accountId, "invoice.einvoice_failed"))[0];
    const listed = await s.call("listEvents", { query: { limit: 100 } });
    expect(listed.body.data.map((e: { type: string }) => e.type)).toContain("invoice.einvoice_failed");
    expect(failed?.object).toMatchObject({ id: created.body.id, einvoice_status: "failed" });
    expect(failed?.object.einvoice_error).toEqual(created.body.einvoice_error);

    // Nothing is sent again until the fix: a worker's pass over the queue, due rows and all, asks
    // the IRP nothing.
    const asked = sim.stats().requests;
    await dueNow(s.tenant);
    await workerPass();
    expect(sim.stats().requests).toBe(asked);
    expect((await s.call("retrieveInvoice", { path: { id: created.body.id } })).body.einvoice_status).toBe(
      "failed",
    );
    // GSTR-1 names it before the upload.
    const period = (created.body.date as string).slice(0, 7);
    const summary = await s.call("retrieveGstr1", { path: { period }, query: { format: "summary" } });
    expect(summary.body.warnings).toContainEqual(
      expect.objectContaining({ code: "einvoice_failed", document_id: created.body.id }),
    );
    expect((await s.call("updateEinvoiceSettings", { body: nicSettings() })).status).toBe(200);
    const retried = await s.call("retryInvoiceEinvoice", { path: { id: created.body.id } });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ einvoice_status: "registered", einvoice_error: null });
    expectOneRegistration(retried.body.irn);
    const again = await s.call("retryInvoiceEinvoice", { path: { id: created.body.id } });
    expect(again.body).toEqual(retried.body);
  });

  it("refuses a retry of an invoice without an e-invoice, or of one it does not know (404)", async () => {
    const s = await shop();
    const buyer = (
      await s.call("createParty", {
        body: {
          type: "customer",
          name: "Walk-in",
          address: { line1: "1 Main Road", city: "Bengaluru", state_code: "29", pin: "560001" },
        },
      })
    ).body.id;
    const b2c = await s.call("createInvoice", {
      body: { party_id: buyer, items: [{ sku: "PEN-01", qty: 1, rate: 10 }] },
    });
    expect(b2c.body.einvoice_status).toBe("not_applicable");
    const refused = await s.call("retryInvoiceEinvoice", { path: { id: b2c.body.id } });
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe("einvoice_not_applicable");
    const missing = await s.call("retryInvoiceEinvoice", { path: { id: "inv_01jd4r5t6v7w8x9y0z1a2b3c4d" } });
    expect(missing.status).toBe(404);
  });

  it("422 for an Idempotency-Key of a retry reused on another invoice", async () => {
    const s = await shop();
    const [one, other] = [(await s.sell()).body, (await s.sell()).body];
    expect([one.einvoice_status, other.einvoice_status]).toEqual(["registered", "registered"]);
    const headers = { "idempotency-key": "retry-invoice" };
    const first = await s.call("retryInvoiceEinvoice", { path: { id: one.id }, headers });
    expect(first.status).toBe(200);
    const replayed = await s.call("retryInvoiceEinvoice", { path: { id: one.id }, headers });
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    const refused = await s.call("retryInvoiceEinvoice", { path: { id: other.id }, headers });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe("idempotency_key_reused");
  });

  it("cancels through the IRP, and refuses to cancel while the IRN is pending", async () => {
    const s = await shop();
    const registered = await s.sell();
    const cancelled = await s.call("cancelInvoice", {
      path: { id: registered.body.id },
      body: { reason: "2", remark: "Wrong quantity entered" },
    });
    expect(cancelled.status).toBe(200);
    expect(sim.registration(registered.body.irn)?.status).toBe("CNL");

    sim.faults.set({ errorRate: 1, errorStatus: 503 });
    const pending = await s.sell();
    expect(pending.body.einvoice_status).toBe("pending");
    const refused = await s.call("cancelInvoice", {
      path: { id: pending.body.id },
      body: { reason: "2", remark: "Wrong quantity entered" },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("einvoice_pending");
    const period = (pending.body.date as string).slice(0, 7);
    const summary = await s.call("retrieveGstr1", { path: { period }, query: { format: "summary" } });
    expect(summary.body.warnings).toContainEqual(
      expect.objectContaining({ code: "einvoice_pending", document_id: pending.body.id }),
    );
    sim.faults.reset();
    await dueNow(s.tenant);
    expect((await settledInvoice(s, pending.body.id)).einvoice_status).toBe("registered");
  });

  it("registers credit and debit notes after their commit, each with its own IRN (CRN, DBN)", async () => {
    const s = await shop();
    const invoice = await s.sell(3);
    expect(invoice.body.einvoice_status).toBe("registered");
    const credit = await s.call("createCreditNote", {
      body: { invoice_id: invoice.body.id, reason: "sales_return", items: [{ sku: "PEN-01", qty: 1 }] },
    });
    expect(credit.status).toBe(201);
    expect(credit.body).toMatchObject({ einvoice_status: "registered", einvoice_error: null });
    expectOneRegistration(credit.body.irn);
    expect(sim.registration(credit.body.irn)?.docType).toBe("CRN");
    const debit = await s.call("createDebitNote", {
      body: {
        invoice_id: invoice.body.id,
        reason: "price_revision",
        items: [{ sku: "PEN-01", taxable_value: 10 }],
      },
    });
    expect(debit.status).toBe(201);
    expect(debit.body).toMatchObject({ einvoice_status: "registered" });
    expectOneRegistration(debit.body.irn);
    expect(sim.registration(debit.body.irn)?.docType).toBe("DBN");
    const read = await s.call("retrieveCreditNote", { path: { id: credit.body.id } });
    expect(read.body).toEqual(credit.body);
    const types = (await eventsOf(api.database.handle.db, s.tenant.accountId)).map((e) => e.type);
    expect(types).toEqual(
      expect.arrayContaining(["credit_note.einvoice_registered", "debit_note.einvoice_registered"]),
    );

    // A slow IRP: the note answers pending, and its IRN follows.
    sim.faults.set({ latencyMs: WAIT_MS + 500 });
    const slow = await s.call("createCreditNote", {
      body: { invoice_id: invoice.body.id, reason: "sales_return", items: [{ sku: "PEN-01", qty: 1 }] },
    });
    sim.faults.reset();
    expect(slow.body.einvoice_status).toBe("pending");
    const deadline = Date.now() + 20_000;
    let note = slow.body;
    while (note.einvoice_status === "pending" && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      note = (await s.call("retrieveCreditNote", { path: { id: slow.body.id } })).body;
    }
    expect(note.einvoice_status).toBe("registered");
    expectOneRegistration(note.irn);
  });

  it("refuses a note of an invoice that has no IRN yet (409)", async () => {
    const s = await shop();
    sim.faults.set({ errorRate: 1, errorStatus: 503 });
    try {
      const pending = await s.sell();
      expect(pending.body.einvoice_status).toBe("pending");
      const refused = await s.call("createCreditNote", {
        body: { invoice_id: pending.body.id, reason: "sales_return", whole: true },
      });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe("einvoice_pending");
      sim.faults.reset();
      await dueNow(s.tenant);
      expect((await settledInvoice(s, pending.body.id)).einvoice_status).toBe("registered");
    } finally {
      sim.faults.reset();
    }
  });

  it("finishes the registrations a stopped node left pending, each with one IRN", async () => {
    // A node without a worker takes the creates while the IRP is down, and stops answering; another
    // starts on the same database, as after a restart, and its worker takes the queue.
    const stopped = await startTestApi({
      webhookPolicy: policy,
      einvoiceWaitMs: 0,
      registrationWorker: false,
    });
    try {
      const s = await shop(nicSettings(), stopped);
      sim.faults.set({ errorRate: 1, errorStatus: 503 });
      const created = await Promise.all(Array.from({ length: 6 }, () => s.sell()));
      expect(created.map((c) => c.body.einvoice_status)).toEqual(Array(6).fill("pending"));
      // The creates' own tries end while the IRP is still down, each with the IRP's 5xx recorded.
      await expect
        .poll(
          async () => {
            const read = await Promise.all(
              created.map((c) => s.call("retrieveInvoice", { path: { id: c.body.id } })),
            );
            return read.map((r) => r.body.einvoice_error?.code ?? null);
          },
          { timeout: 20_000, interval: 100 },
        )
        .toEqual(Array(6).fill("irp_unavailable"));
      sim.faults.reset();
      await dueNow(s.tenant, stopped);
      const before = sim.stats();
      const node = await startServer({
        db: stopped.database.handle.db,
        logger: pino({ level: "silent" }),
        port: 0,
        host: "127.0.0.1",
        isReady: async () => true,
        webhookPolicy: policy,
        registrationWorker: true,
      });
      try {
        const read = (id: string) =>
          callOperation(node.url, "retrieveInvoice", { key: s.tenant.testKey, path: { id } });
        const deadline = Date.now() + 20_000;
        let settled = await Promise.all(created.map((c) => read(c.body.id)));
        while (settled.some((r) => r.body.einvoice_status === "pending") && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 100));
          settled = await Promise.all(created.map((c) => read(c.body.id)));
        }
        expect(settled.map((r) => r.body.einvoice_status)).toEqual(Array(6).fill("registered"));
        expect(new Set(settled.map((r) => r.body.irn)).size).toBe(6);
        // Each document sent until the IRP registered it, never twice (a second send is a duplicate).
        for (const r of settled) expectOneRegistration(r.body.irn);
        expect(sim.stats().duplicates - before.duplicates).toBe(0);
        const [queued] = await stopped.database.handle.db
          .select({ n: sql<number>`count(*)::int` })
          .from(einvoiceRegistrations)
          .where(eq(einvoiceRegistrations.accountId, s.tenant.accountId));
        expect(Number(queued?.n)).toBe(0);
      } finally {
        await node.close(1_000);
      }
    } finally {
      sim.faults.reset();
      await stopped.close();
    }
  });
});

describe("retrying a credit or debit note's registration", () => {
  const notes = [
    {
      kind: "credit_note",
      create: "createCreditNote",
      retrieve: "retrieveCreditNote",
      retry: "retryCreditNoteEinvoice",
      docType: "CRN",
      body: (invoiceId: string) => ({
        invoice_id: invoiceId,
        reason: "sales_return",
        items: [{ sku: "PEN-01", qty: 1 }],
      }),
    },
    {
      kind: "debit_note",
      create: "createDebitNote",
      retrieve: "retrieveDebitNote",
      retry: "retryDebitNoteEinvoice",
      docType: "DBN",
      body: (invoiceId: string) => ({
        invoice_id: invoiceId,
        reason: "price_revision",
        items: [{ sku: "PEN-01", taxable_value: 10 }],
      }),
    },
  ] as const;

  it.for(notes)(
    "$kind: fails on the IRP's refusal, then registers once fixed and retried: one IRN",
    async (note) => {
      const s = await shop();
      const invoice = await s.sell(3);
      expect(invoice.body.einvoice_status).toBe("registered");
      const refusing = await s.call("updateEinvoiceSettings", {
        body: nicSettings({ password: "wrong-password" }),
      });
      expect(refusing.status).toBe(200);
      const created = await s.call(note.create, { body: note.body(invoice.body.id) });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ einvoice_status: "failed", irn: null });
      expect(created.body.einvoice_error?.code).toMatch(/\S/);
      const failed = await eventsOf(
        api.database.handle.db,
        s.tenant.accountId,
        `${note.kind}.einvoice_failed`,
      );
      expect(failed.map((e) => e.object.id)).toEqual([created.body.id]);

      // Nothing is sent again until the fix (a worker's pass asks the IRP nothing); a retry before
      // it fails the same way.
      const asked = sim.stats().requests;
      await dueNow(s.tenant);
      await workerPass();
      expect(sim.stats().requests).toBe(asked);
      expect((await s.call(note.retrieve, { path: { id: created.body.id } })).body.einvoice_status).toBe(
        "failed",
      );
      const early = await s.call(note.retry, { path: { id: created.body.id } });
      expect(early.status).toBe(200);
      expect(early.body).toMatchObject({ einvoice_status: "failed", irn: null });

      const before = sim.stats();
      expect((await s.call("updateEinvoiceSettings", { body: nicSettings() })).status).toBe(200);
      const retried = await s.call(note.retry, { path: { id: created.body.id } });
      expect(retried.status).toBe(200);
      expect(retried.body).toMatchObject({
        id: created.body.id,
        number: created.body.number,
        einvoice_status: "registered",
        einvoice_error: null,
      });
      expectOneRegistration(retried.body.irn);
      expect(sim.registration(retried.body.irn)?.docType).toBe(note.docType);
      expect(sim.stats().registered - before.registered).toBe(1);
      expect((await s.call(note.retrieve, { path: { id: created.body.id } })).body).toEqual(retried.body);
      const registered = await eventsOf(
        api.database.handle.db,
        s.tenant.accountId,
        `${note.kind}.einvoice_registered`,
      );
      expect(registered.map((e) => e.object)).toEqual([retried.body]);

      // A registered note is answered as it is, and never sent again.
      const again = await s.call(note.retry, { path: { id: created.body.id } });
      expect(again.body).toEqual(retried.body);
      expect(sim.stats().registered - before.registered).toBe(1);
    },
  );

  it("the app's credit-note list shows a failed note's state and the IRP's reason, then its IRN", async () => {
    const s = await shop();
    const invoice = await s.sell(3);
    await s.call("updateEinvoiceSettings", { body: nicSettings({ password: "wrong-password" }) });
    const created = await s.call("createCreditNote", { body: notes[0].body(invoice.body.id) });
    expect(created.body.einvoice_status).toBe("failed");
    const email = `notes-${s.tenant.accountId}@acme.example`;
    await memberOf(api.database.handle.db, s.tenant.accountId, email, "owner");
    const signIn = await fetch(new URL("/app/sign-in", api.url), {
      method: "POST",
      body: new URLSearchParams({ email, password: PASSWORD }),
      redirect: "manual",
    });
    expect(signIn.status).toBe(303);
    const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const listed = async () => {
      const res = await fetch(new URL("/app/credit-notes", api.url), { headers: { cookie } });
      expect(res.status).toBe(200);
      const text = await res.text();
      return text.slice(text.indexOf(created.body.number));
    };
    const failedRow = await listed();
    expect(failedRow).toMatch(/data-einvoice-status="failed">failed: /);
    expect(failedRow).toContain(created.body.einvoice_error.code);

    await s.call("updateEinvoiceSettings", { body: nicSettings() });
    const retried = await s.call("retryCreditNoteEinvoice", { path: { id: created.body.id } });
    expect(retried.body.einvoice_status).toBe("registered");
    const registeredRow = await listed();
    expect(registeredRow).not.toContain("data-einvoice-status");
    expect(registeredRow).toContain(`${retried.body.irn.slice(0, 12)}…`);
  });

  it.for(notes)("$kind: a slow IRP leaves the retry pending; its IRN follows", async (note) => {
    const s = await shop();
    const invoice = await s.sell(3);
    await s.call("updateEinvoiceSettings", { body: nicSettings({ password: "wrong-password" }) });
    const created = await s.call(note.create, { body: note.body(invoice.body.id) });
    expect(created.body.einvoice_status).toBe("failed");
    await s.call("updateEinvoiceSettings", { body: nicSettings() });
    // The IRN comes well after the wait, so that a second retry finds the note still pending.
    sim.faults.set({ latencyMs: WAIT_MS + 4_000 });
    let retried: CallResult<any>;
    let second: CallResult<any>;
    try {
      retried = await s.call(note.retry, { path: { id: created.body.id } });
      second = await s.call(note.retry, { path: { id: created.body.id } });
    } finally {
      sim.faults.reset();
    }
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ einvoice_status: "pending", irn: null });
    // A retry while it is pending is answered as it is, at once.
    expect(second.status).toBe(200);
    expect(second.body.einvoice_status).toBe("pending");
    const deadline = Date.now() + 20_000;
    let read = retried.body;
    while (read.einvoice_status === "pending" && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      read = (await s.call(note.retrieve, { path: { id: created.body.id } })).body;
    }
    expect(read.einvoice_status).toBe("registered");
    expectOneRegistration(read.irn);
  });

  it.for(notes)("$kind: 404 for a note without an e-invoice, or one it does not know", async (note) => {
    const s = await shop();
    const buyer = (
      await s.call("createParty", {
        body: {
          type: "customer",
          name: "Walk-in",
          address: { line1: "1 Main Road", city: "Bengaluru", state_code: "29", pin: "560001" },
        },
      })
    ).body.id;
    const b2c = await s.call("createInvoice", {
      body: { party_id: buyer, items: [{ sku: "PEN-01", qty: 3, rate: 10 }] },
    });
    const created = await s.call(note.create, { body: note.body(b2c.body.id) });
    expect(created.status).toBe(201);
    expect(created.body.einvoice_status).toBe("not_applicable");
    const refused = await s.call(note.retry, { path: { id: created.body.id } });
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe("einvoice_not_applicable");
    const prefix = note.kind === "credit_note" ? "crn" : "dbn";
    const missing = await s.call(note.retry, { path: { id: `${prefix}_01jd4r5t6v7w8x9y0z1a2b3c4d` } });
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe("not_found");
  });

  it.for(notes)("$kind: 422 for an Idempotency-Key reused on another note", async (note) => {
    const s = await shop();
    const invoice = await s.sell(5);
    const created = async (): Promise<string> => {
      const answer = await s.call(note.create, { body: note.body(invoice.body.id) });
      expect(answer.body.einvoice_status).toBe("registered");
      return answer.body.id;
    };
    const [one, other] = [await created(), await created()];
    const headers = { "idempotency-key": `retry-${note.kind}` };
    const first = await s.call(note.retry, { path: { id: one }, headers });
    expect(first.status).toBe(200);
    const replayed = await s.call(note.retry, { path: { id: one }, headers });
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    const refused = await s.call(note.retry, { path: { id: other }, headers });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe("idempotency_key_reused");
  });
});
