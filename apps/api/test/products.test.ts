import { fixtures } from "@bahi/contract";
import { sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { rowsOf } from "../src/db/rows.js";
import { applyStockMovements } from "../src/services/catalogue/stock.js";
import type { CallResult, TestApi } from "./support/api.js";
import { eventsOf } from "./support/events.js";
import { it as base } from "./support/fixtures.js";
import type { Tenant } from "./support/tenants.js";

const it = base
  .extend(
    "create",
    { scope: "file" },
    ({ api, tenant }) =>
      (body: unknown, key = tenant.testKey) =>
        api.call("createProduct", { key, body }),
  )
  .extend(
    "adjust",
    { scope: "file" },
    ({ api, tenant }) =>
      (id: string, body: unknown, key = tenant.testKey) =>
        api.call("createStockAdjustment", { key, path: { id }, body }),
  )
  .extend(
    "movementsOf",
    { scope: "file" },
    ({ api, tenant }) =>
      async (id: string, key = tenant.testKey) =>
        (await api.call("listStockMovements", { key, path: { id }, query: { limit: 100 } })).body.data,
  );

let seq = 0;
const goods = (extra: Record<string, unknown> = {}) => ({
  ...fixtures.ProductCreate,
  sku: `G-${++seq}`,
  ...extra,
});

describe("creating products", () => {
  it("goods with opening stock: the stock is a first movement, and product.created carries it", async ({
    api,
    tenant,
    create,
    movementsOf,
  }) => {
    const res = await create(fixtures.ProductCreate);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      object: "product",
      sku: "PEN-01",
      price: 99.99,
      gst_rate: 18,
      cess_rate: 0,
      hsn_code: "96081019",
      hsn_missing: false,
      unit: "NOS",
      track_stock: true,
      allow_negative_stock: false,
      reorder_level: 50,
      stock_on_hand: 500,
    });
    const movements = await movementsOf(res.body.id);
    expect(movements).toEqual([
      expect.objectContaining({
        kind: "opening",
        quantity: 500,
        stock_after: 500,
        reason: null,
        product_id: res.body.id,
      }),
    ]);
    const created = await eventsOf(api.database.handle.db, tenant.accountId, "product.created");
    expect(created.at(-1)?.object).toEqual(res.body);
  });

  it("a service is measured in NA and carries no stock", async ({ create, movementsOf }) => {
    const res = await create(fixtures.ProductCreateService);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ unit: "NA", track_stock: false, stock_on_hand: 0 });
    expect(await movementsOf(res.body.id)).toEqual([]);
  });

  it("keeps prices and quantities exactly, to three decimals", async ({ create }) => {
    const res = await create(goods({ price: 0.105, opening_stock: 1234567.891, reorder_level: 0.001 }));
    expect(res.body).toMatchObject({ price: 0.105, stock_on_hand: 1234567.891, reorder_level: 0.001 });
    const four = await create(goods({ price: 1.0001 }));
    expect(four.status).toBe(400);
    expect(four.body.errors).toEqual([expect.objectContaining({ pointer: "/price", code: "decimals" })]);
  });

  it("a product without HSN may exist, flagged hsn_missing", async ({ create }) => {
    const res = await create(goods({ hsn_code: null }));
    expect(res.body).toMatchObject({ hsn_code: null, hsn_missing: true });
  });

  it.for([
    [
      "a service in a goods unit",
      { hsn_code: "998719", unit: "NOS", opening_stock: 0 },
      "invalid_unit",
      "/unit",
    ],
    ["goods in NA", { unit: "NA", opening_stock: 0, track_stock: false }, "invalid_unit", "/unit"],
    [
      "NA tracking stock",
      { hsn_code: null, unit: "NA", track_stock: true, opening_stock: 0 },
      "stock_not_allowed",
      "/track_stock",
    ],
    [
      "opening stock without tracking",
      { track_stock: false, opening_stock: 5 },
      "stock_not_allowed",
      "/opening_stock",
    ],
    ["an HSN of chapter 00", { hsn_code: "0012" }, "invalid_hsn", "/hsn_code"],
    ["a rate no longer in force (12% after 22 Sep 2025)", { gst_rate: 12 }, "rate_not_in_force", "/gst_rate"],
    ["a cess after compensation cess ended", { cess_rate: 12 }, "rate_not_in_force", "/cess_rate"],
  ] as const)("422 for %s", async ([_what, extra, code, pointer], { create }) => {
    const res = await create(goods(extra));
    expect(res.status).toBe(422);
    expect(res.body.code).toBe(code);
    expect(res.body.errors).toEqual([expect.objectContaining({ pointer, code })]);
  });

  it("400 for a rate that never existed, an unknown unit, a bad HSN or SKU", async ({ create }) => {
    const res = await create(goods({ gst_rate: 13, unit: "KGX", hsn_code: "12345", sku: "-bad" }));
    expect(res.status).toBe(400);
    const pointers = res.body.errors.map((e: { pointer: string }) => e.pointer);
    expect(pointers).toEqual(expect.arrayContaining(["/gst_rate", "/unit", "/hsn_code", "/sku"]));
  });

  it("409 duplicate_sku naming the product; SKUs differ by case; live mode is separate", async ({
    tenant,
    create,
  }) => {
    const first = await create(goods({ sku: "DUP-1" }));
    const again = await create(goods({ sku: "DUP-1" }));
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: "duplicate_sku", existing_id: first.body.id });
    expect((await create(goods({ sku: "dup-1" }))).status).toBe(201);
    expect((await create(goods({ sku: "DUP-1" }), tenant.liveKey)).status).toBe(201);
  });

  it("the SKU's limit is 40 characters", async ({ create }) => {
    expect((await create(goods({ sku: "S".repeat(40) }))).status).toBe(201);
    const over = await create(goods({ sku: "T".repeat(41) }));
    expect(over.body.errors).toEqual([expect.objectContaining({ pointer: "/sku", code: "pattern" })]);
  });
});

describe("stock is a ledger", () => {
  it("adjustments move stock; stock_on_hand is always the sum of the movements", async ({
    api,
    tenant,
    create,
    adjust,
    movementsOf,
  }) => {
    const product = (await create(goods({ opening_stock: 10 }))).body;
    const down = await adjust(product.id, fixtures.StockAdjustmentCreate);
    expect(down.status).toBe(201);
    expect(down.body).toMatchObject({ kind: "adjustment", quantity: -3, reason: "damage", stock_after: 7 });
    await adjust(product.id, { quantity: 2.5, reason: "count_correction" });
    const movements = await movementsOf(product.id);
    expect(movements.map((m: { kind: string }) => m.kind)).toEqual(["adjustment", "adjustment", "opening"]);
    const sum =
      movements.reduce((total: number, m: { quantity: number }) => total + m.quantity * 1000, 0) / 1000;
    const current = await api.call("retrieveProduct", { key: tenant.testKey, path: { id: product.id } });
    expect(current.body.stock_on_hand).toBe(9.5);
    expect(sum).toBe(9.5);
  });

  it("409 insufficient_stock naming the SKU, and nothing changes", async ({
    api,
    tenant,
    create,
    adjust,
    movementsOf,
  }) => {
    const product = (await create(goods({ opening_stock: 2 }))).body;
    const res = await adjust(product.id, { quantity: -3, reason: "theft" });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "insufficient_stock" });
    expect(res.body.detail).toContain(product.sku);
    expect(await movementsOf(product.id)).toHaveLength(1);
    expect(
      (await api.call("retrieveProduct", { key: tenant.testKey, path: { id: product.id } })).body
        .stock_on_hand,
    ).toBe(2);
    expect((await adjust(product.id, { quantity: -2, reason: "theft" })).body.stock_after).toBe(0);
  });

  it("may go negative where the product allows it", async ({ create, adjust }) => {
    const product = (await create(goods({ opening_stock: 1, allow_negative_stock: true }))).body;
    expect((await adjust(product.id, { quantity: -4, reason: "other" })).body.stock_after).toBe(-3);
  });

  it("never past StockQuantity's minimum, even where the product allows negative stock", async ({
    create,
    adjust,
    movementsOf,
  }) => {
    const product = (await create(goods({ opening_stock: 0, allow_negative_stock: true }))).body;
    expect((await adjust(product.id, { quantity: -9999999999.999, reason: "other" })).body.stock_after).toBe(
      -9999999999.999,
    );
    const res = await adjust(product.id, { quantity: -0.001, reason: "other" });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "insufficient_stock", sku: product.sku });
    expect(res.body.detail).toContain("-9999999999.999");
    expect(await movementsOf(product.id)).toHaveLength(1);
    expect((await adjust(product.id, { quantity: 1, reason: "other" })).body.stock_after).toBe(
      -9999999998.999,
    );
  });

  it("409 stock_above_maximum for an increase past StockQuantity's maximum; the product reads back", async ({
    api,
    tenant,
    create,
    adjust,
    movementsOf,
  }) => {
    const product = (await create(goods({ opening_stock: 9999999999.999 }))).body;
    for (const quantity of [9999999999.999, 0.001]) {
      const res = await adjust(product.id, { quantity, reason: "count_correction" });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: "stock_above_maximum", sku: product.sku });
    }
    expect(await movementsOf(product.id)).toHaveLength(1);
    const read = await api.call("retrieveProduct", { key: tenant.testKey, path: { id: product.id } });
    expect(read.body.stock_on_hand).toBe(9999999999.999);
    expect((await api.call("listProducts", { key: tenant.testKey })).status).toBe(200);
    await adjust(product.id, { quantity: -1, reason: "other" });
    expect((await adjust(product.id, { quantity: 1, reason: "other" })).body.stock_after).toBe(
      9999999999.999,
    );
  });

  it("an increase is made even while stock stays below zero, once negative stock is no longer allowed", async ({
    api,
    tenant,
    create,
    adjust,
  }) => {
    const product = (await create(goods({ opening_stock: 0, allow_negative_stock: true }))).body;
    await adjust(product.id, { quantity: -5, reason: "damage" });
    await api.call("updateProduct", {
      key: tenant.testKey,
      path: { id: product.id },
      body: { allow_negative_stock: false },
    });
    const up = await adjust(product.id, { quantity: 2, reason: "count_correction" });
    expect(up.status).toBe(201);
    expect(up.body.stock_after).toBe(-3);
    const down = await adjust(product.id, { quantity: -1, reason: "other" });
    expect(down.status).toBe(409);
    expect(down.body.code).toBe("insufficient_stock");
  });

  it("concurrent decreases never take more than there is", async ({
    api,
    tenant,
    create,
    adjust,
    movementsOf,
  }) => {
    const product = (await create(goods({ opening_stock: 10 }))).body;
    const results = await Promise.all(
      Array.from({ length: 25 }, () => adjust(product.id, { quantity: -1, reason: "other" })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    expect(results.filter((r) => r.status === 409)).toHaveLength(15);
    const final = await api.call("retrieveProduct", { key: tenant.testKey, path: { id: product.id } });
    expect(final.body.stock_on_hand).toBe(0);
    expect(await movementsOf(product.id)).toHaveLength(11);
  });

  it("a change of stock touches no index (a HOT update), even for a product with a reorder level", async ({
    api,
    tenant,
    create,
  }) => {
    const product = (await create(goods({ opening_stock: 10, reorder_level: 5 }))).body;
    const owner = { accountId: tenant.accountId, livemode: false };
    const counts = await api.database.handle.db.transaction(async (tx) => {
      await applyStockMovements(tx, owner, [{ productId: product.id, quantity: -7000n }], {
        kind: "adjustment",
        reason: "other",
      });
      // This transaction's own counts: the shared statistics are reported later, and not at once.
      const [row] = rowsOf(
        await tx.execute(sql`select pg_stat_get_xact_tuples_updated('products'::regclass)::int as updated,
          pg_stat_get_xact_tuples_hot_updated('products'::regclass)::int as hot`),
      );
      return row;
    });
    expect(counts?.updated).toBeGreaterThan(0);
    expect(counts?.hot).toBe(counts?.updated);
  });

  it("announces product.stock_low once, when stock crosses the reorder level", async ({
    api,
    tenant,
    create,
    adjust,
  }) => {
    const product = (await create(goods({ opening_stock: 10, reorder_level: 5 }))).body;
    await adjust(product.id, { quantity: -4, reason: "other" });
    await adjust(product.id, { quantity: -2, reason: "other" });
    await adjust(product.id, { quantity: -1, reason: "other" });
    const low = (await eventsOf(api.database.handle.db, tenant.accountId, "product.stock_low")).filter(
      (e) => e.object.id === product.id,
    );
    expect(low).toHaveLength(1);
    expect(low[0]?.object.stock_on_hand).toBe(4);
  });

  it("422 stock_not_tracked for a service; 400 for a zero or malformed change; 404 for an unknown product", async ({
    api,
    tenant,
    create,
    adjust,
  }) => {
    const service = (await create({ ...fixtures.ProductCreateService, sku: "SVC-2" })).body;
    const untracked = await adjust(service.id, { quantity: 1, reason: "other" });
    expect(untracked.status).toBe(422);
    expect(untracked.body.code).toBe("stock_not_tracked");
    const product = (await create(goods({ opening_stock: 1 }))).body;
    expect((await adjust(product.id, { quantity: 0, reason: "other" })).status).toBe(400);
    const bad = await adjust(product.id, { quantity: 1, reason: "whim", extra: 1 });
    expect(bad.body.errors.map((e: { pointer: string }) => e.pointer)).toEqual(
      expect.arrayContaining(["/reason", "/extra"]),
    );
    expect((await adjust("prd_missing", { quantity: 1, reason: "other" })).status).toBe(404);
    expect(
      (await api.call("listStockMovements", { key: tenant.testKey, path: { id: "prd_missing" } })).status,
    ).toBe(404);
  });
});

describe("listing products", () => {
  let owner: Tenant;
  it.beforeAll(async ({ newTenant, create }) => {
    owner = await newTenant({ legalName: "Catalogue" });
    await create({ ...fixtures.ProductCreate, opening_stock: 40 }, owner.testKey);
    await create({ ...fixtures.ProductCreateService }, owner.testKey);
    await create(
      { ...fixtures.ProductCreate, sku: "PAD-01", name: "Writing pad", hsn_code: null, opening_stock: 100 },
      owner.testKey,
    );
  });
  const list = (api: TestApi, query: Record<string, string | number | boolean>) =>
    api.call("listProducts", { key: owner.testKey, query });
  const skus = (res: CallResult) => res.body.data.map((p: { sku: string }) => p.sku);

  it("shows stock, newest first, and filters by text, missing HSN and low stock", async ({ api }) => {
    const all = await list(api, {});
    expect(skus(all)).toEqual(["PAD-01", "SVC-INSTALL", "PEN-01"]);
    expect(all.body.data[2].stock_on_hand).toBe(40);
    expect(skus(await list(api, { q: "pen" }))).toEqual(["PEN-01"]);
    expect(skus(await list(api, { q: "pad" }))).toEqual(["PAD-01"]);
    expect(skus(await list(api, { hsn_missing: true }))).toEqual(["PAD-01"]);
    expect(skus(await list(api, { hsn_missing: false }))).toEqual(["SVC-INSTALL", "PEN-01"]);
    expect(skus(await list(api, { low_stock: true }))).toEqual(["PEN-01"]);
    expect(skus(await list(api, { low_stock: false }))).toEqual(["PAD-01", "SVC-INSTALL"]);
    expect(skus(await list(api, { low_stock: true, hsn_missing: true }))).toEqual([]);
  });

  it("pages with a cursor", async ({ api }) => {
    const first = await list(api, { limit: 2 });
    const second = await list(api, { limit: 2, starting_after: first.body.next_cursor });
    expect([...skus(first), ...skus(second)]).toEqual(["PAD-01", "SVC-INSTALL", "PEN-01"]);
    expect(second.body.has_more).toBe(false);
  });

  it("400 for a filter that is not a boolean", async ({ api }) => {
    const res = await list(api, { low_stock: "sometimes" });
    expect(res.body.errors).toEqual([expect.objectContaining({ pointer: "/query/low_stock", code: "type" })]);
  });

  it("other accounts see none of them", async ({ api, tenant }) => {
    const other = await api.call("listProducts", { key: tenant.testKey, query: { q: "pad" } });
    expect(skus(other)).toEqual([]);
  });
});

describe("updating products", () => {
  it("changes apply, stock stays, product.updated is announced", async ({ api, tenant, create }) => {
    const product = (await create(goods({ opening_stock: 7 }))).body;
    const res = await api.call("updateProduct", {
      key: tenant.testKey,
      path: { id: product.id },
      body: fixtures.ProductUpdate,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...product, price: 109.5, updated_at: res.body.updated_at });
    const updated = await eventsOf(api.database.handle.db, tenant.accountId, "product.updated");
    expect(updated.at(-1)?.object).toEqual(res.body);

    // Sent again, the same change changes nothing: the product as it is, no second event.
    const again = await api.call("updateProduct", {
      key: tenant.testKey,
      path: { id: product.id },
      body: { ...fixtures.ProductUpdate, name: product.name },
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
    const after = await eventsOf(api.database.handle.db, tenant.accountId, "product.updated");
    expect(after.filter((e) => e.object.id === product.id)).toHaveLength(1);
  });

  it("the same rules as on create: 422, 409; 404 for unknown ids; stock cannot be set", async ({
    api,
    tenant,
    create,
  }) => {
    const product = (await create(goods())).body;
    const rate = await api.call("updateProduct", {
      key: tenant.testKey,
      path: { id: product.id },
      body: { gst_rate: 28 },
    });
    expect(rate.body.code).toBe("rate_not_in_force");
    const unit = await api.call("updateProduct", {
      key: tenant.testKey,
      path: { id: product.id },
      body: { unit: "NA" },
    });
    expect(unit.body.code).toBe("invalid_unit");
    const sku = await api.call("updateProduct", {
      key: tenant.testKey,
      path: { id: product.id },
      body: { sku: "PEN-01" },
    });
    expect(sku.status).toBe(409);
    const stock = await api.call("updateProduct", {
      key: tenant.testKey,
      path: { id: product.id },
      body: { stock_on_hand: 5 },
    });
    expect(stock.body.errors).toEqual([
      expect.objectContaining({ pointer: "/stock_on_hand", code: "unknown_field" }),
    ]);
    const missing = await api.call("updateProduct", {
      key: tenant.testKey,
      path: { id: "prd_x" },
      body: { name: "x" },
    });
    expect(missing.status).toBe(404);
  });

  it("422 stock_not_allowed for goods holding stock made a service; once adjusted to 0 they may be", async ({
    api,
    tenant,
    create,
    adjust,
  }) => {
    const product = (await create(goods({ opening_stock: 4 }))).body;
    const toService = { hsn_code: "998314", unit: "NA", track_stock: false };
    const refused = await api.call("updateProduct", {
      key: tenant.testKey,
      path: { id: product.id },
      body: toService,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual([
      expect.objectContaining({ pointer: "/unit", code: "stock_not_allowed" }),
    ]);
    expect(refused.body.detail).toContain("(4)");
    expect((await adjust(product.id, { quantity: -4, reason: "damage" })).status).toBe(201);
    const service = await api.call("updateProduct", {
      key: tenant.testKey,
      path: { id: product.id },
      body: toService,
    });
    expect(service.status, JSON.stringify(service.body)).toBe(200);
    expect(service.body).toMatchObject({ unit: "NA", track_stock: false, stock_on_hand: 0 });
  });
});
