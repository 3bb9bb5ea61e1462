// Pages filtered by date or by a search: found among the newest rows, or day by day (datedPage), or
// through the search's index (searchPage), they must hold exactly the rows a plain filter and sort
// would, whichever way was taken.
import { fixtures } from "@bahi/contract";
import { desc, eq, or, type SQL } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect } from "vitest";
import { invoices, products } from "../src/db/schema.js";
import { containsText } from "../src/services/parties/parties.js";
import { datedPage, RECENT_ROWS_SCANNED, searchPage } from "../src/services/shared/sparse-pages.js";
import { it as base } from "./support/fixtures.js";

/** Whose rows the pages are read for: the tenant's, in test mode. */
const it = base.extend("owner", { scope: "file" }, ({ tenant }) => ({
  accountId: tenant.accountId,
  livemode: false,
}));
/** Every invoice made, as the API answered it. */
const made: { id: string; date: string; status: string }[] = [];
/** Every product made (PEN-01 first). */
const stocked: { id: string; name: string; sku: string }[] = [];
/** Words of product names: the old products have some that the newest do not. */
const WORDS = ["Ballpoint", "Notebook", "Stapler", "Marker", "Eraser", "Ruler", "Glue"];

/** Days of the current financial year, so that none is in a closed year or the future. */
const DAYS = Array.from({ length: 40 }, (_, i) => {
  const day = new Date(Date.UTC(2026, 3, 1 + i * 5));
  return day.toISOString().slice(0, 10);
});

it.beforeAll(async ({ call }) => {
  const party = (await call("createParty", { body: fixtures.PartyCreateUnregistered })).body.id;
  const pen = await call("createProduct", { body: { ...fixtures.ProductCreate, opening_stock: 1000 } });
  expect(pen.status).toBe(201);
  stocked.push({ id: pen.body.id, name: pen.body.name, sku: pen.body.sku });
  for (let i = 0; i < 30; i++) {
    const words = i < 15 ? WORDS : WORDS.slice(0, 3);
    const body = {
      ...fixtures.ProductCreate,
      sku: `SK-${i}-${words[i % 5]?.slice(0, 2)}`,
      name: `${words[(i * 3) % words.length]} ${i % 4}`,
    };
    const res = await call("createProduct", { body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    stocked.push({ id: res.body.id, name: body.name, sku: body.sku });
  }
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

interface Query {
  date_from: string | undefined;
  date_to: string | undefined;
  cancelled: boolean;
  limit: number;
  /** The cursor, as an index into the answer without one. */
  after: number | undefined;
}

/** What a plain filter and sort gives: ids newest first. */
function expected(q: Omit<Query, "after" | "limit">, starting_after?: string): string[] {
  return made
    .filter(
      (i) =>
        (!q.date_from || i.date >= q.date_from) &&
        (!q.date_to || i.date <= q.date_to) &&
        (!q.cancelled || i.status === "cancelled") &&
        (!starting_after || i.id < starting_after),
    )
    .map((i) => i.id)
    .sort()
    .reverse();
}

const day = fc.option(fc.constantFrom(...DAYS, "2026-03-01", "2026-12-31"), { nil: undefined });
const query: fc.Arbitrary<Query> = fc
  .record({
    date_from: day,
    date_to: day,
    cancelled: fc.boolean(),
    limit: fc.integer({ min: 1, max: 5 }),
    after: fc.option(fc.nat({ max: 40 }), { nil: undefined }),
  })
  .filter((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to);

describe("pages filtered by date", () => {
  it.for([
    ["day by day (1 recent row read)", 1],
    ["day by day or among 3 recent rows", 3],
    [`among the ${RECENT_ROWS_SCANNED} recent rows`, RECENT_ROWS_SCANNED],
  ] as const)("hold the rows a plain filter gives: %s", async ([, recentRows], { api, owner }) => {
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const all = expected(q);
        const starting_after = q.after === undefined ? undefined : all[q.after % Math.max(all.length, 1)];
        const db = api.database.handle.db;
        const rows = await datedPage(
          invoices,
          owner,
          {
            ...q,
            starting_after,
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
        expect(rows.map((r) => r.id)).toEqual(expected(q, starting_after).slice(0, q.limit + 1));
      }),
      { numRuns: 60 },
    );
  });

  it("page by page through GET /v1/invoices, every invoice of the range once, newest first", async ({
    call,
  }) => {
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
    expect(seen).toEqual(expected({ date_from: range.date_from, date_to: range.date_to, cancelled: false }));
    expect(seen.length).toBeGreaterThan(4);
  });
});

describe("pages of a search", () => {
  const text = fc.oneof(
    fc.constantFrom(...WORDS, "note", "PEN", "sk-1", " 3", "zzz", "e", "%", "_"),
    fc.constantFrom(...WORDS).map((w) => w.slice(1, 4).toLowerCase()),
  );
  it.for([
    ["through the index (1 recent row read)", 1],
    ["through the index or among 4 recent rows", 4],
    [`among the ${RECENT_ROWS_SCANNED} recent rows`, RECENT_ROWS_SCANNED],
  ] as const)("hold the products a plain filter gives: %s", async ([, recentRows], { api, owner }) => {
    await fc.assert(
      fc.asyncProperty(
        text,
        fc.integer({ min: 1, max: 4 }),
        fc.option(fc.nat({ max: 30 })),
        async (q, limit, after) => {
          const lower = q.toLowerCase();
          const all = stocked
            .filter((p) => p.name.toLowerCase().includes(lower) || p.sku.toLowerCase().includes(lower))
            .map((p) => p.id)
            .sort()
            .reverse();
          const starting_after = after === null ? undefined : stocked[after % stocked.length]?.id;
          const db = api.database.handle.db;
          const rows = await searchPage(
            products,
            owner,
            {
              limit,
              starting_after,
              search: or(containsText(products.name, q), containsText(products.sku, q)) as SQL,
              conditions: [],
            },
            (where) =>
              db
                .select({ id: products.id })
                .from(products)
                .where(where)
                .orderBy(desc(products.id))
                .limit(limit + 1),
            recentRows,
          );
          const expected = all.filter((id) => !starting_after || id < starting_after).slice(0, limit + 1);
          expect(rows.map((r) => r.id)).toEqual(expected);
        },
      ),
      { numRuns: 60 },
    );
  });
});
