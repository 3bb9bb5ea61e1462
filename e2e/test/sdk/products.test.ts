import { fixtures } from "@bahi/contract";
import { ConflictError, NotFoundError, ValidationError } from "@bahi/sdk";
import { describe, expect, it } from "vitest";
import { client, describeOperations } from "./support/client.js";

describe("products", () => {
  const bahi = client();

  it("create goods with opening stock and a service; a SKU is unique", async () => {
    const pen = await bahi.products.create(fixtures.ProductCreate);
    expect(pen).toMatchObject({ object: "product", sku: "PEN-01", track_stock: true, stock_on_hand: 500 });
    const service = await bahi.products.create(fixtures.ProductCreateService);
    expect(service).toMatchObject({ unit: "NA", track_stock: false });

    const duplicate = await bahi.products.create(fixtures.ProductCreate).catch((e: unknown) => e);
    expect(duplicate).toBeInstanceOf(ConflictError);
    expect(duplicate).toMatchObject({ code: "duplicate_sku", existingId: pen.id });
    const stocked = await bahi.products
      .create({ ...fixtures.ProductCreateService, sku: "SVC-2", opening_stock: 5 })
      .catch((e: unknown) => e);
    expect(stocked).toBeInstanceOf(ValidationError);
    expect(stocked).toMatchObject({ status: 422, code: "stock_not_allowed" });
  });

  it("retrieve, update and list with a search", async () => {
    const product = await bahi.products.create({
      ...fixtures.ProductCreate,
      sku: "NB-A5",
      name: "Notebook A5 ruled",
    });
    expect(await bahi.products.retrieve(product.id)).toEqual(product);
    const updated = await bahi.products.update(product.id, fixtures.ProductUpdate);
    expect(updated.price).toBe(fixtures.ProductUpdate.price);
    const found = [];
    for await (const p of bahi.products.list({ q: "Notebook", limit: 1 })) found.push(p.id);
    expect(found).toEqual([product.id]);
  });

  it("adjust stock and read the ledger, newest first; stock may not go below zero", async () => {
    const product = await bahi.products.create({
      ...fixtures.ProductCreate,
      sku: "STAPLER",
      opening_stock: 10,
    });
    const movement = await bahi.products.createStockAdjustment(product.id, fixtures.StockAdjustmentCreate);
    expect(movement).toMatchObject({ object: "stock_movement", kind: "adjustment", quantity: -3 });
    expect((await bahi.products.retrieve(product.id)).stock_on_hand).toBe(7);

    const kinds = [];
    for await (const m of bahi.products.listStockMovements(product.id, { limit: 1 })) kinds.push(m.kind);
    expect(kinds).toEqual(["adjustment", "opening"]);

    const error = await bahi.products
      .createStockAdjustment(product.id, { quantity: -100, reason: "damage" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect(error).toMatchObject({ code: "insufficient_stock" });
  });
});

describeOperations("product rate history", ["listProductRateHistory"], () => {
  const bahi = client();

  it("the periods of a product's rates, newest first, across pages; 404 for an unknown product", async () => {
    const product = await bahi.products.create({ ...fixtures.ProductCreate, sku: "RATES-1" });
    await bahi.products.update(product.id, { gst_rate: 5, rates_effective_from: "2026-03-01" });
    await bahi.products.update(product.id, { gst_rate: 40, rates_effective_from: "2026-08-15" });

    const periods = [];
    for await (const p of bahi.products.listRateHistory(product.id, { limit: 1 })) periods.push(p);
    expect(periods.map((p) => [p.gst_rate, p.valid_from, p.valid_until])).toEqual([
      [40, "2026-08-15", null],
      [5, "2026-03-01", "2026-08-14"],
      [18, null, "2026-02-28"],
    ]);
    expect(periods[0]).toMatchObject({ object: "product_rate_period", product_id: product.id, cess_rate: 0 });

    const missing = await bahi.products
      .listRateHistory("prd_00000000000000000000000000")
      .page.catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(NotFoundError);
  });
});
