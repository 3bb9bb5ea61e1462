import { fixtures } from "@bahi/contract";
import { todayInIst } from "@bahi/gst";
import { pino } from "pino";
import { describe, expect } from "vitest";
import { ImportWorker } from "../src/services/imports/worker.js";
import type { CallResult } from "./support/api.js";
import { it as base } from "./support/fixtures.js";
import { keepEarlierRates } from "./support/rate-history.js";
import { createTenant, keyWithScopes } from "./support/tenants.js";

let seq = 0;
const it = base
  .extend(
    "create",
    { scope: "file" },
    ({ api, tenant }) =>
      async (extra: Record<string, unknown> = {}, key = tenant.testKey) => {
        const res = await api.call("createProduct", {
          key,
          body: { ...fixtures.ProductCreate, sku: `R-${++seq}`, ...extra },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        return res.body;
      },
  )
  .extend(
    "patch",
    { scope: "file" },
    ({ api, tenant }) =>
      async (id: string, body: Record<string, unknown>, key = tenant.testKey) => {
        const res = await api.call("updateProduct", { key, path: { id }, body });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body;
      },
  )
  .extend(
    "history",
    { scope: "file" },
    ({ api, tenant }) =>
      (id: string, query: Record<string, string | number> = {}, key: string | null = tenant.testKey) =>
        api.call("listProductRateHistory", { key, path: { id }, query }),
  )
  /** The periods as [gst_rate, valid_from, valid_until], newest first. */
  .extend("periodsOf", { scope: "file" }, ({ history }) => async (id: string) => {
    const res = await history(id, { limit: 100 });
    expect(res.status).toBe(200);
    expect(res.body.has_more).toBe(false);
    return res.body.data.map((p: Record<string, unknown>) => [p.gst_rate, p.valid_from, p.valid_until]);
  });
const dayBefore = (date: string) => new Date(Date.parse(date) - 86_400_000).toISOString().slice(0, 10);

describe("a product's rate periods", () => {
  it("a product whose rates never changed has one period, open at both ends", async ({
    create,
    patch,
    history,
  }) => {
    const product = await create();
    await patch(product.id, { price: 120 });
    const res = await history(product.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      object: "list",
      data: [
        {
          object: "product_rate_period",
          livemode: false,
          product_id: product.id,
          gst_rate: 18,
          cess_rate: 0,
          valid_from: null,
          valid_until: null,
        },
      ],
      has_more: false,
      next_cursor: null,
    });
  });

  it("two changes of rates: three periods, newest first, each beginning the day after the one before ends", async ({
    create,
    patch,
    history,
    periodsOf,
  }) => {
    const product = await create();
    await patch(product.id, { gst_rate: 5, rates_effective_from: "2026-03-01" });
    const now = await patch(product.id, { gst_rate: 0.25, rates_effective_from: "2026-08-15" });
    expect(await periodsOf(product.id)).toEqual([
      [0.25, "2026-08-15", null],
      [5, "2026-03-01", "2026-08-14"],
      [18, null, "2026-02-28"],
    ]);
    const [current] = (await history(product.id)).body.data;
    expect(current).toMatchObject({ gst_rate: now.gst_rate, cess_rate: now.cess_rate });
    expect(current.valid_from).toBe(now.rates_effective_from);
  });

  it("tells the rate an invoice of each date takes, back-dated ones included", async ({ seller, patch }) => {
    const s = seller;
    const party = await s.party(fixtures.PartyCreate);
    const [pen] = (await s.call("listProducts")).body.data;
    await patch(pen.id, { gst_rate: 5, rates_effective_from: "2026-03-01" }, s.tenant.testKey);
    await patch(pen.id, { gst_rate: 40, rates_effective_from: "2026-08-15" }, s.tenant.testKey);
    const periods = (await s.call("listProductRateHistory", { path: { id: pen.id } })).body.data;
    const rateOn = (date: string) =>
      periods.find(
        (p: { valid_from: string | null; valid_until: string | null }) =>
          (p.valid_from === null || p.valid_from <= date) &&
          (p.valid_until === null || date <= p.valid_until),
      ).gst_rate;
    for (const date of ["2026-02-28", "2026-03-01", "2026-08-14", "2026-08-15", todayInIst(new Date())]) {
      const invoice = await s.call("createInvoice", {
        body: { party_id: party, date, items: [{ sku: "PEN", qty: 1, rate: 100 }] },
      });
      expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
      expect(invoice.body.items[0].gst_rate, date).toBe(rateOn(date));
    }
    expect(periods.map((p: { gst_rate: number }) => p.gst_rate)).toEqual([40, 5, 18]);
  });

  it("a change without a date takes effect today", async ({ create, patch, periodsOf }) => {
    const product = await create();
    await patch(product.id, { gst_rate: 5 });
    const today = todayInIst(new Date());
    expect(await periodsOf(product.id)).toEqual([
      [5, today, null],
      [18, null, dayBefore(today)],
    ]);
  });

  it("a change taking effect the same day as the one before replaces its rates, which applied to no date", async ({
    create,
    patch,
    periodsOf,
  }) => {
    const product = await create();
    await patch(product.id, { gst_rate: 5, rates_effective_from: "2026-03-01" });
    await patch(product.id, { gst_rate: 40, rates_effective_from: "2026-03-01" });
    expect(await periodsOf(product.id)).toEqual([
      [40, "2026-03-01", null],
      [18, null, "2026-02-28"],
    ]);
    // Undone on the day it took effect: neighbouring periods with the same rates, as the spec says.
    await patch(product.id, { gst_rate: 18, rates_effective_from: "2026-03-01" });
    expect(await periodsOf(product.id)).toEqual([
      [18, "2026-03-01", null],
      [18, null, "2026-02-28"],
    ]);
  });

  it("reads rates kept from before GST 2.0, cess included, exactly as the spec's example", async ({
    api,
    tenant,
    create,
    history,
  }) => {
    const product = await create({ gst_rate: 40 });
    const db = api.database.handle.db;
    // A product that existed before 22 September 2025; no request can date a cess after it ended.
    await keepEarlierRates(db, { accountId: tenant.accountId, productId: product.id }, "2025-09-22", {
      gstRate: "28.000",
      cessRate: "12.000",
    });
    const example = fixtures.ProductRatePeriodList;
    expect((await history(product.id)).body).toEqual({
      ...example,
      data: example.data.map((p) => ({ ...p, product_id: product.id })),
    });
  });

  it("pages newest first; each next_cursor is the valid_from of the page's last period", async ({
    create,
    patch,
    history,
  }) => {
    const product = await create();
    await patch(product.id, { gst_rate: 5, rates_effective_from: "2026-01-10" });
    await patch(product.id, { gst_rate: 3, rates_effective_from: "2026-04-01" });
    await patch(product.id, { gst_rate: 40, rates_effective_from: "2026-09-30" });
    const whole = (await history(product.id, { limit: 100 })).body.data;
    expect(whole).toHaveLength(4);
    for (const limit of [1, 2, 3]) {
      const seen = [];
      const cursors = [];
      let page: CallResult = await history(product.id, { limit });
      for (;;) {
        expect(page.status).toBe(200);
        seen.push(...page.body.data);
        if (!page.body.has_more) break;
        expect(page.body.next_cursor).toBe(page.body.data.at(-1).valid_from);
        cursors.push(page.body.next_cursor);
        page = await history(product.id, { limit, starting_after: page.body.next_cursor });
      }
      expect(page.body.next_cursor).toBeNull();
      expect(seen).toEqual(whole);
      expect(cursors).toHaveLength(Math.ceil(4 / limit) - 1);
    }
    // A page holds the periods that ended before the cursor's date.
    const before = await history(product.id, { starting_after: "2026-04-01" });
    expect(before.body.data.map((p: { gst_rate: number }) => p.gst_rate)).toEqual([5, 18]);
    expect((await history(product.id, { starting_after: "2026-01-10" })).body.data).toEqual([whole[3]]);
    expect((await history(product.id, { starting_after: "2025-01-01" })).body).toMatchObject({
      data: [],
      has_more: false,
      next_cursor: null,
    });
  });
});

describe("after a product import", () => {
  it("a changed rate begins a period on the day the import ran; an unchanged one begins none", async ({
    api,
    tenant,
    create,
    periodsOf,
  }) => {
    const worker = new ImportWorker(api.database.handle.db, pino({ level: "silent" }));
    const product = await create({ gst_rate: 18 });
    const importCsv = async (csv: string) => {
      const accepted = await api.call("createProductImport", {
        key: tenant.testKey,
        rawBody: csv,
        headers: { "content-type": "text/csv" },
      });
      expect(accepted.status).toBe(202);
      await worker.drain();
      const done = await api.call("retrieveProductImport", {
        key: tenant.testKey,
        path: { id: accepted.body.id },
      });
      expect(done.body.status).toBe("completed");
    };
    await importCsv(`SKU,Name,GST rate\n${product.sku},,5\n`);
    const today = todayInIst(new Date());
    const expected = [
      [5, today, null],
      [18, null, dayBefore(today)],
    ];
    expect(await periodsOf(product.id)).toEqual(expected);
    await importCsv(`SKU,Name,GST rate,Price\n${product.sku},,5,150\n`);
    expect(await periodsOf(product.id)).toEqual(expected);
  });
});

describe("errors", () => {
  it("404 for an unknown id, another account's product and the other mode's", async ({
    tenant,
    create,
    patch,
    history,
    newTenant,
  }) => {
    const mine = await create();
    await patch(mine.id, { gst_rate: 5, rates_effective_from: "2026-03-01" });
    const unknown = await history("prd_00000000000000000000000000");
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("not_found");
    expect((await history("not-a-product")).status).toBe(404);

    const other = await newTenant({ legalName: "Someone Else Traders" });
    expect((await history(mine.id, {}, other.testKey)).status).toBe(404);
    expect((await history(mine.id, { starting_after: "2026-03-01" }, other.testKey)).status).toBe(404);
    expect((await history(mine.id, {}, tenant.liveKey)).status).toBe(404);

    const live = await create({}, tenant.liveKey);
    const liveHistory = await history(live.id, {}, tenant.liveKey);
    expect(liveHistory.body.data).toEqual([expect.objectContaining({ livemode: true, product_id: live.id })]);
    expect((await history(live.id)).status).toBe(404);
  });

  it("400 for a limit out of range or a cursor that is not a date", async ({ create, history }) => {
    const product = await create();
    for (const [query, pointer] of [
      [{ limit: 0 }, "/query/limit"],
      [{ limit: 101 }, "/query/limit"],
      [{ starting_after: "2026-02-30" }, "/query/starting_after"],
      [{ starting_after: "prd_01jd4p3c4d5e6f7g8h9j0k1m2n" }, "/query/starting_after"],
    ] as const) {
      const res = await history(product.id, query);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("validation_failed");
      expect(res.body.errors).toEqual([expect.objectContaining({ pointer })]);
    }
  });

  it("401 without a valid key; 403 without products:read", async ({ api, tenant, create, history }) => {
    const product = await create();
    const anonymous = await history(product.id, {}, null);
    expect(anonymous.status).toBe(401);
    const unknown = await history(product.id, {}, `sk_test_${"B".repeat(43)}`);
    expect(unknown.status).toBe(401);
    const db = api.database.handle.db;
    const writeOnly = await keyWithScopes(db, tenant.accountId, ["products:write", "invoices:read"]);
    const refused = await history(product.id, {}, writeOnly);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("insufficient_scope");
    expect(refused.body.detail).toContain("products:read");
    const readOnly = await keyWithScopes(db, tenant.accountId, ["products:read"]);
    expect((await history(product.id, {}, readOnly)).status).toBe(200);
  });

  it("429 with Retry-After once the minute's requests are spent", async ({ startApi }) => {
    const limited = await startApi({ rateLimits: { perMinute: 2, perSecond: 100 } });
    const { testKey } = await createTenant(limited.database.handle.db);
    const product = await limited.call("createProduct", { key: testKey, body: fixtures.ProductCreate });
    const id = product.body.id;
    const first = await limited.call("listProductRateHistory", { key: testKey, path: { id } });
    expect(first.status).toBe(200);
    const refused = await limited.call("listProductRateHistory", { key: testKey, path: { id } });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });
});
