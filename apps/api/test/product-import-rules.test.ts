import { describe, expect, it } from "vitest";
import { normalizeHeader, readHeader } from "../src/services/product-imports/headers.js";
import { decideRow } from "../src/services/product-imports/rows.js";
import { readUnit } from "../src/services/product-imports/units.js";
import { checkExpandedSize, MAX_EXPANDED_BYTES } from "../src/services/product-imports/zip-size.js";
import type { ProductRow } from "../src/services/product-view.js";

describe("headers", () => {
  it("compare without case, spacing, punctuation or a bracketed note", () => {
    expect(normalizeHeader("  GST Rate (%) ")).toBe("gstrate");
    expect(normalizeHeader("HSN/SAC")).toBe("hsnsac");
    expect(normalizeHeader("Selling Price [₹]")).toBe("sellingprice");
    expect(normalizeHeader("opening_stock")).toBe("openingstock");
  });

  it("name each field by its synonyms, list the rest as ignored, and report missing SKU or name", () => {
    const header = readHeader([
      "Item Code",
      "Item Name",
      "HSN/SAC",
      "GST %",
      "MRP",
      "Rate",
      "UOM",
      "Qty",
      "",
      "Rate",
    ]);
    expect(header.understood.map((c) => [c.header, c.field, c.index])).toEqual([
      ["Item Code", "sku", 0],
      ["Item Name", "name", 1],
      ["HSN/SAC", "hsn_code", 2],
      ["GST %", "gst_rate", 3],
      ["Rate", "price", 5],
      ["UOM", "unit", 6],
      ["Qty", "stock_on_hand", 7],
    ]);
    // MRP includes tax, so it is not a price; a second column for a field is not read.
    expect(header.ignored).toEqual(["MRP", "Rate"]);
    expect(header.missing).toEqual([]);
    expect(readHeader(["Description", "Price"]).missing).toEqual(["sku", "name"]);
  });
});

describe("units", () => {
  it("reads UQC codes in any case and common words for them; nothing else", () => {
    expect(readUnit("NOS")).toBe("NOS");
    expect(readUnit("pcs")).toBe("PCS");
    expect(readUnit("Pieces")).toBe("PCS");
    expect(readUnit("kg")).toBe("KGS");
    expect(readUnit("Litre")).toBe("LTR");
    expect(readUnit("doz.")).toBe("DOZ");
    expect(readUnit("bushel")).toBeNull();
  });
});

describe("a row's decision", () => {
  const columns = readHeader([
    "SKU",
    "Name",
    "Price",
    "GST",
    "Unit",
    "HSN",
    "Stock",
    "Track Stock",
  ]).understood;
  const today = "2026-11-22";
  const row = (cells: string[]) => ({ rowNo: 7, cells, duplicateOf: null });
  const existing: ProductRow = {
    accountId: "acc_x",
    livemode: false,
    id: "prd_x",
    sku: "A-1",
    name: "Old name",
    description: "kept",
    price: "10.000",
    gstRate: "18.000",
    cessRate: "0.000",
    hsnCode: "9608",
    unit: "NOS",
    trackStock: true,
    allowNegativeStock: false,
    reorderLevel: null,
    stockOnHand: "4.000",
    createdAt: new Date(),
    updatedAt: new Date(),
  };

  it("a new product takes defaults where a cell is blank and keeps exact decimals", () => {
    const decision = decideRow(
      row(["A-1", "Pen", "₹1,23,456.505", "5%", "NOS", "9608", "2.5", ""]),
      columns,
      undefined,
      today,
    );
    expect(decision).toEqual({
      outcome: "import",
      values: {
        sku: "A-1",
        name: "Pen",
        description: null,
        price: "123456.505",
        gstRate: "5.000",
        cessRate: "0.000",
        hsnCode: "9608",
        unit: "NOS",
        trackStock: true,
        allowNegativeStock: false,
        reorderLevel: null,
      },
      stock: 2500n,
      flags: [],
    });
  });

  it("an update keeps what a blank cell leaves out, and may set the stock", () => {
    const decision = decideRow(row(["A-1", "", "12", "", "", "", "4", ""]), columns, existing, today);
    expect(decision).toMatchObject({
      outcome: "import",
      values: { name: "Old name", description: "kept", price: "12.000", gstRate: "18.000", hsnCode: "9608" },
      stock: 4000n,
      flags: [],
    });
  });

  it("a missing HSN is flagged, and a duplicate SKU rejected naming the first row", () => {
    expect(
      decideRow(row(["B-1", "Pen", "1", "18", "NOS", "", "", ""]), columns, undefined, today),
    ).toMatchObject({
      outcome: "import",
      flags: [{ column: "HSN", reason: "No HSN code; the product was created with hsn_missing." }],
    });
    expect(
      decideRow(
        { rowNo: 9, cells: ["B-1", "Pen", "1", "18", "NOS", "9608", "", ""], duplicateOf: 3 },
        columns,
        undefined,
        today,
      ),
    ).toEqual({
      outcome: "rejected",
      problems: [{ column: "SKU", reason: "SKU B-1 is already on row 3 of this file." }],
    });
  });

  it("a rate in force before the reform is refused after it, and taken for an older date", () => {
    const cells = ["C-1", "Chair", "100", "12", "NOS", "9401", "", ""];
    expect(decideRow(row(cells), columns, undefined, today).outcome).toBe("rejected");
    expect(decideRow(row(cells), columns, undefined, "2025-09-21").outcome).toBe("import");
  });

  it("yes/no cells are read in common spellings, and anything else is refused", () => {
    const tracked = (word: string) =>
      decideRow(row(["D-1", "Box", "1", "18", "BOX", "4819", "", word]), columns, undefined, today);
    expect(tracked("No")).toMatchObject({ outcome: "import", values: { trackStock: false } });
    expect(tracked("TRUE")).toMatchObject({ outcome: "import", values: { trackStock: true } });
    expect(tracked("maybe")).toEqual({
      outcome: "rejected",
      problems: [{ column: "Track Stock", reason: '"maybe" is not yes or no.' }],
    });
  });
});

describe("a workbook's unzipped size", () => {
  /** A zip's central directory of one entry declaring `size` unzipped bytes, and its end record. */
  function zipDeclaring(size: number): Uint8Array {
    const entry = Buffer.alloc(46 + 1);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(1, 28);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(1, 10);
    end.writeUInt32LE(entry.length, 12);
    end.writeUInt32LE(0, 16);
    return Buffer.concat([entry, end]);
  }

  it(`is read from the central directory: up to MAX_EXPANDED_BYTES (${MAX_EXPANDED_BYTES}) passes, more is refused`, () => {
    expect(() => checkExpandedSize(zipDeclaring(MAX_EXPANDED_BYTES))).not.toThrow();
    expect(() => checkExpandedSize(zipDeclaring(MAX_EXPANDED_BYTES + 1))).toThrow(/would unzip to more than/);
    expect(() => checkExpandedSize(Buffer.from("not a zip at all"))).toThrow(/not a readable .xlsx/);
  });
});
