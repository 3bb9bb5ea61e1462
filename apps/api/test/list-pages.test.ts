import { fixtures, operationList } from "@bahi/contract";
import { todayInIst } from "@bahi/gst";
import fc from "fast-check";
import { pino } from "pino";
import { describe, expect } from "vitest";
import { SecretBox } from "../src/secrets/secret-box.js";
import { AddressPolicy } from "../src/services/webhooks/address-policy.js";
import { DeliveryWorker } from "../src/services/webhooks/worker.js";
import { callerWith } from "./support/api.js";
import { arbitraryOf } from "./support/arbitrary-of-schema.js";
import { driverUnderTest } from "./support/database.js";
import { it } from "./support/fixtures.js";
import { HISTORY_RUNS } from "./support/fuzz-runs.js";
import { mostly, parametersSchema } from "./support/spec-requests.js";
import { GSTINS } from "./support/tenants.js";

/**
 * Every list, whatever filters the spec lets a caller give it: walked a few at a time, it gives the
 * same objects in the same order as one page of 100, each once, and its pages say truly whether
 * more follow. One account holds fewer than 100 of each kind, so that one page is the whole list.
 */

const RUNS_PER_LIST = HISTORY_RUNS;
/** The most pages a walk may take: a cursor that never ends the list fails the test instead. */
const MAX_PAGES = 120;

type Json = Record<string, any>;

const known = {
  parties: [] as string[],
  gstins: [] as string[],
  products: [] as string[],
  invoices: [] as string[],
  numbers: [] as string[],
  webhooks: [] as string[],
  events: [] as string[],
};

/** The tenant's caller: a request may be refused (4xx), but never break the server. */
type Caller = ReturnType<typeof callerWith>;

const DAY_MS = 86_400_000;
const today = todayInIst(new Date());
const daysAgo = (days: number) => new Date(Date.parse(today) - days * DAY_MS).toISOString().slice(0, 10);

// Many pages from one account; webhooks delivered on loopback.
const policy = new AddressPolicy(["127.0.0.1"]);
it.override("apiOptions", {
  rateLimits: { perMinute: 1_000_000, perSecond: 1_000_000 },
  webhookPolicy: policy,
});

it.beforeAll(async ({ api, tenant, receiver }) => {
  const call = callerWith(api, tenant.testKey);
  const created = async (operationId: string, options: Json) => {
    const res = await call(operationId, options);
    expect(res.status, `${operationId} → ${JSON.stringify(res.body)}`).toBe(201);
    return res.body;
  };
  // Where the account's webhooks deliver: it refuses what is sent to `/fail`, so deliveries fail too.
  receiver.respond = (delivery, res) => {
    res.statusCode = delivery.path.startsWith("/fail") ? 500 : 200;
    res.end();
  };
  for (const [path, events] of [
    [
      "/ok",
      ["invoice.created", "invoice.cancelled", "credit_note.created", "debit_note.created", "party.created"],
    ],
    ["/fail", ["invoice.cancelled", "payment.created"]],
  ] as const) {
    const body = { url: `${receiver.url}${path}`, events };
    known.webhooks.push((await created("createWebhook", { body })).id);
  }
  const partyBodies = [
    fixtures.PartyCreate,
    fixtures.PartyCreateUnregistered,
    fixtures.PartyCreateAbroad,
    {
      ...fixtures.PartyCreate,
      name: "Delhi Traders",
      gstin: GSTINS.delhi,
      address: { line1: "4 Chandni Chowk", city: "Delhi", state_code: "07", pin: "110006" },
    },
    { ...fixtures.PartyCreateUnregistered, name: "Meera Rao" },
    { ...fixtures.PartyCreateUnregistered, name: "Meera Stores", type: "supplier" },
  ];
  for (const body of partyBodies) {
    const party = await created("createParty", { body });
    known.parties.push(party.id);
    if (party.gstin) known.gstins.push(party.gstin);
  }
  const productBodies = [
    { ...fixtures.ProductCreate, opening_stock: 1000, reorder_level: 990 },
    fixtures.ProductCreateService,
    {
      sku: "CHAIR",
      name: "Chair",
      price: 2500,
      gst_rate: 5,
      hsn_code: "9401",
      unit: "NOS",
      opening_stock: 50,
    },
    { sku: "LOOSE", name: "Loose item", price: 10, gst_rate: 5, unit: "NOS", track_stock: false },
  ];
  for (const body of productBodies) known.products.push((await created("createProduct", { body })).id);
  const [pen, , chair] = known.products as [string, string, string];
  await created("createStockAdjustment", {
    path: { id: chair },
    body: { quantity: 5, reason: "count_correction" },
  });
  await call("updateProduct", { path: { id: pen }, body: { gst_rate: 18, price: 12 } });
  await call("updateProduct", {
    path: { id: chair },
    body: { gst_rate: 18, rates_effective_from: daysAgo(20) },
  });

  // Three invoices a day for a fortnight, to four parties, then notes, payments and a cancellation.
  for (let day = 14; day >= 0; day--) {
    for (let i = 0; i < 3; i++) {
      const invoice = await created("createInvoice", {
        body: {
          party_id: known.parties[(day + i) % 4],
          date: daysAgo(day),
          items: [
            { sku: "PEN-01", qty: 1 + i, rate: 99.99 },
            { sku: i === 0 ? "CHAIR" : fixtures.ProductCreateService.sku, qty: 1, rate: 10 },
          ],
        },
      });
      known.invoices.push(invoice.id);
      known.numbers.push(invoice.number);
    }
  }
  const [first, second, third, fourth] = known.invoices as [string, string, string, string];
  await created("createCreditNote", { body: { invoice_id: first, reason: "sales_return", whole: true } });
  await created("createCreditNote", {
    body: { invoice_id: second, reason: "correction", items: [{ sku: "PEN-01", qty: 1 }] },
  });
  await created("createDebitNote", {
    body: { invoice_id: second, reason: "price_revision", items: [{ sku: "PEN-01", taxable_value: 5 }] },
  });
  await created("createDebitNote", {
    body: {
      invoice_id: third,
      reason: "price_revision",
      items: [{ sku: fixtures.ProductCreateService.sku, taxable_value: 1 }],
    },
  });
  await created("createPayment", {
    body: { party_id: known.parties[0], amount: 500, mode: "upi", allocations: [] },
  });
  await created("createPayment", { body: { party_id: known.parties[1], amount: 100, mode: "cash" } });
  for (let i = 0; i < 6; i++) {
    const invoice_id = known.invoices[5 + i];
    await created("createCreditNote", {
      body: { invoice_id, reason: "sales_return", items: [{ sku: "PEN-01", qty: 0.5 }] },
    });
    await created("createDebitNote", {
      body: { invoice_id, reason: "price_revision", items: [{ sku: "PEN-01", taxable_value: 1 + i }] },
    });
    await created("createPayment", { body: { party_id: known.parties[i % 4], amount: 10 + i, mode: "upi" } });
  }
  const cancelled = await call("cancelInvoice", {
    path: { id: fourth },
    body: { reason: "2", remark: "Entered twice" },
  });
  expect(cancelled.status).toBe(200);
  for (let i = 0; i < 3; i++) await created("createApiKey", { body: { scopes: ["invoices:read"] } });
  const events = await call("listEvents", { query: { limit: 100 } });
  known.events.push(...events.body.data.map((e: Json) => e.id));
  const startedAt = new Date();
  const worker = new DeliveryWorker({
    db: api.database.handle.db,
    holdLocks: driverUnderTest === "postgres",
    box: await SecretBox.open(api.database.handle.db, null),
    policy,
    logger: pino({ level: "silent" }),
    // One attempt each: the failed ones' retries fall due after this clock.
    now: () => startedAt,
    random: Math.random,
  });
  while ((await worker.runOnce()) > 0);
  expect(receiver.deliveries.length).toBeGreaterThan(0);
}, 120_000);

const lists = operationList
  .filter((op) => op.operationId.startsWith("list") && op.method === "GET")
  .map((op) => [op.operationId, op] as const);

/** An object's identity in a list; the rate history's periods have no id. */
const identityOf = (object: Json) => (typeof object.id === "string" ? object.id : JSON.stringify(object));

interface Walk {
  status: number;
  ids: string[];
}

/** The filters whose meaning is the object's own field: each object listed must match them. */
function expectMatching(object: Json, query: Json, sent: string) {
  for (const field of ["party_id", "status", "number", "gstin"] as const) {
    if (query[field] !== undefined && field in object) expect(object[field], sent).toBe(query[field]);
  }
  if (query.invoice_id !== undefined && "invoice_id" in object)
    expect(object.invoice_id, sent).toBe(query.invoice_id);
  if (query.date_from !== undefined && "date" in object)
    expect(object.date >= query.date_from, sent).toBe(true);
  if (query.date_to !== undefined && "date" in object) expect(object.date <= query.date_to, sent).toBe(true);
}

async function walk(
  call: Caller,
  operationId: string,
  path: Json,
  query: Json,
  limit: number,
): Promise<Walk> {
  const sent = `${operationId} ${JSON.stringify(query)}`;
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const res = await call(operationId, {
      path,
      query: { ...query, limit, ...(cursor ? { starting_after: cursor } : {}) },
    });
    if (res.status !== 200) return { status: res.status, ids };
    const { data, has_more, next_cursor } = res.body;
    expect(data.length).toBeLessThanOrEqual(limit);
    expect(next_cursor === null, `has_more ${has_more}, next_cursor ${next_cursor}`).toBe(!has_more);
    for (const object of data) expectMatching(object, query, sent);
    ids.push(...data.map(identityOf));
    if (!has_more) return { status: 200, ids };
    expect(data.length, "a page that says more follow holds something").toBeGreaterThan(0);
    cursor = next_cursor;
  }
  throw new Error(`${operationId} ${JSON.stringify(query)}: still more after ${MAX_PAGES} pages of ${limit}`);
}

describe(`every list, ${RUNS_PER_LIST} queries each: pages of any size walk the whole list once`, () => {
  it.for(lists)("%s", async ([operationId, op], { api, tenant }) => {
    const call = callerWith(api, tenant.testKey);
    const recent = fc.integer({ min: 0, max: 20 }).map(daysAgo);
    const options = {
      formats: { date: recent },
      properties: {
        id: mostly([...known.products, ...known.webhooks]),
        party_id: mostly(known.parties),
        invoice_id: mostly(known.invoices),
        number: mostly(known.numbers),
        gstin: mostly(known.gstins),
        event_id: mostly(known.events),
        q: mostly(["Meera", "Traders", "PEN", "chair", "Loose", "zz"]),
      },
    };
    const pathSchema = parametersSchema(op, "path");
    const querySchema = parametersSchema(op, "query");
    const { limit: _limit, starting_after: _after, ...filters } = querySchema.properties;
    const request = fc.record({
      path: arbitraryOf(pathSchema, options),
      query: arbitraryOf({ ...querySchema, properties: filters, required: [] }, options),
      limit: fc.integer({ min: 1, max: 7 }),
    });
    await fc.assert(
      fc.asyncProperty(request, async ({ path, query, limit }) => {
        const whole = await walk(call, operationId, path as Json, query as Json, 100);
        const paged = await walk(call, operationId, path as Json, query as Json, limit);
        const sent = `${JSON.stringify(path)} ${JSON.stringify(query)} by ${limit}`;
        expect(paged.status, sent).toBe(whole.status);
        if (whole.status !== 200) return;
        expect(whole.ids.length, `${sent}: fewer than a page of 100 in this account`).toBeLessThan(100);
        expect(paged.ids, sent).toEqual(whole.ids);
        expect(new Set(paged.ids).size, sent).toBe(paged.ids.length);
      }),
      { numRuns: RUNS_PER_LIST },
    );
  });
});

describe("a walk while new documents are created", () => {
  it.for([
    ["listInvoices", {}],
    ["listInvoices", { party_id: 0 }],
    ["listEvents", {}],
    ["listPayments", {}],
  ] as const)(
    "%s %j: every object that was there before it is listed once",
    async ([operationId, filter], { api, newTenant }) => {
      const own = await newTenant({ gstin: GSTINS.karnataka });
      const ownCall = async (id: string, options: Json) => {
        const res = await api.call(id, { key: own.testKey, ...options });
        expect(res.status, `${id} → ${JSON.stringify(res.body)}`).toBeLessThan(300);
        return res.body;
      };
      const party = (await ownCall("createParty", { body: fixtures.PartyCreate })).id;
      await ownCall("createProduct", { body: { ...fixtures.ProductCreate, opening_stock: 1000 } });
      const sale = async () => {
        await ownCall("createInvoice", {
          body: { party_id: party, items: [{ sku: "PEN-01", qty: 1, rate: 5 }] },
        });
        await ownCall("createPayment", { body: { party_id: party, amount: 1, mode: "upi" } });
      };
      for (let i = 0; i < 12; i++) await sale();
      const query = "party_id" in filter ? { party_id: party } : {};
      const before = (await ownCall(operationId, { query: { ...query, limit: 100 } })).data.map(identityOf);

      const walked: string[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < MAX_PAGES; page++) {
        const body = await ownCall(operationId, {
          query: { ...query, limit: 2, ...(cursor ? { starting_after: cursor } : {}) },
        });
        walked.push(...body.data.map(identityOf));
        if (!body.has_more) break;
        cursor = body.next_cursor;
        await sale();
      }
      expect(new Set(walked).size).toBe(walked.length);
      expect(walked.filter((id) => before.includes(id))).toEqual(before);
    },
  );
});
