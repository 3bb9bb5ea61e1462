import openapi from "@bahi/contract/openapi.json" with { type: "json" };
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ImportWorker } from "../src/services/imports/worker.js";
import { AddressPolicy } from "../src/services/webhooks/address-policy.js";
import { type CallResult, startTestApi, type TestApi } from "./support/api.js";
import { createTenant, type Tenant } from "./support/tenants.js";

/**
 * The spec's examples, replayed: each request example is sent to a real server in the order a business
 * would make them, with the example's ids swapped for the ids the server gave, and each answer must
 * have its example's shape (the same keys, all the way down) and formats (ids, dates, document
 * numbers, decimals, tokens). An example that no server could answer fails here, not in a reader's
 * hands. Not replayed: a webhook's delivery log (deliveries need the worker and a receiver; see
 * webhook-workers.test.ts) and an export's shipping bill (see shipping-bills.test.ts).
 */

type Json = Record<string, any>;
type Operation = {
  operationId: string;
  requestBody?: { content: Record<string, { examples?: Record<string, { $ref: string }> }> };
  responses: Record<string, { content?: Record<string, { examples?: Record<string, { $ref: string }> }> }>;
};

const spec = openapi as unknown as {
  paths: Record<string, Record<string, Operation>>;
  components: { examples: Record<string, { value: unknown }> };
};
const operations = new Map<string, Operation>();
for (const item of Object.values(spec.paths))
  for (const op of Object.values(item)) if (op.operationId) operations.set(op.operationId, op);

const exampleValue = (ref: { $ref: string }): any =>
  structuredClone(spec.components.examples[ref.$ref.split("/").pop() ?? ""]?.value);

function requestExample(operationId: string, name: string): Json {
  const ref = operations.get(operationId)?.requestBody?.content["application/json"]?.examples?.[name];
  if (!ref) throw new Error(`${operationId} has no request example ${name}`);
  return exampleValue(ref);
}

function answerExample(operationId: string, status: number, name: string): Json {
  const ref = operations.get(operationId)?.responses[status]?.content?.["application/json"]?.examples?.[name];
  if (!ref) throw new Error(`${operationId} has no ${status} example ${name}`);
  return exampleValue(ref);
}

/** What a string is, as far as a client parsing it cares: not its value, its format. */
function formatOf(value: string): string {
  const patterns: [string, RegExp][] = [
    ["id", /^([a-z]+)_[0-9a-hjkmnp-tv-z]{26}$/],
    ["api key", /^sk_(test|live)_/],
    ["webhook secret", /^whsec_/],
    ["date", /^\d{4}-\d{2}-\d{2}$/],
    ["date-time", /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/],
    ["IRP date-time", /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/],
    ["IRP date", /^\d{2}\/\d{2}\/\d{4}$/],
    ["document number", /^[A-Z]+\/\d{2}-\d{2}\/\d{6}$/],
    ["IRN", /^[0-9a-f]{64}$/],
    ["JWT", /^eyJ[\w-]+\.[\w-]+\.[\w-]+$/],
    ["URL", /^https?:\/\//],
    ["period", /^\d{6}$/],
    ["decimal", /^-?\d+\.\d+$/],
  ];
  for (const [name, pattern] of patterns) {
    const match = pattern.exec(value);
    if (match) return name === "id" ? `${match[1]}_ id` : name;
  }
  return "text";
}

/**
 * Where `actual` differs from `example` in shape or format, as JSON pointers. A null stands for any
 * value of a nullable field; an array's items are each matched with the answered item most like them.
 */
function differences(example: unknown, actual: unknown, at = ""): string[] {
  if (example === null || actual === null) return [];
  if (Array.isArray(example)) {
    if (!Array.isArray(actual)) return [`${at}: an array in the example, ${show(actual)} answered`];
    if (example.length > 0 && actual.length === 0) return [`${at}: items in the example, none answered`];
    return example.flatMap((item, i) => {
      const tries = actual.map((candidate) => differences(item, candidate, `${at}/${i}`));
      return tries.reduce((best, next) => (next.length < best.length ? next : best));
    });
  }
  if (typeof example === "object") {
    if (typeof actual !== "object" || Array.isArray(actual))
      return [`${at}: an object in the example, ${show(actual)} answered`];
    const keys = new Set([...Object.keys(example as Json), ...Object.keys(actual as Json)]);
    return [...keys].flatMap((key) => {
      if (!(key in (example as Json))) return [`${at}/${key}: answered, not in the example`];
      if (!(key in (actual as Json))) return [`${at}/${key}: in the example, not answered`];
      return differences((example as Json)[key], (actual as Json)[key], `${at}/${key}`);
    });
  }
  if (typeof example !== typeof actual)
    return [`${at}: ${show(example)} in the example, ${show(actual)} answered`];
  if (typeof example === "string" && formatOf(example) !== formatOf(actual as string))
    return [
      `${at}: ${formatOf(example)} in the example (${example}), ${formatOf(actual as string)} answered (${actual})`,
    ];
  return [];
}

const show = (value: unknown) => (value === null ? "null" : Array.isArray(value) ? "an array" : typeof value);

/** A stand-in resolver: the examples' webhook hosts are public names, and nothing asks DNS. */
const publicResolver = async () => [{ address: "203.0.113.10", family: 4 as const }];

let api: TestApi;
let tenant: Tenant;
/** The example's ids, each to the id the server gave the same object. */
const ids = new Map<string, string>();

/** Swaps the example's ids for the server's, wherever they stand in a request. */
function withRealIds<T>(value: T): T {
  let text = JSON.stringify(value);
  for (const [example, real] of ids) text = text.split(example).join(real);
  return JSON.parse(text);
}

/** Learns the server's ids from an answer and its example, walking both alike. */
function learnIds(example: unknown, actual: unknown): void {
  if (Array.isArray(example) && Array.isArray(actual))
    for (const [i, item] of example.entries()) learnIds(item, actual[i]);
  else if (example && actual && typeof example === "object" && typeof actual === "object") {
    const [e, a] = [example as Json, actual as Json];
    if (typeof e.id === "string" && typeof a.id === "string" && !ids.has(e.id)) ids.set(e.id, a.id);
    for (const key of Object.keys(e)) if (key !== "id") learnIds(e[key], a[key]);
  }
}

interface Replay {
  operationId: string;
  /** The request example's name; none for operations without a body. */
  request?: string;
  status: number;
  /** The answer example's name. */
  answer: string;
  /** The path's `{id}`: an id of an example, swapped for the server's. */
  id?: string;
  /** Other path parameters, as they are. */
  path?: Record<string, string>;
  query?: Record<string, string>;
}

async function replay({
  operationId,
  request,
  status,
  answer,
  id,
  path,
  query,
}: Replay): Promise<CallResult> {
  const expected = answerExample(operationId, status, answer);
  const res = await api.call(operationId, {
    key: tenant.testKey,
    path: { ...path, ...(id ? { id: withRealIds(id) } : {}) },
    ...(query ? { query } : {}),
    ...(request ? { body: withRealIds(requestExample(operationId, request)) } : {}),
  });
  expect(res.status, `${operationId} → ${JSON.stringify(res.body)}`).toBe(status);
  expect(
    differences(withRealIds(expected), res.body),
    `${operationId} answered unlike its example "${answer}"`,
  ).toEqual([]);
  learnIds(expected, res.body);
  return res;
}

const example = {
  party: "pty_01jd4n0q8r7s6t5v4w3x2y1z0a",
  invoice: "inv_01jd4r5t6v7w8x9y0z1a2b3c4d",
  secondInvoice: "inv_01jd5c2e3f4g5h6j7k8m9n0p1q",
};

beforeAll(async () => {
  api = await startTestApi({ webhookPolicy: new AddressPolicy([], publicResolver) });
  tenant = await createTenant(api.database.handle.db);
});
afterAll(() => api.close());

describe("the spec's examples, replayed against the server", () => {
  it("the account", async () => {
    await replay({ operationId: "retrieveAccount", status: 200, answer: "account" });
    await replay({ operationId: "updateAccount", request: "update", status: 200, answer: "account" });
  });

  it("parties", async () => {
    for (const kind of ["registered", "unregistered", "abroad"])
      await replay({ operationId: "createParty", request: kind, status: 201, answer: kind });
    await replay({ operationId: "retrieveParty", status: 200, answer: "registered", id: example.party });
    await replay({
      operationId: "updateParty",
      request: "phone",
      status: 200,
      answer: "updated",
      id: example.party,
    });
    await replay({ operationId: "listParties", status: 200, answer: "page" });
  });

  it("products and stock", async () => {
    const goods = await replay({
      operationId: "createProduct",
      request: "goods",
      status: 201,
      answer: "goods",
    });
    await replay({ operationId: "createProduct", request: "service", status: 201, answer: "service" });
    const id = goods.body.id as string;
    await replay({ operationId: "retrieveProduct", status: 200, answer: "goods", id });
    await replay({ operationId: "updateProduct", request: "price", status: 200, answer: "updated", id });
    await replay({
      operationId: "createStockAdjustment",
      request: "damage",
      status: 201,
      answer: "adjustment",
      id,
    });
    await replay({ operationId: "listStockMovements", status: 200, answer: "ledger", id });
    await replay({ operationId: "listProductRateHistory", status: 200, answer: "changed", id });
    await replay({ operationId: "listProducts", status: 200, answer: "page" });
  });

  it("a product import", async () => {
    const csv = (operations.get("createProductImport")?.requestBody?.content["text/csv"]?.examples?.csv ?? {
      $ref: "",
    }) as { $ref: string };
    const queued = await api.call("createProductImport", {
      key: tenant.testKey,
      rawBody: exampleValue(csv),
      headers: { "content-type": "text/csv" },
    });
    expect(queued.status).toBe(202);
    expect(differences(answerExample("createProductImport", 202, "queued"), queued.body)).toEqual([]);
    await new ImportWorker(api.database.handle.db, pino({ level: "silent" })).drain();
    await replay({
      operationId: "retrieveProductImport",
      status: 200,
      answer: "completed",
      id: queued.body.id,
    });
  });

  it("invoices, payments and notes", async () => {
    await replay({ operationId: "createInvoice", request: "create", status: 201, answer: "created" });
    // The allocation example settles a second invoice of the same party.
    const second = await api.call("createInvoice", {
      key: tenant.testKey,
      body: withRealIds(requestExample("createInvoice", "create")),
    });
    expect(second.status).toBe(201);
    ids.set(example.secondInvoice, second.body.id);

    await replay({ operationId: "retrieveInvoice", status: 200, answer: "invoice", id: example.invoice });
    await replay({
      operationId: "retrieveInvoiceEinvoice",
      status: 200,
      answer: "einvoice",
      id: example.invoice,
    });
    await replay({ operationId: "createPayment", request: "create", status: 201, answer: "created" });
    const payment = [...ids.entries()].find(([key]) => key.startsWith("pay_"))?.[0] ?? "";
    await replay({ operationId: "retrievePayment", status: 200, answer: "payment", id: payment });
    await replay({
      operationId: "allocatePayment",
      request: "allocate",
      status: 200,
      answer: "allocated",
      id: payment,
    });
    await replay({ operationId: "listPayments", status: 200, answer: "page" });

    const credit = await replay({
      operationId: "createCreditNote",
      request: "create",
      status: 201,
      answer: "created",
    });
    await replay({
      operationId: "retrieveCreditNote",
      status: 200,
      answer: "credit_note",
      id: credit.body.id,
    });
    await replay({
      operationId: "retrieveCreditNoteEinvoice",
      status: 200,
      answer: "einvoice",
      id: credit.body.id,
    });
    await replay({ operationId: "listCreditNotes", status: 200, answer: "page" });
    const debit = await replay({
      operationId: "createDebitNote",
      request: "create",
      status: 201,
      answer: "created",
    });
    await replay({ operationId: "retrieveDebitNote", status: 200, answer: "debit_note", id: debit.body.id });
    await replay({
      operationId: "retrieveDebitNoteEinvoice",
      status: 200,
      answer: "einvoice",
      id: debit.body.id,
    });
    await replay({ operationId: "listDebitNotes", status: 200, answer: "page" });

    await replay({ operationId: "listInvoices", status: 200, answer: "page" });
    // Cancelled, an invoice with no payment against it.
    const third = await api.call("createInvoice", {
      key: tenant.testKey,
      body: withRealIds(requestExample("createInvoice", "create")),
    });
    await replay({
      operationId: "cancelInvoice",
      request: "cancel",
      status: 200,
      answer: "cancelled",
      id: third.body.id,
    });
    await replay({ operationId: "retrieveEinvoiceJwks", status: 200, answer: "keys" });
  });

  it("GSTR-1", async () => {
    const path = { period: "112026" };
    await replay({
      operationId: "retrieveGstr1",
      status: 200,
      answer: "summary",
      path,
      query: { format: "summary" },
    });
    await replay({
      operationId: "retrieveGstr1",
      status: 200,
      answer: "portal",
      path,
      query: { format: "portal" },
    });
  });

  it("events", async () => {
    await replay({ operationId: "listEvents", status: 200, answer: "page" });
    const parties = await api.call("listEvents", { key: tenant.testKey, query: { type: "party.created" } });
    const id = parties.body.data.at(-1).id as string;
    await replay({ operationId: "retrieveEvent", status: 200, answer: "party_created", id });
  });

  it("webhooks", async () => {
    const hook = await replay({
      operationId: "createWebhook",
      request: "erp",
      status: 201,
      answer: "created",
    });
    const id = hook.body.id as string;
    await replay({ operationId: "retrieveWebhook", status: 200, answer: "enabled", id });
    await replay({ operationId: "rotateWebhookSecret", request: "day", status: 200, answer: "rotated", id });
    await replay({ operationId: "updateWebhook", request: "disable", status: 200, answer: "disabled", id });
    await replay({ operationId: "listWebhooks", status: 200, answer: "page" });
    await replay({ operationId: "deleteWebhook", status: 200, answer: "deleted", id });
  });

  it("API keys", async () => {
    const key = await replay({
      operationId: "createApiKey",
      request: "create",
      status: 201,
      answer: "created",
    });
    const id = key.body.id as string;
    await replay({ operationId: "listApiKeys", status: 200, answer: "page" });
    await replay({ operationId: "rotateApiKey", request: "overlap", status: 201, answer: "rotated", id });
    await replay({ operationId: "revokeApiKey", status: 200, answer: "revoked", id });
  });
});
