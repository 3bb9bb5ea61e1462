import { constants, deflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import writeXlsxFile from "write-excel-file/node";
import type { ProductRow } from "../src/services/catalogue/product-view.js";
import { normalizeHeader, readHeader } from "../src/services/imports/headers.js";
import { parseCsv } from "../src/services/imports/parse-csv.js";
import { decideRow } from "../src/services/imports/rows.js";
import { readUnit } from "../src/services/imports/units.js";
import { checkExpandedSize, MAX_EXPANDED_BYTES } from "../src/services/imports/zip-size.js";

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

describe("a CSV's rows", () => {
  it("are refused, blank ones included, past the file's line limit, before they are parsed", () => {
    // Five lines, with or without the last line's break, and a sixth, blank; blank lines count.
    for (const [csv, sixth] of [
      ["SKU,Name\nA,Pen\n\n\nB,Ink\n", "\n"],
      ["SKU,Name\nA,Pen\n\n\nB,Ink", "\n\n"],
    ] as const) {
      expect(parseCsv(Buffer.from(csv), 10, 5).rows).toHaveLength(2);
      expect(() => parseCsv(Buffer.from(`${csv}${sixth}`), 10, 5)).toThrow(
        expect.objectContaining({ status: 422, code: "too_many_rows" }),
      );
    }
  });

  it("stop being read at the first data row too many; blank rows are not counted", () => {
    // The cut-off quote after the third row shows whether the parser went on past the limit.
    const csv = Buffer.from('SKU,Name\nA,Pen\n\n , \nB,Ink\nC,Nib\n"cut off');
    expect(() => parseCsv(csv, 2, 100)).toThrow(
      expect.objectContaining({ status: 422, code: "too_many_rows" }),
    );
    expect(() => parseCsv(csv, 3, 100)).toThrow(
      expect.objectContaining({ status: 422, code: "unreadable_file" }),
    );
    expect(parseCsv(Buffer.from("SKU,Name\n\nA,Pen\n,\nB,Ink\n"), 2, 100).rows).toEqual([
      { rowNo: 3, cells: ["A", "Pen"] },
      { rowNo: 5, cells: ["B", "Ink"] },
    ]);
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
    ratesEffectiveFrom: null,
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

  it("goods holding stock are not made a service; without stock they may be", () => {
    const toService = row(["A-1", "", "", "", "NA", "998314", "", "No"]);
    expect(decideRow(toService, columns, existing, today)).toEqual({
      outcome: "rejected",
      problems: [
        { column: "Unit", reason: "The product holds stock (4): adjust it to 0 before making it a service." },
      ],
    });
    expect(decideRow(toService, columns, { ...existing, stockOnHand: "0.000" }, today)).toMatchObject({
      outcome: "import",
      values: { unit: "NA", hsnCode: "998314", trackStock: false },
    });
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
  interface ZipEntry {
    /** The entry's bytes as stored: deflated, unless `method` is 0. */
    readonly data: Uint8Array;
    /** The unzipped size that the local header (or data descriptor) declares. */
    readonly size: number;
    readonly method?: number;
    /** Sizes left 0 in the local header and given in a data descriptor after the data, as streaming writers do. */
    readonly streamed?: boolean;
    /** The unzipped size that the central directory declares, if not `size`. */
    readonly centralSize?: number;
    /** Left out of the central directory. */
    readonly unlisted?: boolean;
  }

  function zipOf(entries: readonly ZipEntry[]): Uint8Array {
    const body: Buffer[] = [];
    const central: Buffer[] = [];
    let offset = 0;
    entries.forEach((entry, i) => {
      const { data, size, method = 8, streamed = false } = entry;
      const name = Buffer.from(`xl/part${i}.xml`);
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(streamed ? 0x08 : 0, 6);
      local.writeUInt16LE(method, 8);
      local.writeUInt32LE(streamed ? 0 : data.length, 18);
      local.writeUInt32LE(streamed ? 0 : size, 22);
      local.writeUInt16LE(name.length, 26);
      const descriptor = Buffer.alloc(streamed ? 16 : 0);
      if (streamed) {
        descriptor.writeUInt32LE(0x08074b50, 0);
        descriptor.writeUInt32LE(data.length, 8);
        descriptor.writeUInt32LE(size, 12);
      }
      const record = Buffer.alloc(46);
      record.writeUInt32LE(0x02014b50, 0);
      record.writeUInt16LE(method, 10);
      record.writeUInt32LE(data.length, 20);
      record.writeUInt32LE(entry.centralSize ?? size, 24);
      record.writeUInt16LE(name.length, 28);
      record.writeUInt32LE(offset, 42);
      const part = Buffer.concat([local, name, data, descriptor]);
      body.push(part);
      if (!entry.unlisted) central.push(record, name);
      offset += part.length;
    });
    const directory = Buffer.concat(central);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(central.length / 2, 8);
    end.writeUInt16LE(central.length / 2, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(offset, 16);
    return Buffer.concat([...body, directory, end]);
  }

  const MiB = 1024 * 1024;
  /**
   * A deflate stream of `mebibytes` MiB of spaces, about a kilobyte per MiB. Each flushed block refers
   * only to itself, so copies of it chain into one stream, ended by an empty final block: no test has to
   * deflate hundreds of megabytes.
   */
  function deflatedSpaces(mebibytes: number): Buffer {
    const block = deflateRawSync(Buffer.alloc(MiB, 0x20), { finishFlush: constants.Z_SYNC_FLUSH });
    return Buffer.concat([...Array.from({ length: mebibytes }, () => block), Buffer.from([0x03, 0x00])]);
  }
  const tooLarge = String(MAX_EXPANDED_BYTES);
  const notAWorkbook = /not a readable .xlsx/;

  it(`is measured by unzipping: up to MAX_EXPANDED_BYTES (${MAX_EXPANDED_BYTES}) passes, a byte more is refused`, async () => {
    const full = { data: deflatedSpaces(MAX_EXPANDED_BYTES / MiB), size: MAX_EXPANDED_BYTES };
    await expect(checkExpandedSize(zipOf([full]))).resolves.toBeUndefined();
    const oneMore = { data: Buffer.from("x"), size: 1, method: 0 };
    await expect(checkExpandedSize(zipOf([full, oneMore]))).rejects.toThrow(tooLarge);
    const book = await writeXlsxFile([[{ value: "SKU" }], [{ value: "A-1" }]]).toBuffer();
    await expect(checkExpandedSize(book)).resolves.toBeUndefined();
  });

  it("a 300 MiB expansion declared as 1 byte is refused, as the parser would unzip it all", async () => {
    // Streamed: the local header says nothing, and the parser inflates up to the data descriptor.
    const zip = zipOf([{ data: deflatedSpaces(300), size: 1, streamed: true }]);
    expect(zip.length).toBeLessThan(MiB);
    await expect(checkExpandedSize(zip)).rejects.toThrow(tooLarge);
    // Sizes in the local header: the parser allocates what it declares, and inflates past it.
    await expect(checkExpandedSize(zipOf([{ data: deflatedSpaces(300), size: 1 }]))).rejects.toThrow(
      tooLarge,
    );
  });

  it("refuses sizes that lie, entries the central directory leaves out, other compression, or no zip", async () => {
    const data = deflateRawSync("<sheet/>");
    await expect(checkExpandedSize(zipOf([{ data, size: 8, streamed: true }]))).resolves.toBeUndefined();
    for (const entry of [
      { data, size: 7 },
      { data, size: 8, centralSize: 1 },
      { data, size: 8, streamed: true, centralSize: 1 },
      { data, size: 8, unlisted: true },
      { data, size: 8, method: 12 },
      { data: data.subarray(0, -1), size: 8 },
    ]) {
      await expect(
        checkExpandedSize(zipOf([{ data, size: 8 }, entry])),
        JSON.stringify(entry),
      ).rejects.toThrow(notAWorkbook);
    }
    await expect(checkExpandedSize(Buffer.from("not a zip at all"))).rejects.toThrow(notAWorkbook);
  });
});
