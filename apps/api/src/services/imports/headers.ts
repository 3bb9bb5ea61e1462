import type { components } from "@bahi/contract";

export type ImportField = components["schemas"]["ProductImportField"];
type Columns = components["schemas"]["ProductImport"]["columns"];

/** A column that was understood: where it is in the file, its header as written, and the field it fills. */
export interface ReadColumn {
  readonly index: number;
  readonly header: string;
  readonly field: ImportField;
}

/** A column as an import keeps it: its cells are stored in the order of these. */
export type ImportColumn = Pick<ReadColumn, "header" | "field">;

/** The columns a header row must have: without them no row can be matched or named. */
export const REQUIRED_FIELDS: readonly ImportField[] = ["sku", "name"];

/**
 * Headers people use for each field, as `normalizeHeader` leaves them. Gathered from the spreadsheets
 * and exports of common Indian billing tools; `MRP` is left out on purpose, as it includes tax.
 */
const SYNONYMS: Readonly<Record<ImportField, readonly string[]>> = {
  sku: ["sku", "skucode", "itemcode", "productcode", "code", "itemno", "partno", "partnumber", "articleno"],
  name: ["name", "itemname", "productname", "item", "product", "nameofitem", "title"],
  description: ["description", "itemdescription", "productdescription", "details", "desc"],
  price: [
    "price",
    "rate",
    "unitprice",
    "sellingprice",
    "saleprice",
    "salesprice",
    "priceperunit",
    "rateperunit",
  ],
  gst_rate: [
    "gstrate",
    "gst",
    "gstpercent",
    "gstpercentage",
    "rateofgst",
    "gstslab",
    "taxrate",
    "tax",
    "igstrate",
    "igst",
  ],
  cess_rate: ["cessrate", "cess", "cesspercent"],
  hsn_code: ["hsncode", "hsn", "hsnsac", "hsnsaccode", "hsnorsac", "sac", "saccode"],
  unit: ["unit", "units", "uqc", "uom", "unitofmeasure", "unitofmeasurement"],
  track_stock: ["trackstock", "trackinventory", "maintainstock"],
  allow_negative_stock: ["allownegativestock", "negativestock"],
  reorder_level: ["reorderlevel", "reorderpoint", "minstock", "minimumstock"],
  stock_on_hand: [
    "stockonhand",
    "openingstock",
    "openingqty",
    "openingquantity",
    "stock",
    "currentstock",
    "instock",
    "closingstock",
    "quantity",
    "qty",
  ],
};

const FIELD_BY_HEADER: ReadonlyMap<string, ImportField> = new Map(
  (Object.entries(SYNONYMS) as [ImportField, readonly string[]][]).flatMap(([field, names]) =>
    names.map((name) => [name, field] as const),
  ),
);

/**
 * A header as compared: case, spaces, punctuation and a bracketed note (a unit, a currency) left out, so
 * that `GST %`, `gst_rate`, `GST Rate (%)` and `Gst-Rate` all read `gstrate` or `gst`.
 */
export function normalizeHeader(header: string): string {
  return header
    .normalize("NFKC")
    .toLowerCase()
    .replace(/\([^)]*\)|\[[^\]]*\]/g, "")
    .replace(/[^a-z0-9]/g, "");
}

export interface ReadHeader {
  readonly understood: readonly ReadColumn[];
  readonly ignored: readonly string[];
  /** Required fields that no column fills. */
  readonly missing: readonly ImportField[];
}

/** Matches each header to a field; a second column for a field already filled is ignored. */
export function readHeader(headers: readonly string[]): ReadHeader {
  const understood: ReadColumn[] = [];
  const ignored: string[] = [];
  const filled = new Set<ImportField>();
  headers.forEach((raw, index) => {
    const header = raw.trim();
    if (header === "") return;
    const field = FIELD_BY_HEADER.get(normalizeHeader(header));
    if (field === undefined || filled.has(field)) {
      ignored.push(header);
      return;
    }
    filled.add(field);
    understood.push({ index, header, field });
  });
  return { understood, ignored, missing: REQUIRED_FIELDS.filter((f) => !filled.has(f)) };
}

export const columnsOf = (header: ReadHeader): Columns => ({
  understood: header.understood.map(({ header: h, field }) => ({ header: h, field })),
  ignored: [...header.ignored],
});
