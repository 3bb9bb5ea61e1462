import { fixtures, type OperationSpec, operationList } from "@bahi/contract";
import openapi from "@bahi/contract/openapi.json" with { type: "json" };
import fc from "fast-check";
import { describe, expect } from "vitest";
import { handlers } from "../src/routes/index.js";
import { AddressPolicy } from "../src/services/webhooks/address-policy.js";
import { callerWith, type TestApi } from "./support/api.js";
import { type ArbitraryOptions, arbitraryOf } from "./support/arbitrary-of-schema.js";
import { it as base } from "./support/fixtures.js";
import { FUZZ_RUNS } from "./support/fuzz-runs.js";
import { bodySchemaOf, mostly, nearDates, parametersSchema } from "./support/spec-requests.js";
import { GSTINS } from "./support/tenants.js";

/**
 * Requests that the spec allows, drawn at random, sent to every operation: whatever the values of
 * its path, query and JSON body, the answer is one the spec lists for the operation, in its schema
 * (checked by every call), and never a 500. Ids and SKUs come mostly from documents that exist, so
 * that the requests reach past the lookups.
 */
const RUNS_PER_OPERATION = FUZZ_RUNS;

/**
 * Left out: uploads are files, not JSON (product-imports.test.ts has a property of any CSV); the
 * account's settings change what every other request of the tenant may do, so they have a property of
 * their own below.
 */
const LEFT_OUT = new Set(["createProductImport", "updateAccount"]);

/** Every host name is a public address, and nothing is asked of DNS: webhooks are only created here. */
const publicResolver = async () => [{ address: "203.0.113.10", family: 4 as const }];

type Json = Record<string, any>;

const known = {
  ids: [] as string[],
  parties: [] as string[],
  skus: [] as string[],
  invoices: [] as string[],
  /** A payment of the second party, whose invoice has a balance to allocate to. */
  payment: "",
  /** An invoice that only the idempotency property credits, a paisa at a time. */
  creditable: "",
};

/** Creates a document of the tenant's, and knows its id. */
const it = base.extend(
  "created",
  { scope: "file" },
  ({ api, tenant }) =>
    async (operationId: string, body: unknown): Promise<Json> => {
      const res = await api.call(operationId, { key: tenant.testKey, body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      known.ids.push(res.body.id);
      return res.body;
    },
);

// Thousands of requests from one account: past the plans' limits, which 429 would answer instead.
it.override("apiOptions", {
  rateLimits: { perMinute: 1_000_000, perSecond: 1_000_000 },
  webhookPolicy: new AddressPolicy([], publicResolver),
});

it.beforeAll(async ({ api, tenant, created }) => {
  for (const body of [
    fixtures.PartyCreate,
    fixtures.PartyCreateAbroad,
    fixtures.PartyCreateUnregistered,
    {
      ...fixtures.PartyCreate,
      name: "Chandigarh Traders",
      gstin: GSTINS.chandigarh,
      address: { line1: "SCO 12, Sector 17", city: "Chandigarh", state_code: "04", pin: "160017" },
    },
  ]) {
    known.parties.push((await created("createParty", body)).id);
  }
  for (const body of [
    fixtures.ProductCreate,
    fixtures.ProductCreateService,
    {
      sku: "CHAIR",
      name: "Chair",
      price: 2500,
      gst_rate: 5,
      hsn_code: "9401",
      unit: "NOS",
      opening_stock: 3,
    },
    {
      sku: "WATCH",
      name: "Watch",
      price: 12000.5,
      gst_rate: 40,
      hsn_code: "9102",
      unit: "NOS",
      track_stock: false,
    },
  ]) {
    known.skus.push((await created("createProduct", body)).sku);
  }
  for (const party_id of known.parties) {
    const invoice = await created("createInvoice", {
      party_id,
      items: [{ sku: "PEN-01", qty: 2, rate: 99.99 }],
    });
    known.invoices.push(invoice.id);
  }
  await created("createPayment", { party_id: known.parties[0], amount: 1000, mode: "upi" });
  known.payment = (
    await created("createPayment", { party_id: known.parties[1], amount: 1000, mode: "upi" })
  ).id;
  // Kept out of the known ids, which random requests credit whole or cancel.
  const creditable = await api.call("createInvoice", {
    key: tenant.testKey,
    body: { party_id: known.parties[0], items: [{ sku: "WATCH", qty: 100, rate: 10 }] },
  });
  expect(creditable.status).toBe(201);
  known.creditable = creditable.body.id;
  await created("createCreditNote", { invoice_id: known.invoices[0], reason: "sales_return", whole: true });
  await created("createApiKey", { scopes: ["invoices:read"] });
  await created("createWebhook", { url: "https://erp.example.in/hooks/bahi", events: ["*"] });
});

const fuzzed = operationList
  .filter((op) => op.operationId in handlers && op.scopes !== null && !LEFT_OUT.has(op.operationId))
  .map((op) => [op.operationId, op] as const);

/** A request the spec allows for an operation: path, query and JSON body, ids mostly of known documents. */
function requestOf(operationId: string, op: OperationSpec) {
  const options: ArbitraryOptions = {
    formats: { date: nearDates },
    properties: {
      id: mostly(known.ids),
      party_id: mostly(known.parties),
      invoice_id: mostly(known.invoices),
      starting_after: mostly(known.ids),
      url: (fromSchema) => fc.oneof(fc.webUrl({ withQueryParameters: true }), fromSchema),
      ...(operationId === "createProduct" ? {} : { sku: mostly(known.skus) }),
    },
  };
  const body = bodySchemaOf(op);
  return fc.record({
    path: arbitraryOf(parametersSchema(op, "path"), options),
    query: arbitraryOf(parametersSchema(op, "query"), options),
    body: body ? arbitraryOf(body, options) : fc.constant(undefined),
  });
}

describe(`requests the spec allows, ${RUNS_PER_OPERATION} per operation: answered as the spec says, never 500`, () => {
  it.for(fuzzed)("%s", async ([operationId, op], { api, tenant }) => {
    const request = requestOf(operationId, op);
    await fc.assert(
      fc.asyncProperty(request, async (sent) => {
        const res = await api.call(operationId, { key: tenant.testKey, ...(sent as Json) });
        expect(res.status, `${JSON.stringify(sent)} → ${JSON.stringify(res.body)}`).toBeLessThan(500);
      }),
      { numRuns: RUNS_PER_OPERATION },
    );
  });
});

/** A request's path, query and body, whatever their keys' order: two requests the API must tell apart. */
function canonicalOf(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalOf).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalOf((value as Json)[k])}`)
      .join(",")}}`;
  return JSON.stringify(value) ?? "null";
}

/** A request that succeeds, for the writes whose random requests seldom do, so that replays are seen. */
function succeedingRequest(operationId: string): Json | undefined {
  const lineOfSecondInvoice = [{ sku: "PEN-01", taxable_value: 0.01 }];
  const requests: Record<string, Json> = {
    createInvoice: { body: { party_id: known.parties[0], items: [{ sku: "WATCH", qty: 1, rate: 10 }] } },
    createCreditNote: {
      body: {
        invoice_id: known.creditable,
        reason: "correction",
        items: [{ sku: "WATCH", taxable_value: 0.01 }],
      },
    },
    createDebitNote: {
      body: { invoice_id: known.invoices[1], reason: "price_revision", items: lineOfSecondInvoice },
    },
    allocatePayment: {
      path: { id: known.payment },
      body: { allocations: [{ invoice_id: known.invoices[1], amount: 0.01 }] },
    },
  };
  return requests[operationId];
}

const posts = fuzzed.filter(([, op]) => op.method === "POST");

describe(`POSTs the spec allows, ${RUNS_PER_OPERATION / 4} per operation, under one Idempotency-Key`, () => {
  it.for(posts)(
    "%s: sent again, the first answer is replayed; another request under the key is refused",
    async ([operationId, op], { api, tenant }) => {
      let keys = 0;
      const succeeding = succeedingRequest(operationId);
      await fc.assert(
        fc.asyncProperty(
          succeeding
            ? fc.oneof(requestOf(operationId, op), fc.constant(succeeding))
            : requestOf(operationId, op),
          fc.constantFrom(...posts),
          async (sent, [otherId, other]) => {
            const headers = { "idempotency-key": `fuzz-${operationId}-${Date.now()}-${keys++}` };
            const send = (id: string, request: Json) =>
              api.call(id, { key: tenant.testKey, headers, ...request });
            const first = await send(operationId, sent);
            const again = await send(operationId, sent);
            const replayed = first.status < 300;
            expect(again.status, JSON.stringify(sent)).toBe(first.status);
            expect(again.headers.get("idempotent-replayed")).toBe(replayed ? "true" : null);
            if (!replayed) return;
            expect(again.body).toEqual(first.body);
            // The same key on another path, operation or body is another request: never answered with
            // the first answer.
            const otherRequest = fc.sample(requestOf(otherId, other), 1)[0] as Json;
            const sameRequest = otherId === operationId && canonicalOf(otherRequest) === canonicalOf(sent);
            if (sameRequest) return;
            const reused = await send(otherId, otherRequest);
            expect(reused.headers.get("idempotent-replayed")).toBeNull();
            // A request the spec refuses is told so first (400), as it would be without the key.
            if (reused.status !== 400) {
              expect(reused.status, `${otherId} ${JSON.stringify(otherRequest)}`).toBe(422);
              expect(reused.body.code).toBe("idempotency_key_reused");
            }
          },
        ),
        { numRuns: Math.ceil(RUNS_PER_OPERATION / 4) },
      );
    },
  );
});

describe("account settings the spec allows", () => {
  it(`${RUNS_PER_OPERATION} changes, each followed by an invoice, its credit note and a page of each: never 500`, async ({
    api,
    newTenant,
  }) => {
    const own = await newTenant({ gstin: GSTINS.karnataka });
    const call = callerWith(api, own.testKey);
    const party = (await call("createParty", { body: fixtures.PartyCreate })).body.id;
    await call("createProduct", { body: { ...fixtures.ProductCreate, opening_stock: 100_000 } });
    const update = bodySchemaOf(
      operationList.find((op) => op.operationId === "updateAccount") as OperationSpec,
    );
    await fc.assert(
      fc.asyncProperty(arbitraryOf(update as Json, { formats: { date: nearDates } }), async (body) => {
        await call("updateAccount", { body });
        const invoice = await call("createInvoice", {
          body: { party_id: party, items: [{ sku: "PEN-01", qty: 1, rate: 99.99 }] },
        });
        if (invoice.status === 201) {
          await call("createCreditNote", {
            body: { invoice_id: invoice.body.id, reason: "correction", whole: true },
          });
        }
        await call("listInvoices", { query: { limit: 3 } });
        await call("listCreditNotes", { query: { limit: 3 } });
      }),
      { numRuns: RUNS_PER_OPERATION },
    );
  });
});

describe("the events the requests above caused", () => {
  it("each reads as the spec describes its type: webhooks deliver these bodies", async ({
    api,
    tenant,
    created,
  }) => {
    // What the random requests seldom reach, done once on purpose: a debit note, a part payment, a
    // shipping bill, a fall to a reorder level, a change of a party and of a product, a cancellation
    // and a credit note that settles its invoice, on documents of their own.
    const buyer = (await created("createParty", fixtures.PartyCreateUnregistered)).id;
    const abroad = (await created("createParty", fixtures.PartyCreateAbroad)).id;
    const announced = await created("createProduct", {
      ...fixtures.ProductCreate,
      sku: "ANNOUNCED",
      opening_stock: 10,
      reorder_level: 8,
    });
    // 10 → 8: the reorder level.
    const sale = await created("createInvoice", {
      party_id: buyer,
      items: [{ sku: "ANNOUNCED", qty: 2, rate: 99.99 }],
    });
    await created("createDebitNote", {
      invoice_id: sale.id,
      reason: "price_revision",
      items: [{ sku: "ANNOUNCED", taxable_value: 10 }],
    });
    await created("createPayment", {
      party_id: buyer,
      amount: 1,
      mode: "upi",
      allocations: [{ invoice_id: sale.id, amount: 1 }],
    });
    const exported = await created("createInvoice", {
      party_id: abroad,
      items: [{ sku: "ANNOUNCED", qty: 1, rate: 100 }],
    });
    const bill = await api.call("recordInvoiceShippingBill", {
      key: tenant.testKey,
      path: { id: exported.id },
      body: { ...fixtures.ShippingBill, date: exported.date },
    });
    expect(bill.status, JSON.stringify(bill.body)).toBe(200);
    const changes: [string, Parameters<TestApi["call"]>[1]][] = [
      ["updateParty", { path: { id: buyer }, body: { name: "Renamed Buyer" } }],
      ["updateProduct", { path: { id: announced.id }, body: { price: 120 } }],
      ["cancelInvoice", { path: { id: exported.id }, body: fixtures.InvoiceCancel }],
    ];
    for (const [operationId, options] of changes) {
      const res = await api.call(operationId, { key: tenant.testKey, ...options });
      expect(res.status, `${operationId} ${JSON.stringify(res.body)}`).toBe(200);
    }
    const settled = await created("createInvoice", {
      party_id: buyer,
      items: [{ sku: "ANNOUNCED", qty: 1, rate: 100 }],
    });
    await created("createCreditNote", { invoice_id: settled.id, reason: "correction", whole: true });

    const types = new Set<string>();
    let events = 0;
    let starting_after: string | undefined;
    for (;;) {
      const page = await api.call("listEvents", {
        key: tenant.testKey,
        query: { limit: 100, ...(starting_after ? { starting_after } : {}) },
      });
      expect(page.status, JSON.stringify(page.body)).toBe(200);
      for (const event of page.body.data) types.add(event.type);
      events += page.body.data.length;
      if (!page.body.has_more) break;
      starting_after = page.body.data.at(-1).id;
    }
    // Every kind but webhook.disabled, which takes days of failed deliveries, and the e-invoice
    // registrations of a live IRP (this tenant's is the sandbox): einvoice-live.test.ts reads those.
    const eventTypes: string[] = openapi.components.schemas.EventType.enum;
    const kinds = eventTypes.filter((type) => type !== "webhook.disabled" && !type.includes(".einvoice_"));
    expect([...types].sort()).toEqual([...kinds].sort());
    expect(events).toBeGreaterThan(known.ids.length);
  });
});
