import { fixtures } from "@bahi/contract";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CallResult, startTestApi, type TestApi } from "./support/api.js";
import { createTenant } from "./support/tenants.js";

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

type Step =
  | { op: "invoice"; qty: number; rate: number }
  | { op: "pay"; at: number; percent: number; allocate: boolean }
  | { op: "allocate"; at: number; payment: number; percent: number }
  | { op: "credit_qty"; at: number; qty: number; restock: boolean }
  | { op: "credit_value"; at: number; percent: number }
  | { op: "credit_whole"; at: number }
  | { op: "cancel"; at: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constant("invoice" as const),
    qty: fc.integer({ min: 1, max: 4 }),
    rate: fc.constantFrom(99.99, 10.01, 0.5, 1234.56),
  }),
  fc.record({
    op: fc.constant("pay" as const),
    at: fc.nat(),
    percent: fc.integer({ min: 1, max: 100 }),
    allocate: fc.boolean(),
  }),
  fc.record({
    op: fc.constant("allocate" as const),
    at: fc.nat(),
    payment: fc.nat(),
    percent: fc.integer({ min: 1, max: 120 }),
  }),
  fc.record({
    op: fc.constant("credit_qty" as const),
    at: fc.nat(),
    qty: fc.integer({ min: 1, max: 3 }),
    restock: fc.boolean(),
  }),
  fc.record({
    op: fc.constant("credit_value" as const),
    at: fc.nat(),
    percent: fc.integer({ min: 1, max: 100 }),
  }),
  fc.record({ op: fc.constant("credit_whole" as const), at: fc.nat() }),
  fc.record({ op: fc.constant("cancel" as const), at: fc.nat() }),
);

const paise = (rupees: number) => Math.round(rupees * 100);
const rupees = (p: number) => p / 100;

function expectNoServerError(res: CallResult) {
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
}

describe("money invariants", () => {
  it("any sequence of invoices, payments, allocations, credit notes and cancellations keeps every invoice's books exact", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        const tenant = await createTenant(api.database.handle.db);
        const call = (operationId: string, options: Parameters<TestApi["call"]>[1] = {}) =>
          api.call(operationId, { key: tenant.testKey, ...options });
        const party = (await call("createParty", { body: fixtures.PartyCreateUnregistered })).body.id;
        const product = await call("createProduct", {
          body: { ...fixtures.ProductCreate, opening_stock: 1000 },
        });
        expect(product.status).toBe(201);
        const invoices: string[] = [];
        const payments: string[] = [];
        const current = async (at: number) => {
          const id = invoices[at % invoices.length] as string;
          return (await call("retrieveInvoice", { path: { id } })).body;
        };
        for (const s of steps) {
          if (s.op === "invoice") {
            const res = await call("createInvoice", {
              body: { party_id: party, items: [{ sku: "PEN-01", qty: s.qty, rate: s.rate }] },
            });
            expect(res.status, JSON.stringify(res.body)).toBe(201);
            invoices.push(res.body.id);
            continue;
          }
          if (invoices.length === 0) continue;
          const inv = await current(s.at);
          const part = (percent: number) => Math.max(1, Math.floor((paise(inv.balance_due) * percent) / 100));
          let res: CallResult;
          switch (s.op) {
            case "pay": {
              const amount = rupees(part(s.percent));
              res = await call("createPayment", {
                body: {
                  party_id: party,
                  mode: "cash",
                  amount,
                  ...(s.allocate ? { allocations: [{ invoice_id: inv.id, amount }] } : {}),
                },
              });
              if (res.status === 201) payments.push(res.body.id);
              break;
            }
            case "allocate": {
              if (payments.length === 0) continue;
              const payment = payments[s.payment % payments.length] as string;
              res = await call("allocatePayment", {
                path: { id: payment },
                body: { allocations: [{ invoice_id: inv.id, amount: rupees(part(s.percent)) }] },
              });
              break;
            }
            case "credit_qty":
              res = await call("createCreditNote", {
                body: {
                  invoice_id: inv.id,
                  reason: "sales_return",
                  restock: s.restock,
                  items: [{ sku: "PEN-01", qty: s.qty }],
                },
              });
              break;
            case "credit_value":
              res = await call("createCreditNote", {
                body: {
                  invoice_id: inv.id,
                  reason: "post_sale_discount",
                  items: [{ sku: "PEN-01", taxable_value: rupees(part(s.percent)) }],
                },
              });
              break;
            case "credit_whole":
              res = await call("createCreditNote", {
                body: { invoice_id: inv.id, reason: "correction", whole: true },
              });
              break;
            case "cancel":
              res = await call("cancelInvoice", { path: { id: inv.id }, body: fixtures.InvoiceCancel });
              break;
          }
          expectNoServerError(res);
        }
        // GET by id is written by PostgreSQL, the list by Node (toInvoice): both views must agree.
        const listed = new Map(
          (await call("listInvoices", { query: { limit: 100 } })).body.data.map((i: { id: string }) => [
            i.id,
            i,
          ]),
        );
        for (const id of invoices) {
          const inv = (await call("retrieveInvoice", { path: { id } })).body;
          expect(inv).toEqual(listed.get(id));
          const notes = (await call("listCreditNotes", { query: { invoice_id: id, limit: 100 } })).body.data;
          const noteTotal = notes.reduce((a: number, n: any) => a + paise(n.total), 0);
          const toParty = notes.reduce((a: number, n: any) => a + paise(n.credited_to_party), 0);
          expect(noteTotal).toBeLessThanOrEqual(paise(inv.total));
          expect(toParty).toBe(paise(inv.amount_credited));
          if (inv.status === "cancelled") {
            expect(inv.balance_due).toBe(0);
            expect(notes).toHaveLength(0);
            continue;
          }
          const balance = paise(inv.total) - paise(inv.amount_paid) - paise(inv.amount_credited);
          expect(balance).toBe(paise(inv.balance_due));
          expect(balance).toBeGreaterThanOrEqual(0);
          const settled = paise(inv.amount_paid) + paise(inv.amount_credited);
          expect(inv.status).toBe(balance === 0 ? "paid" : settled > 0 ? "partially_paid" : "issued");
        }
        const pen = (await call("retrieveProduct", { path: { id: product.body.id } })).body;
        let moved = 0;
        let cursor: string | undefined;
        do {
          const page = (
            await call("listStockMovements", {
              path: { id: pen.id },
              query: { limit: 100, ...(cursor ? { starting_after: cursor } : {}) },
            })
          ).body;
          for (const m of page.data) moved += Math.round(m.quantity * 1000);
          cursor = page.next_cursor ?? undefined;
        } while (cursor);
        expect(Math.round(pen.stock_on_hand * 1000)).toBe(moved);
      }),
      {
        numRuns: 40,
        examples: [
          // Found by a CI run: a 1% credit of a ₹0.50 sale left amount_credited at zero, and the invoice
          // could then be cancelled with its note standing.
          [
            [
              { op: "invoice", qty: 1, rate: 0.5 },
              { op: "credit_value", at: 0, percent: 1 },
              { op: "cancel", at: 0 },
              { op: "credit_qty", at: 0, qty: 1, restock: false },
            ],
          ],
        ],
      },
    );
  }, 120_000);
});
