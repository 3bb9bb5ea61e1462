// Pages filtered by date: found among the newest rows or day by day (datedPage), they must hold
// exactly the rows a plain filter and sort would, whichever way was taken.
import { fixtures } from "@bahi/contract";
import { desc, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices } from "../src/db/schema.js";
import { datedPage, RECENT_ROWS_SCANNED } from "../src/services/dated-pages.js";
import { type CallResult, startTestApi, type TestApi } from "./support/api.js";
import { createTenant } from "./support/tenants.js";

let api: TestApi;
let owner: { accountId: string; livemode: boolean };
let call: (operationId: string, options?: Parameters<TestApi["call"]>[1]) => Promise<CallResult>;
/** Every invoice made, as the API answered it. */
const made: { id: string; date: string; status: string }[] = [];

/** Days of the current financial year, so that none is in a closed year or the future. */
const DAYS = Array.from({ length: 40 }, (_, i) => {
  const day = new Date(Date.UTC(2026, 3, 1 + i * 5));
  return day.toISOString().slice(0, 10);
});

beforeAll(async () => {
  api = await startTestApi();
  const tenant = await createTenant(api.database.handle.db);
  owner = { accountId: tenant.accountId, livemode: false };
  call = (operationId, options = {}) => api.call(operationId, { key: tenant.testKey, ...options });
  const party = (await call("createParty", { body: fixtures.PartyCreateUnregistered })).body.id;
  expect(
    (await call("createProduct", { body: { ...fixtures.ProductCreate, opening_stock: 1000 } })).status,
  ).toBe(201);
  // Dates out of their creation order, as backdated invoices are, with repeats on some days.
  for (let i = 0; i < 36; i++) {
    const date = DAYS[(i * 7) % 9] as string;
    const res = await call("createInvoice", {
      body: { party_id: party, date, items: [{ sku: "PEN-01", qty: 1, rate: 10 + i }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    made.push({ id: res.body.id, date, status: res.body.status });
    if (i % 5 === 0) {
      const cancelled = await call("cancelInvoice", {
        path: { id: res.body.id },
        body: fixtures.InvoiceCancel,
      });
      expect(cancelled.status).toBe(200);
      (made.at(-1) as { status: string }).status = "cancelled";
    }
  }
}, 120_000);
afterAll(() => api.close());

interface Query {
  dateFrom: string | undefined;
  dateTo: string | undefined;
  cancelled: boolean;
  limit: number;
  /** The cursor, as an index into the answer without one. */
  after: number | undefined;
}

/** What a plain filter and sort gives: ids newest first. */
function expected(q: Omit<Query, "after" | "limit">, startingAfter?: string): string[] {
  return made
    .filter(
      (i) =>
        (!q.dateFrom || i.date >= q.dateFrom) &&
        (!q.dateTo || i.date <= q.dateTo) &&
        (!q.cancelled || i.status === "cancelled") &&
        (!startingAfter || i.id < startingAfter),
    )
    .map((i) => i.id)
    .sort()
    .reverse();
}

const day = fc.option(fc.constantFrom(...DAYS, "2026-03-01", "2026-12-31"), { nil: undefined });
const query: fc.Arbitrary<Query> = fc
  .record({
    dateFrom: day,
    dateTo: day,
    cancelled: fc.boolean(),
    limit: fc.integer({ min: 1, max: 5 }),
    after: fc.option(fc.nat({ max: 40 }), { nil: undefined }),
  })
  .filter((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo);

describe("pages filtered by date", () => {
  it.each([
    ["day by day (1 recent row read)", 1],
    ["day by day or among 3 recent rows", 3],
    [`among the ${RECENT_ROWS_SCANNED} recent rows`, RECENT_ROWS_SCANNED],
  ])("hold the rows a plain filter gives: %s", async (_, recentRows) => {
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const all = expected(q);
        const startingAfter = q.after === undefined ? undefined : all[q.after % Math.max(all.length, 1)];
        const db = api.database.handle.db;
        const rows = await datedPage(
          invoices,
          owner,
          {
            ...q,
            startingAfter,
            conditions: [q.cancelled ? eq(invoices.status, "cancelled") : undefined],
          },
          (where) =>
            db
              .select({ id: invoices.id })
              .from(invoices)
              .where(where)
              .orderBy(desc(invoices.id))
              .limit(q.limit + 1),
          recentRows,
        );
        expect(rows.map((r) => r.id)).toEqual(expected(q, startingAfter).slice(0, q.limit + 1));
      }),
      { numRuns: 60 },
    );
  });

  it("page by page through GET /v1/invoices, every invoice of the range once, newest first", async () => {
    const range = { date_from: DAYS[2] as string, date_to: DAYS[6] as string };
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await call("listInvoices", {
        query: { ...range, limit: 2, ...(cursor ? { starting_after: cursor } : {}) },
      });
      expect(res.status).toBe(200);
      seen.push(...res.body.data.map((i: { id: string }) => i.id));
      cursor = res.body.next_cursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(expected({ dateFrom: range.date_from, dateTo: range.date_to, cancelled: false }));
    expect(seen.length).toBeGreaterThan(4);
  });
});
