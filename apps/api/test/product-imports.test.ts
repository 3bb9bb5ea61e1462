import { request as httpRequest } from "node:http";
import { fixtures } from "@bahi/contract";
import { todayInIst } from "@bahi/gst";
import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { pino } from "pino";
import { describe, expect } from "vitest";
import writeXlsxFile, { type SheetData } from "write-excel-file/node";
import { productImportChunks, productImports, productRateHistory, stockMovements } from "../src/db/schema.js";
import { MAX_IMPORT_BYTES } from "../src/http/body.js";
import { setSubscriptionStatus } from "../src/services/accounts/accounts.js";
import { IMPORT_BATCH_SIZE, importNextBatch, MAX_BATCH_ATTEMPTS } from "../src/services/imports/process.js";
import { MAX_IMPORT_LINES, MAX_IMPORT_ROWS, XLSX_MEDIA_TYPE } from "../src/services/imports/read-file.js";
import { ImportWorker } from "../src/services/imports/worker.js";
import { expectConforming, type TestApi } from "./support/api.js";
import { eventsOf } from "./support/events.js";
import { it as base } from "./support/fixtures.js";
import { createTenant, type Tenant } from "./support/tenants.js";

/**
 * What these tests do as an importing business on the file's server. Each test imports into an account
 * of its own (`freshTenant`), so that SKUs and counts never collide; the helpers act for the latest,
 * `importer.tenant`, and `importCsv` runs the file's worker.
 */
function importerOn(api: TestApi, worker: ImportWorker) {
  const importer = { tenant: undefined as unknown as Tenant };

  async function freshTenant(): Promise<Tenant> {
    importer.tenant = await createTenant(api.database.handle.db);
    return importer.tenant;
  }

  const postCsv = (csv: string | Uint8Array, headers: Record<string, string> = {}) =>
    api.call("createProductImport", {
      key: importer.tenant.testKey,
      rawBody: csv,
      headers: { "content-type": "text/csv", ...headers },
    });
  const postXlsx = (bytes: Uint8Array) =>
    api.call("createProductImport", {
      key: importer.tenant.testKey,
      rawBody: bytes,
      headers: { "content-type": XLSX_MEDIA_TYPE },
    });
  const postForm = (form: FormData, headers: Record<string, string> = {}) =>
    api.call("createProductImport", { key: importer.tenant.testKey, rawBody: form, headers });
  /**
   * Sends a body that the server refuses before reading it, on a connection of its own: the server closes
   * that connection rather than read megabytes it has refused, which a pooled socket would carry into
   * the next test's request.
   */
  function postOnItsOwnConnection(body: string): Promise<{ status: number; body: Record<string, unknown> }> {
    return new Promise((resolve, reject) => {
      const request = httpRequest(
        new URL("/v1/products/imports", api.url),
        {
          method: "POST",
          agent: false,
          headers: {
            authorization: `Bearer ${importer.tenant.testKey}`,
            "content-type": "text/csv",
            "content-length": Buffer.byteLength(body),
          },
        },
        (response) => {
          let text = "";
          response.on("data", (chunk) => (text += chunk));
          response.on("end", () => {
            const result = {
              status: response.statusCode ?? 0,
              headers: new Headers(response.headers as Record<string, string>),
              body: JSON.parse(text),
              text,
            };
            expectConforming("createProductImport", result);
            resolve(result);
          });
        },
      );
      // The server may close the connection before the whole body is written: the answer is what counts.
      request.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
      });
      request.end(body);
    });
  }
  const retrieve = (id: string) =>
    api.call("retrieveProductImport", { key: importer.tenant.testKey, path: { id } });
  const errorsCsv = async (id: string) => {
    const res = await api.call<string>("retrieveProductImportErrors", {
      key: importer.tenant.testKey,
      path: { id },
    });
    expect(res.status).toBe(200);
    return res;
  };

  /** Posts a CSV, runs the worker until the queue is empty, and answers the finished import. */
  async function importCsv(csv: string | Uint8Array) {
    const accepted = await postCsv(csv);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(202);
    await worker.drain();
    return (await retrieve(accepted.body.id)).body;
  }

  async function productBySku(sku: string) {
    const list = await api.call("listProducts", {
      key: importer.tenant.testKey,
      query: { q: sku, limit: 100 },
    });
    return list.body.data.find((p: { sku: string }) => p.sku === sku);
  }
  const productCount = async () =>
    (await api.call("listProducts", { key: importer.tenant.testKey, query: { limit: 100 } })).body.data
      .length;
  const movementsOf = async (productId: string) =>
    (
      await api.call("listStockMovements", {
        key: importer.tenant.testKey,
        path: { id: productId },
        query: { limit: 100 },
      })
    ).body.data;

  return Object.assign(importer, {
    freshTenant,
    postCsv,
    postXlsx,
    postForm,
    postOnItsOwnConnection,
    retrieve,
    errorsCsv,
    importCsv,
    productBySku,
    productCount,
    movementsOf,
  });
}

type Importer = ReturnType<typeof importerOn>;

const it = base
  .extend(
    "worker",
    { scope: "file" },
    ({ api }) => new ImportWorker(api.database.handle.db, pino({ level: "silent" })),
  )
  .extend("importer", ({ api, worker }) => importerOn(api, worker));

const xlsx = (data: SheetData, sheets?: { name: string; data: SheetData }[]) =>
  sheets
    ? writeXlsxFile(sheets.map((s) => ({ sheet: s.name, data: s.data }))).toBuffer()
    : writeXlsxFile(data).toBuffer();
const cell = (value: string | number | boolean) => ({ value });

const EXAMPLE_CSV = fixtures.ProductImportCsv as unknown as string;

describe("importing the spec's example CSV", () => {
  it("answers 202 queued with the columns read, then imports each row with its outcome", async ({
    api,
    worker,
    importer,
  }) => {
    const { freshTenant, postCsv, retrieve, errorsCsv, productBySku, movementsOf } = importer;
    await freshTenant();
    await api.call("createProduct", { key: importer.tenant.testKey, body: fixtures.ProductCreate });
    const accepted = await postCsv(EXAMPLE_CSV);
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({
      object: "product_import",
      status: "queued",
      filename: null,
      rows_total: 3,
      rows_done: 0,
      rows: [],
      completed_at: null,
      columns: {
        understood: [
          { header: "SKU", field: "sku" },
          { header: "Item Name", field: "name" },
          { header: "HSN/SAC", field: "hsn_code" },
          { header: "GST %", field: "gst_rate" },
          { header: "Price", field: "price" },
          { header: "Unit", field: "unit" },
          { header: "Opening Stock", field: "stock_on_hand" },
        ],
        ignored: ["Remarks"],
      },
    });
    await worker.drain();
    const done = (await retrieve(accepted.body.id)).body;
    expect(done).toMatchObject({
      status: "completed",
      rows_done: 3,
      counts: { created: 0, updated: 1, flagged: 1, rejected: 1 },
      failure_reason: null,
    });
    expect(done.completed_at).not.toBeNull();
    const [pen, notebook, stapler] = done.rows;
    expect(pen).toMatchObject({ row: 2, outcome: "updated", sku: "PEN-01", column: null, reason: null });
    expect(notebook).toMatchObject({
      row: 3,
      outcome: "flagged",
      sku: "NB-A5",
      column: "HSN/SAC",
      reason: "No HSN code; the product was created with hsn_missing.",
    });
    expect(stapler).toMatchObject({
      row: 4,
      outcome: "rejected",
      sku: "STAPLER",
      product_id: null,
      column: "Price",
    });
    expect(stapler.reason).toBe('"abc" is not a number.');

    const created = await productBySku("NB-A5");
    expect(created).toMatchObject({
      id: notebook.product_id,
      unit: "PCS",
      hsn_missing: true,
      stock_on_hand: 120,
      price: 45,
    });
    expect(await movementsOf(created.id)).toMatchObject([
      { kind: "opening", quantity: 120, source_id: accepted.body.id },
    ]);
    const updated = await productBySku("PEN-01");
    // Blank cells keep the existing value: the pen's opening stock and its 8-digit HSN came from the API.
    expect(updated).toMatchObject({ id: pen.product_id, hsn_code: "9608", stock_on_hand: 500, price: 99.99 });
    expect(await productBySku("STAPLER")).toBeUndefined();

    const errors = await errorsCsv(accepted.body.id);
    expect(errors.headers.get("content-disposition")).toBe(
      `attachment; filename="${accepted.body.id}-errors.csv"`,
    );
    expect(errors.headers.get("x-request-id")).toMatch(/^req_[0-9a-z]{26}$/);
    expect(errors.body).toBe(
      [
        "row,sku,outcome,column,reason",
        "3,NB-A5,flagged,HSN/SAC,No HSN code; the product was created with hsn_missing.",
        '3,NB-A5,flagged,Unit,"""pcs"" was read as PCS."',
        '4,STAPLER,rejected,Price,"""abc"" is not a number."',
        "",
      ].join("\n"),
    );
  });

  it("is idempotent: the same file again updates the same products and moves no stock twice", async ({
    api,
    importer,
  }) => {
    const { freshTenant, importCsv, productBySku, productCount } = importer;
    await freshTenant();
    const first = await importCsv(EXAMPLE_CSV);
    expect(first.counts).toEqual({ created: 1, updated: 0, flagged: 1, rejected: 1 });
    const pen = await productBySku("PEN-01");
    const notebook = await productBySku("NB-A5");
    const db = api.database.handle.db;
    const movements = () =>
      db
        .select()
        .from(stockMovements)
        .where(and(eq(stockMovements.accountId, importer.tenant.accountId)));
    const before = await movements();
    expect(before).toHaveLength(1);

    const second = await importCsv(EXAMPLE_CSV);
    expect(second.counts).toEqual({ created: 0, updated: 1, flagged: 1, rejected: 1 });
    expect(second.rows.map((r: { product_id: string | null }) => r.product_id)).toEqual([
      pen.id,
      notebook.id,
      null,
    ]);
    expect(await productCount()).toBe(2);
    expect(await movements()).toHaveLength(1);
    expect((await productBySku("NB-A5")).stock_on_hand).toBe(120);
    // Nothing changed, so nothing was written: `updated_at` is when the product's fields last changed.
    expect((await productBySku("PEN-01")).updated_at).toBe(pen.updated_at);

    const created = await eventsOf(db, importer.tenant.accountId, "product.created");
    const updated = await eventsOf(db, importer.tenant.accountId, "product.updated");
    expect(created.map((e) => e.object.sku).sort()).toEqual(["NB-A5", "PEN-01"]);
    expect(created.find((e) => e.object.sku === "NB-A5")?.object.stock_on_hand).toBe(120);
    // The second import changed no product's fields: no event, as for a PATCH that changes nothing.
    expect(updated).toEqual([]);
  });
});

describe("forgiving about the file", () => {
  it("reads headers by synonym whatever their case and spacing, Indian numbers, ₹ and a BOM", async ({
    importer,
  }) => {
    const { freshTenant, importCsv, productBySku } = importer;
    await freshTenant();
    const csv =
      "\uFEFF  item code ,PRODUCT NAME,hsn code,GST Rate (%),Selling Price (₹),UQC,qty,Reorder Level,Track Stock,Notes\n" +
      'BIG-1,Steel almirah,9403,18%,"₹1,23,456.50",nos,"1,250",10,yes,x\n' +
      'SVC-1,Installation,998599,18,"Rs. 1,500",,,,,\n';
    const done = await importCsv(csv);
    expect(done.columns.understood.map((c: { field: string }) => c.field)).toEqual([
      "sku",
      "name",
      "hsn_code",
      "gst_rate",
      "price",
      "unit",
      "stock_on_hand",
      "reorder_level",
      "track_stock",
    ]);
    expect(done.columns.ignored).toEqual(["Notes"]);
    expect(done.counts).toEqual({ created: 1, updated: 0, flagged: 1, rejected: 0 });
    expect(done.rows[0]).toMatchObject({
      outcome: "flagged",
      column: "UQC",
      reason: '"nos" was read as NOS.',
    });
    expect(await productBySku("BIG-1")).toMatchObject({
      price: 123456.5,
      gst_rate: 18,
      unit: "NOS",
      stock_on_hand: 1250,
      reorder_level: 10,
      track_stock: true,
    });
    // A service takes NA when its unit is left blank: it is the only unit a service can have.
    expect(await productBySku("SVC-1")).toMatchObject({
      price: 1500,
      unit: "NA",
      track_stock: false,
      stock_on_hand: 0,
    });
  });

  it("reads an Excel file's first sheet, with numbers, percentage cells and HSN codes as number cells", async ({
    worker,
    importer,
  }) => {
    const { freshTenant, postXlsx, retrieve, errorsCsv, productBySku } = importer;
    await freshTenant();
    const book = await xlsx([
      ["SKU", "Item Name", "HSN/SAC", "GST %", "Price", "Unit", "Opening Stock"].map(cell),
      [cell("X-1"), cell("Ghee 1 L"), cell(401), cell(0.05), cell(612.5), cell("LTR"), cell(40)],
      [null, null, null, null, null, null, null],
      [cell("X-2"), cell("Chair"), cell(9401), cell(18), cell(0.1), cell("PCS"), cell(2.125)],
    ]);
    const accepted = await postXlsx(book);
    expect(accepted.status).toBe(202);
    expect(accepted.body.rows_total).toBe(2);
    await worker.drain();
    const done = (await retrieve(accepted.body.id)).body;
    expect(done.counts).toEqual({ created: 1, updated: 0, flagged: 1, rejected: 0 });
    expect(done.rows.map((r: { row: number }) => r.row)).toEqual([2, 4]);
    expect((await errorsCsv(done.id)).body).toBe(
      [
        "row,sku,outcome,column,reason",
        '2,X-1,flagged,HSN/SAC,"""401"" was read as 0401."',
        '2,X-1,flagged,GST %,"""0.05"" was read as 5% (a percentage cell)."',
        "",
      ].join("\n"),
    );
    expect(await productBySku("X-1")).toMatchObject({
      hsn_code: "0401",
      gst_rate: 5,
      price: 612.5,
      stock_on_hand: 40,
    });
    expect(await productBySku("X-2")).toMatchObject({ price: 0.1, stock_on_hand: 2.125 });
  });

  it("reads the worksheet a form names, keeps the file name, and refuses a sheet the workbook lacks", async ({
    worker,
    importer,
  }) => {
    const { freshTenant, postForm, retrieve } = importer;
    await freshTenant();
    const book = await xlsx(
      [],
      [
        { name: "Notes", data: [[cell("nothing to import")]] },
        {
          name: "Products",
          data: [
            ["SKU", "Name", "Price", "GST", "Unit", "HSN"].map(cell),
            ["P-1", "Pen", 10, 18, "NOS", "9608"].map(cell),
          ],
        },
      ],
    );
    const form = new FormData();
    form.set("file", new Blob([book], { type: XLSX_MEDIA_TYPE }), "catalogue.xlsx");
    form.set("sheet", "Products");
    const accepted = await postForm(form);
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({ filename: "catalogue.xlsx", rows_total: 1 });
    await worker.drain();
    expect((await retrieve(accepted.body.id)).body.counts.created).toBe(1);

    form.set("sheet", "Stock");
    const missing = await postForm(form);
    expect(missing.status).toBe(422);
    expect(missing.body).toMatchObject({ code: "sheet_not_found" });

    const first = new FormData();
    first.set("file", new Blob([book]), "catalogue.xlsx");
    const noColumns = await postForm(first);
    expect(noColumns.status).toBe(422);
    expect(noColumns.body.code).toBe("missing_columns");
  });

  it("takes a CSV as a form too", async ({ importer }) => {
    const { freshTenant, postForm } = importer;
    await freshTenant();
    const form = new FormData();
    form.set("file", new Blob([EXAMPLE_CSV], { type: "text/csv" }), "products.csv");
    const accepted = await postForm(form);
    expect(accepted.status).toBe(202);
    expect(accepted.body).toMatchObject({ filename: "products.csv", rows_total: 3 });
  });
});

describe("strict about the data", () => {
  it("rejects each bad row with its row, column and reason, and imports the good ones", async ({
    importer,
  }) => {
    const { freshTenant, errorsCsv, importCsv, productCount } = importer;
    await freshTenant();
    const csv = [
      "SKU,Name,HSN,GST %,Price,Unit,Stock,Cess",
      "OK-1,Fine,9608,18,10,NOS,5,",
      "BAD-RATE,Old slab,9608,28,10,NOS,,",
      "BAD-RATE2,Typo,9608,17.5,10,NOS,,",
      "NEG,Negative,9608,18,-5,NOS,,",
      "OK-1,Again,9608,18,12,NOS,,",
      "UNIT,Odd unit,9608,18,10,bushels,,",
      "SVC,Consulting,998311,18,1000,NOS,,",
      "NONAME,,9608,18,10,NOS,,",
      "bad sku!,Spaces,9608,18,10,NOS,,",
      ",No SKU,9608,18,10,NOS,,",
      "HSN-00,Chapter zero,0012,18,10,NOS,,",
      "CESS,Cess after 2026,9608,18,10,NOS,,12",
      "DEC,Too precise,9608,18,1.2345,NOS,,",
      "MANY,,9608,abc,-1,xyz,-3,",
    ].join("\n");
    const done = await importCsv(csv);
    expect(done.counts).toEqual({ created: 1, updated: 0, flagged: 0, rejected: 13 });
    const byRow = Object.fromEntries(done.rows.map((r: { row: number }) => [r.row, r]));
    expect(byRow[2]).toMatchObject({ outcome: "created", sku: "OK-1" });
    const expectRejected = (row: number, column: string | null, reason: RegExp) => {
      expect(byRow[row]).toMatchObject({ outcome: "rejected", product_id: null, column });
      expect(byRow[row].reason).toMatch(reason);
    };
    expectRejected(
      3,
      "GST %",
      /^28% is not a GST rate in force today; the rates are 0, 0\.25, 3, 5, 18, 40\.$/,
    );
    expectRejected(4, "GST %", /17\.5% is not a GST rate/);
    expectRejected(5, "Price", /^A price cannot be negative/);
    expectRejected(6, "SKU", /^SKU OK-1 is already on row 2 of this file\.$/);
    expectRejected(7, "Unit", /^"bushels" is not a unit/);
    expectRejected(8, "Unit", /^A service \(SAC 998311\) is measured in NA/);
    expectRejected(9, "Name", /^No name: a new product needs one\.$/);
    expectRejected(10, "SKU", /is not a SKU/);
    expectRejected(11, "SKU", /^No SKU/);
    expectRejected(12, "HSN", /no HSN chapter 00/);
    expectRejected(13, "Cess", /compensation cess ended/);
    expectRejected(14, "Price", /more than 3 decimal places/);
    const errors = (await errorsCsv(done.id)).body.trim().split("\n");
    // Every problem of a row is a line of its own: row 15 has five.
    expect(errors.filter((line) => line.startsWith("15,"))).toEqual([
      "15,MANY,rejected,Name,No name: a new product needs one.",
      '15,MANY,rejected,GST %,"""abc"" is not a number."',
      '15,MANY,rejected,Price,"A price cannot be negative (""-1"")."',
      '15,MANY,rejected,Unit,"""xyz"" is not a unit the GST portal knows (a UQC such as NOS, PCS, KGS, LTR, BOX, or NA for services)."',
      '15,MANY,rejected,Stock,"Stock cannot be negative (""-3"")."',
    ]);
    expect(await productCount()).toBe(1);
  });

  it("updates by SKU: blank cells keep values, and stock is set through an import movement", async ({
    api,
    importer,
  }) => {
    const { freshTenant, importCsv, productBySku, movementsOf } = importer;
    await freshTenant();
    const created = await api.call("createProduct", {
      key: importer.tenant.testKey,
      body: { ...fixtures.ProductCreate, sku: "UPD-1", opening_stock: 10, reorder_level: 5 },
    });
    const done = await importCsv("SKU,Name,Price,Stock on hand\nUPD-1,,149.5,4\n");
    expect(done.rows[0]).toMatchObject({ outcome: "updated", product_id: created.body.id });
    const product = await productBySku("UPD-1");
    expect(product).toMatchObject({
      name: created.body.name,
      price: 149.5,
      hsn_code: created.body.hsn_code,
      stock_on_hand: 4,
    });
    const [latest] = await movementsOf(created.body.id);
    expect(latest).toMatchObject({ kind: "import", quantity: -6, stock_after: 4, source_id: done.id });
    // Crossing the reorder level through an import warns as any other movement does.
    const low = await eventsOf(api.database.handle.db, importer.tenant.accountId, "product.stock_low");
    expect(low.map((e) => e.object.sku)).toEqual(["UPD-1"]);
    // Stock alone is no change of the product's own fields: the movement, but no product.updated.
    await importCsv("SKU,Name,Stock on hand\nUPD-1,,3\n");
    expect((await productBySku("UPD-1")).stock_on_hand).toBe(3);
    const updated = await eventsOf(api.database.handle.db, importer.tenant.accountId, "product.updated");
    expect(updated.map((e) => e.object.price)).toEqual([149.5]);
  });

  it("a changed rate applies from today: the rates before are kept for invoices dated earlier", async ({
    api,
    importer,
  }) => {
    const { freshTenant, importCsv, productBySku } = importer;
    await freshTenant();
    const created = await api.call("createProduct", {
      key: importer.tenant.testKey,
      body: { ...fixtures.ProductCreate, sku: "RATE-1", gst_rate: 18 },
    });
    expect(created.body.rates_effective_from).toBeNull();
    await importCsv("SKU,Name,GST rate\nRATE-1,,5\n");
    expect(await productBySku("RATE-1")).toMatchObject({
      gst_rate: 5,
      rates_effective_from: todayInIst(new Date()),
    });
    const kept = await api.database.handle.db
      .select()
      .from(productRateHistory)
      .where(eq(productRateHistory.productId, created.body.id));
    expect(kept).toEqual([
      expect.objectContaining({ validUntil: todayInIst(new Date()), gstRate: "18.000" }),
    ]);
    // The same file again changes no rate, and records nothing.
    await importCsv("SKU,Name,GST rate\nRATE-1,,5\n");
    expect(
      await api.database.handle.db
        .select()
        .from(productRateHistory)
        .where(eq(productRateHistory.productId, created.body.id)),
    ).toHaveLength(1);
  });

  it("refuses stock for a product that cannot track it", async ({ importer }) => {
    const { freshTenant, importCsv } = importer;
    await freshTenant();
    const done = await importCsv(
      "SKU,Name,Price,GST,Unit,HSN,Opening Stock,Track Stock\nS-1,Audit,500,18,NA,998221,3,\nS-2,Box,5,18,BOX,4819,2,no\n",
    );
    expect(done.rows.map((r: { outcome: string; column: string }) => [r.outcome, r.column])).toEqual([
      ["rejected", "Opening Stock"],
      ["rejected", "Opening Stock"],
    ]);
  });
});

describe("any CSV", () => {
  /** Names every JavaScript object answers to: a cell holding one must mean no more than any word. */
  const INHERITED = ["constructor", "toString", "__proto__", "hasOwnProperty"];
  /** Columns as spreadsheets name them: values right for them (4 in 5), and wrong or odd ones. */
  const right = (valid: fc.Arbitrary<string>, wrong: fc.Arbitrary<string>) =>
    fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: wrong });
  const columns: Record<string, fc.Arbitrary<string>> = {
    SKU: right(
      fc.stringMatching(/^[A-Z][A-Z0-9-]{0,5}$/),
      fc.constantFrom("-X", "", "PEN 01", "a".repeat(41)),
    ),
    "Item Name": right(fc.constantFrom("Pen", "नोटबुक", "Steel coil, 2 mm"), fc.string({ maxLength: 300 })),
    "HSN/SAC": right(
      fc.constantFrom("9608", "96081019", "998719"),
      fc.constantFrom("12", "abcd", "", "960810191", ...INHERITED),
    ),
    "GST %": right(
      fc.constantFrom("0", "5", "18", "18%", "40"),
      fc.constantFrom("12", "abc", "", "-5", "0.1", ...INHERITED),
    ),
    Price: right(
      fc.integer({ min: 0, max: 10_000_000 }).map((paise) => (paise / 100).toFixed(2)),
      fc.oneof(
        fc.constantFrom("-1", "1e3", "12.345", "1,234.50", "₹100", "NaN", ""),
        fc.double().map(String),
      ),
    ),
    Unit: right(fc.constantFrom("NOS", "KGS", "NA", "pcs", "kg"), fc.constantFrom("", "XYZ", ...INHERITED)),
    "Opening Stock": right(
      fc.integer({ min: 0, max: 1_000_000 }).map(String),
      fc.constantFrom("-3", "1.2345", "many"),
    ),
    "Reorder Level": right(fc.constantFrom("0", "5", ""), fc.constantFrom("-1", "x")),
    Cess: right(fc.constantFrom("0", ""), fc.constantFrom("12.5", "yes")),
    "Track Stock": right(
      fc.constantFrom("yes", "no", "Y", "N", ""),
      fc.constantFrom("maybe", "2", ...INHERITED),
    ),
    Description: fc.string({ maxLength: 60 }),
    Remarks: fc.string({ maxLength: 20 }),
  };
  /** What a new product needs, in every file; the other columns come and go. */
  const needed = ["SKU", "Item Name", "Price", "GST %", "Unit", "HSN/SAC"];
  const optional = Object.keys(columns).filter((name) => !needed.includes(name));
  const quoted = (cell: string) => `"${cell.replaceAll('"', '""')}"`;
  const tables = fc.shuffledSubarray(optional).chain((others) => {
    const header = [...needed, ...others];
    return fc
      .array(fc.tuple(...header.map((name) => columns[name] as fc.Arbitrary<string>)), {
        minLength: 1,
        maxLength: 12,
      })
      .map((rows) => [header, ...rows]);
  });
  const csvOf = (table: string[][]) => table.map((row) => row.map(quoted).join(",")).join("\r\n");
  const csvs = tables.map(csvOf);

  it("is refused up front, or imported to the end: every row an outcome, nothing failed", async ({
    worker,
    importer,
  }) => {
    const { freshTenant, postCsv, retrieve, errorsCsv } = importer;
    await freshTenant();
    await fc.assert(
      fc.asyncProperty(csvs, async (csv) => {
        const accepted = await postCsv(csv);
        expect([202, 422], JSON.stringify(accepted.body)).toContain(accepted.status);
        if (accepted.status !== 202) return;
        await worker.drain();
        const done = (await retrieve(accepted.body.id)).body;
        const { created, updated, flagged, rejected } = done.counts;
        expect(done, csv).toMatchObject({
          status: "completed",
          rows_done: done.rows_total,
          failure_reason: null,
        });
        expect(created + updated + flagged + rejected).toBe(done.rows_total);
        await errorsCsv(accepted.body.id);
      }),
      { numRuns: 25 },
    );
  });

  /**
   * A spreadsheet keeps a number typed into a numeric column as a number, and yes or no in a
   * column of checkboxes as a boolean: the workbook holds those cells so (when `typed`), the rest as
   * text. Only plain decimals whose number is the same value (no leading zero, no `-0`) are numbers.
   */
  const NUMERIC_COLUMNS = new Set(["Price", "GST %", "Opening Stock", "Reorder Level", "Cess"]);
  const BOOLEANS: Record<string, boolean> = { yes: true, Y: true, no: false, N: false };
  const workbookCell = (column: string, text: string, typed: boolean) => {
    if (typed && NUMERIC_COLUMNS.has(column) && /^(0|[1-9]\d{0,14})(\.\d{1,3})?$/.test(text))
      return cell(Number(text));
    if (typed && column === "Track Stock" && Object.hasOwn(BOOLEANS, text))
      return cell(BOOLEANS[text] as boolean);
    return cell(text);
  };
  /** What an import did, row by row, without its ids and times. */
  const outcomeOf = async ({ retrieve, errorsCsv, tenant }: Importer, api: TestApi, id: string) => {
    const done = (await retrieve(id)).body;
    const products = (
      await api.call("listProducts", { key: tenant.testKey, query: { limit: 100 } })
    ).body.data.map(
      ({ id: _id, created_at: _c, updated_at: _u, ...product }: Record<string, unknown>) => product,
    );
    return { counts: done.counts, rows_total: done.rows_total, errors: (await errorsCsv(id)).body, products };
  };

  it("imports a workbook as it imports the same rows as CSV, numbers and yes/no stored as such", async ({
    api,
    worker,
    importer,
  }) => {
    const { freshTenant, postCsv, postXlsx } = importer;
    await fc.assert(
      fc.asyncProperty(tables, fc.boolean(), async (drawn, typed) => {
        // write-excel-file 4.1.1 finds shared strings in a plain object: for `toString` and the other
        // names of Object.prototype it writes a function's source instead, an unreadable workbook.
        // Both files get another text there.
        const table = drawn.map((row) => row.map((text) => (text in Object.prototype ? `${text}!` : text)));
        const [header = []] = table;
        const book = await xlsx(
          table.map((row, r) => row.map((text, c) => workbookCell(header[c] ?? "", text, r > 0 && typed))),
        );
        const csvTenant = await freshTenant();
        const fromCsv = await postCsv(csvOf(table));
        const bookTenant = await freshTenant();
        const fromBook = await postXlsx(book);
        expect(fromBook.status, JSON.stringify(fromBook.body)).toBe(fromCsv.status);
        if (fromCsv.status !== 202) {
          expect(fromBook.body.code).toBe(fromCsv.body.code);
          return;
        }
        await worker.drain();
        const bookOutcome = await outcomeOf(importer, api, fromBook.body.id);
        importer.tenant = csvTenant;
        const csvOutcome = await outcomeOf(importer, api, fromCsv.body.id);
        importer.tenant = bookTenant;
        expect(bookOutcome, csvOf(table)).toEqual(csvOutcome);
      }),
      { numRuns: 25 },
    );
  });
});

describe("refusing a file up front, importing nothing", () => {
  const refused = async (
    { productCount }: Importer,
    res: Awaited<ReturnType<Importer["postCsv"]>>,
    status: number,
    code: string,
  ) => {
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect(res.body.code).toBe(code);
    expect(await productCount()).toBe(0);
  };

  it("binary garbage, a truncated workbook, a workbook sent as CSV, text that is not UTF-8", async ({
    importer,
  }) => {
    const { freshTenant, postCsv, postXlsx } = importer;
    await freshTenant();
    const garbage = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256);
    await refused(importer, await postCsv(garbage), 422, "unreadable_file");
    await refused(importer, await postXlsx(garbage), 422, "unreadable_file");
    const book = await xlsx([["SKU", "Name"].map(cell), ["A", "B"].map(cell)]);
    await refused(
      importer,
      await postXlsx(book.subarray(0, Math.floor(book.length / 2))),
      422,
      "unreadable_file",
    );
    await refused(importer, await postXlsx(book.subarray(0, book.length - 10)), 422, "unreadable_file");
    const latin1 = Uint8Array.from([...Buffer.from("SKU,Name\nA,Caf"), 0xe9, 0x0a]);
    const notUtf8 = await postCsv(latin1);
    await refused(importer, notUtf8, 422, "unreadable_file");
    expect(notUtf8.body.detail).toMatch(/not UTF-8/);
  });

  it("a workbook whose central directory understates its sizes", async ({ importer }) => {
    const { freshTenant, postXlsx } = importer;
    await freshTenant();
    const book = Buffer.from(await xlsx([["SKU", "Name"].map(cell), ["A", "B"].map(cell)]));
    // Every central-directory entry declares 1 byte unzipped: what Excel reads, but the parser does not.
    const end = book.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    for (let at = book.readUInt32LE(end + 16); at < end; ) {
      book.writeUInt32LE(1, at + 24);
      at += 46 + book.readUInt16LE(at + 28) + book.readUInt16LE(at + 30) + book.readUInt16LE(at + 32);
    }
    const lied = await postXlsx(book);
    await refused(importer, lied, 422, "unreadable_file");
    expect(lied.body.detail).toMatch(/not a readable .xlsx/);
  });

  it("a CSV with mixed column counts names the row", async ({ importer }) => {
    const { freshTenant, postCsv } = importer;
    await freshTenant();
    const longer = await postCsv("SKU,Name,Price\nA,Pen,10\nB,Pencil,5,extra\n");
    await refused(importer, longer, 422, "unreadable_file");
    expect(longer.body.detail).toMatch(
      /^Row 3 of the file has values in 4 columns, but the header row names 3\.$/,
    );
    const shorter = await postCsv("SKU,Name,Price\nA,Pen\n");
    await refused(importer, shorter, 422, "unreadable_file");
    expect(shorter.body.detail).toMatch(/^Row 2 has 2 cells/);
    await refused(importer, await postCsv('SKU,Name\n"A,Pen\n'), 422, "unreadable_file");
    // Blank trailing cells past the header are what spreadsheets export: they are fine.
    expect((await postCsv("SKU,Name,GST,Price,Unit\nA,Pen,18,5,NOS,,\n")).status).toBe(202);
  });

  it("an empty file, and a header without SKU or name", async ({ importer }) => {
    const { freshTenant, postCsv } = importer;
    await freshTenant();
    await refused(importer, await postCsv("\n\n"), 422, "unreadable_file");
    const missing = await postCsv("Code Name,Title,Price\nA,B,1\n");
    await refused(importer, missing, 422, "missing_columns");
    expect(missing.body.detail).toMatch(/no sku column/);
  });

  it("400 for a form without a file, 415 for another content type", async ({ api, importer }) => {
    const { freshTenant, postCsv, postForm } = importer;
    await freshTenant();
    const form = new FormData();
    form.set("sheet", "Products");
    const noFile = await postForm(form);
    expect(noFile.status).toBe(400);
    expect(noFile.body.errors).toEqual([expect.objectContaining({ pointer: "/file", code: "required" })]);
    const longSheet = new FormData();
    longSheet.set("file", new Blob([EXAMPLE_CSV], { type: "text/csv" }), "products.csv");
    longSheet.set("sheet", "S".repeat(32));
    const badSheet = await postForm(longSheet);
    expect(badSheet.status).toBe(400);
    expect(badSheet.body.errors).toEqual([
      expect.objectContaining({ pointer: "/sheet", code: "invalid_sheet" }),
    ]);
    const json = await api.call("createProductImport", { key: importer.tenant.testKey, body: { file: "x" } });
    expect(json.status).toBe(415);
    expect(json.body.code).toBe("unsupported_media_type");
    const plain = await postCsv(EXAMPLE_CSV, { "content-type": "text/plain" });
    expect(plain.status).toBe(415);
    const none = await api.call("createProductImport", { key: importer.tenant.testKey });
    expect(none.status).toBe(400);
  });

  it("401 without a key, 402 for a live import while the subscription is paused", async ({
    api,
    importer,
  }) => {
    const { freshTenant, postCsv } = importer;
    await freshTenant();
    const anonymous = await api.call("createProductImport", {
      rawBody: EXAMPLE_CSV,
      headers: { "content-type": "text/csv" },
    });
    expect(anonymous.status).toBe(401);
    await setSubscriptionStatus(api.database.handle.db, importer.tenant.accountId, "paused");
    const paused = await api.call("createProductImport", {
      key: importer.tenant.liveKey,
      rawBody: EXAMPLE_CSV,
      headers: { "content-type": "text/csv" },
    });
    expect(paused.status).toBe(402);
    expect(paused.body.code).toBe("subscription_paused");
    // Test mode is never charged.
    expect((await postCsv(EXAMPLE_CSV)).status).toBe(202);
  });

  it("404 for an import of another account, or none", async ({ api, importer }) => {
    const { freshTenant, postCsv } = importer;
    await freshTenant();
    const accepted = await postCsv(EXAMPLE_CSV);
    await freshTenant();
    for (const operationId of ["retrieveProductImport", "retrieveProductImportErrors"]) {
      const foreign = await api.call(operationId, {
        key: importer.tenant.testKey,
        path: { id: accepted.body.id },
      });
      expect(foreign.status).toBe(404);
      const none = await api.call(operationId, {
        key: importer.tenant.testKey,
        path: { id: "imp_zzzzzzzzzzzzzzzzzzzzzzzzzz" },
      });
      expect(none.body).toMatchObject({ status: 404, code: foreign.body.code });
    }
  });
});

describe("limits", () => {
  // The files accepted here are not for importing: no later test's worker should wade through them.
  it.afterEach(({ api, importer }) =>
    api.database.handle.db
      .delete(productImports)
      .where(eq(productImports.accountId, importer.tenant.accountId)),
  );

  const rowsCsv = (rows: number) => {
    const lines = ["SKU,Name,Price,GST,Unit"];
    for (let i = 0; i < rows; i++) lines.push(`L-${i},Item ${i},1,18,NOS`);
    return `${lines.join("\n")}\n`;
  };

  it(`takes exactly MAX_IMPORT_ROWS (${MAX_IMPORT_ROWS}) data rows and refuses one more (422)`, async ({
    importer,
  }) => {
    const { freshTenant, postCsv } = importer;
    await freshTenant();
    const exactly = await postCsv(rowsCsv(MAX_IMPORT_ROWS));
    expect(exactly.status).toBe(202);
    expect(exactly.body.rows_total).toBe(MAX_IMPORT_ROWS);
    const over = await postCsv(rowsCsv(MAX_IMPORT_ROWS + 1));
    expect(over.status).toBe(422);
    expect(over.body.code).toBe("too_many_rows");
    // Blank lines are not rows: a file padded with them is not refused for it.
    expect((await postCsv(`${rowsCsv(MAX_IMPORT_ROWS)}\n\n,,,,\n`)).status).toBe(202);
  });

  it(`takes a CSV of exactly MAX_IMPORT_LINES (${MAX_IMPORT_LINES}) lines, blank ones included, and refuses one more (422)`, async ({
    importer,
  }) => {
    const { freshTenant, postCsv } = importer;
    await freshTenant();
    const padded = `${rowsCsv(10)}${"\n".repeat(MAX_IMPORT_LINES - 11)}`;
    const exactly = await postCsv(padded);
    expect(exactly.status).toBe(202);
    expect(exactly.body.rows_total).toBe(10);
    const over = await postCsv(`${padded}\n`);
    expect(over.status).toBe(422);
    expect(over.body.code).toBe("too_many_rows");
  });

  it(`takes a body of exactly MAX_IMPORT_BYTES (${MAX_IMPORT_BYTES}) and refuses one byte more (413)`, async ({
    importer,
  }) => {
    const { freshTenant, postCsv, postOnItsOwnConnection } = importer;
    await freshTenant();
    const head = "SKU,Name,Price,GST,Unit,Remarks\n";
    const line = (i: number, pad: number) => `M-${i},Item,1,18,NOS,${"x".repeat(pad)}\n`;
    const sized = (size: number) => {
      const lines = [head];
      let length = head.length;
      let i = 0;
      while (length + 2 * line(i, 1000).length < size) {
        const next = line(i++, 1000);
        lines.push(next);
        length += next.length;
      }
      lines.push(line(i, size - length - line(i, 0).length));
      return lines.join("");
    };
    const exactly = sized(MAX_IMPORT_BYTES);
    expect(Buffer.byteLength(exactly)).toBe(MAX_IMPORT_BYTES);
    expect((await postCsv(exactly)).status).toBe(202);
    const over = await postOnItsOwnConnection(sized(MAX_IMPORT_BYTES + 1));
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({
      code: "payload_too_large",
      detail: `The body exceeds ${MAX_IMPORT_BYTES} bytes.`,
    });
  });
});

describe("background processing", () => {
  it("works in batches, showing progress, and a second worker goes on where the first stopped", async ({
    api,
    worker,
    importer,
  }) => {
    const { freshTenant, postCsv, retrieve } = importer;
    await freshTenant();
    const rows = IMPORT_BATCH_SIZE * 2 + 500;
    const lines = ["SKU,Name,Price,GST,Unit,HSN,Opening Stock"];
    for (let i = 0; i < rows; i++) lines.push(`B-${i},Item ${i},"1,000.50",18,NOS,9608,${i % 3}`);
    const accepted = await postCsv(`${lines.join("\n")}\n`);
    const db = api.database.handle.db;
    const first = await importNextBatch(db, () => new Date(), {
      ...importer.tenant,
      livemode: false,
      id: accepted.body.id,
    });
    expect(first).toMatchObject({ importId: accepted.body.id, rowsDone: IMPORT_BATCH_SIZE, finished: false });
    const partway = (await retrieve(accepted.body.id)).body;
    expect(partway).toMatchObject({ status: "processing", rows_done: IMPORT_BATCH_SIZE, completed_at: null });
    expect(partway.rows).toHaveLength(IMPORT_BATCH_SIZE);

    const another = new ImportWorker(db, pino({ level: "silent" }));
    await Promise.all([another.drain(), worker.drain()]);
    const done = (await retrieve(accepted.body.id)).body;
    expect(done).toMatchObject({
      status: "completed",
      rows_done: rows,
      counts: { created: rows, updated: 0, flagged: 0, rejected: 0 },
    });
    expect(done.rows).toHaveLength(1000);
    const opening = await db
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.accountId, importer.tenant.accountId));
    expect(opening).toHaveLength(rows - Math.ceil(rows / 3));
    expect((await eventsOf(db, importer.tenant.accountId, "product.created")).length).toBe(rows);
  });

  it("an import whose batches keep failing ends failed, with the rows before kept", async ({
    api,
    importer,
  }) => {
    const { freshTenant, postCsv, retrieve } = importer;
    await freshTenant();
    const lines = ["SKU,Name,Price,GST,Unit"];
    for (let i = 0; i < IMPORT_BATCH_SIZE + 1; i++) lines.push(`F-${i},Item,1,18,NOS`);
    const accepted = await postCsv(`${lines.join("\n")}\n`);
    const db = api.database.handle.db;
    const only = { ...importer.tenant, livemode: false, id: accepted.body.id };
    await importNextBatch(db, () => new Date(), only);
    // A chunk that cannot be read stands for any unexpected failure of a batch.
    await db
      .update(productImportChunks)
      .set({ cells: "not json" })
      .where(eq(productImportChunks.importId, accepted.body.id));
    for (let attempt = 1; attempt <= MAX_BATCH_ATTEMPTS; attempt++) {
      await expect(importNextBatch(db, () => new Date(), only)).rejects.toThrow();
    }
    expect(await importNextBatch(db, () => new Date(), only)).toBeNull();
    const failed = (await retrieve(accepted.body.id)).body;
    expect(failed).toMatchObject({
      status: "failed",
      rows_done: IMPORT_BATCH_SIZE,
      counts: { flagged: IMPORT_BATCH_SIZE },
    });
    expect(failed.failure_reason).toMatch(
      new RegExp(`^The import stopped after ${IMPORT_BATCH_SIZE} rows on an internal error`),
    );
    expect(failed.completed_at).not.toBeNull();
  });

  it("a started worker picks up a queued import by itself", async ({ api, importer }) => {
    const { freshTenant, postCsv, retrieve } = importer;
    await freshTenant();
    const running = new ImportWorker(api.database.handle.db, pino({ level: "silent" }));
    running.start();
    try {
      const accepted = await postCsv(EXAMPLE_CSV);
      await expect
        .poll(async () => (await retrieve(accepted.body.id)).body.status, { timeout: 10_000 })
        .toBe("completed");
    } finally {
      await running.stop();
    }
  });

  it("an Idempotency-Key replays the first answer, for a raw file and for a form with a new boundary", async ({
    importer,
  }) => {
    const { freshTenant, postCsv, postForm } = importer;
    await freshTenant();
    const headers = { "idempotency-key": "imp-retry-1" };
    const first = await postCsv(EXAMPLE_CSV, headers);
    const again = await postCsv(EXAMPLE_CSV, headers);
    expect(again.status).toBe(202);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.id).toBe(first.body.id);
    const other = await postCsv(`${EXAMPLE_CSV}X-9,Extra,,18,1,NOS,,\n`, headers);
    expect(other.status).toBe(422);
    expect(other.body.code).toBe("idempotency_key_reused");

    const form = () => {
      const f = new FormData();
      f.set("file", new Blob([EXAMPLE_CSV], { type: "text/csv" }), "products.csv");
      return f;
    };
    const formHeaders = { "idempotency-key": "imp-retry-2" };
    const a = await postForm(form(), formHeaders);
    const b = await postForm(form(), formHeaders);
    expect(b.headers.get("idempotent-replayed")).toBe("true");
    expect(b.body.id).toBe(a.body.id);
  });
});
