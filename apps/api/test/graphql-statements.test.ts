import { afterAll, beforeAll, expect, it } from "vitest";
import { startTestApi, type TestApi } from "./support/api.js";
import { graphql } from "./support/graphql.js";
import { createTenant, type Tenant } from "./support/tenants.js";

// No N+1: a page of 100 invoices with each one's party, items and payments is read in a fixed
// handful of statements (counted through the driver's hook), however many invoices and payments.

/** MAX_STATEMENTS_FOR_A_PAGE: the bound for 100 invoices with party, items and payments. */
const MAX_STATEMENTS_FOR_A_PAGE = 5;

let api: TestApi;
let tenant: Tenant;
let counting = false;
const statements: string[] = [];

beforeAll(async () => {
  api = await startTestApi({
    onStatement: (text) => {
      if (counting) statements.push(text);
    },
  });
  tenant = await createTenant(api.database.handle.db);
  const call = (operationId: string, body: unknown) => api.call(operationId, { key: tenant.testKey, body });
  expect(
    (
      await call("createProduct", {
        sku: "PEN-01",
        name: "Pen",
        price: 10,
        gst_rate: 18,
        unit: "PCS",
        hsn_code: "9608",
        opening_stock: 100000,
      })
    ).status,
  ).toBe(201);
  const parties: string[] = [];
  for (let i = 0; i < 10; i++) {
    const party = await call("createParty", {
      type: "customer",
      name: `Customer ${i}`,
      address: { line1: "1 Road", city: "Mysuru", state_code: "29", pin: "570002" },
    });
    parties.push(party.body.id);
  }
  for (let i = 0; i < 100; i++) {
    const party = parties[i % parties.length] as string;
    const invoice = await call("createInvoice", {
      party_id: party,
      items: [
        { sku: "PEN-01", qty: 1 + (i % 3) },
        { sku: "PEN-01", qty: 2 },
      ],
    });
    expect(invoice.status).toBe(201);
    if (i % 2 === 0) {
      const paid = await call("createPayment", {
        party_id: party,
        amount: 10,
        mode: "cash",
        allocations: [{ invoice_id: invoice.body.id, amount: 10 }],
      });
      expect(paid.status).toBe(201);
    }
  }
}, 300_000);
afterAll(() => api?.close());

const PAGE = `{
  invoices(first: 100) {
    nodes {
      id number total balanceDue
      customer { id name gstin }
      items { sku qty rate total }
      payments { id amount mode allocations { invoiceId amount } }
    }
  }
}`;

it(`100 invoices with party, items and payments: at most ${MAX_STATEMENTS_FOR_A_PAGE} statements`, async () => {
  // Once unmeasured, so that the key is known to the node (as it is after a client's first call).
  expect((await graphql(api, tenant.testKey, PAGE)).body.errors).toBeUndefined();
  statements.length = 0;
  counting = true;
  const answer = await graphql(api, tenant.testKey, PAGE);
  counting = false;
  expect(answer.body.errors).toBeUndefined();
  const invoices = answer.body.data.invoices.nodes;
  expect(invoices).toHaveLength(100);
  expect(invoices.every((i: { customer: { id: string } }) => i.customer.id.startsWith("pty_"))).toBe(true);
  expect(invoices.filter((i: { payments: unknown[] }) => i.payments.length === 1)).toHaveLength(50);
  expect(invoices.every((i: { items: unknown[] }) => i.items.length === 2)).toBe(true);
  // What the query itself reads: not the key's lookup (cached for AUTH_CACHE_TTL_MS, read again on a machine slow
  // enough for the cache to expire between the two calls), nor the driver's query of array types on
  // a connection the pool opens afresh.
  const reads = statements.filter((s) => !/from "api_keys"|pg_catalog\.pg_type/.test(s));
  expect(reads.length, reads.join("\n")).toBeLessThanOrEqual(MAX_STATEMENTS_FOR_A_PAGE);
});
