import {
  formatMilli,
  GstError,
  gstRatesInForce,
  isCessRateAllowed,
  isRateInForce,
  isService,
  isValidHsn,
  type Milli,
  parseMilli,
  parseNumeric,
  readWrittenNumber,
  UQC_NOT_APPLICABLE,
} from "@bahi/gst";
import type { ProductRow } from "../catalogue/product-view.js";
import type { ImportColumn, ImportField } from "./headers.js";
import { readUnit } from "./units.js";

/** What is wrong with a row, or worth checking: the header of the column at fault (null: the whole row). */
export interface Problem {
  readonly column: string | null;
  readonly reason: string;
}

/** A product's columns as the upsert writes them; numbers as exact decimal text. */
export interface ProductValues {
  sku: string;
  name: string;
  description: string | null;
  price: string;
  gstRate: string;
  cessRate: string;
  hsnCode: string | null;
  unit: string;
  trackStock: boolean;
  allowNegativeStock: boolean;
  reorderLevel: string | null;
}

export type Decision =
  | { readonly outcome: "rejected"; readonly problems: readonly Problem[] }
  | {
      readonly outcome: "import";
      readonly values: ProductValues;
      /** The stock the product should have now; `null` when the file does not say. */
      readonly stock: Milli | null;
      /** Problems that do not stop the import: the row ends `flagged`. */
      readonly flags: readonly Problem[];
    };

/** A data row as the worker reads it back: cells in the order of the understood columns. */
export interface ImportRow {
  readonly rowNo: number;
  readonly cells: readonly string[];
  /** The earlier row of the file with the same SKU, if any. */
  readonly duplicateOf: number | null;
}

/** The spec's ProductSku. */
export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,39}$/;
const MAX_NAME_LENGTH = 300;
const MAX_DESCRIPTION_LENGTH = 1000;
/** The largest price or quantity, as the spec's UnitPrice and Quantity allow. */
const MAX_AMOUNT: Milli = 9_999_999_999_999n;
const MAX_CESS_RATE: Milli = 999_999n;
const TRUE_WORDS = new Set(["yes", "y", "true", "1"]);
const FALSE_WORDS = new Set(["no", "n", "false", "0"]);

/** Reads the cells of one row against the product its SKU names, if any; collects every problem. */
class RowReader {
  readonly problems: (Problem & { position: number })[] = [];
  readonly flags: (Problem & { position: number })[] = [];
  readonly #cells = new Map<ImportField, { header: string; text: string; position: number }>();

  constructor(row: ImportRow, columns: readonly ImportColumn[]) {
    columns.forEach((column, i) => {
      this.#cells.set(column.field, {
        header: column.header,
        text: (row.cells[i] ?? "").trim(),
        position: i,
      });
    });
  }

  /** Problems in the order of the file's columns, as a person reads the row. */
  sorted(problems: readonly (Problem & { position: number })[]): Problem[] {
    return [...problems]
      .sort((a, b) => a.position - b.position)
      .map(({ column, reason }) => ({ column, reason }));
  }

  header(field: ImportField): string | null {
    return this.#cells.get(field)?.header ?? null;
  }

  /** The cell's text, or `undefined` when blank or not in the file. */
  text(field: ImportField): string | undefined {
    const text = this.#cells.get(field)?.text;
    return text === undefined || text === "" ? undefined : text;
  }

  #problem(field: ImportField, reason: string) {
    const cell = this.#cells.get(field);
    return { column: cell?.header ?? null, reason, position: cell?.position ?? -1 };
  }

  reject(field: ImportField, reason: string): undefined {
    this.problems.push(this.#problem(field, reason));
    return undefined;
  }

  flag(field: ImportField, reason: string): void {
    this.flags.push(this.#problem(field, reason));
  }

  /** A number with at most three decimals, within `[min, MAX_AMOUNT]`. */
  amount(field: ImportField, what: string, options: { min: Milli; percent?: boolean }): Milli | undefined {
    const text = this.text(field);
    if (text === undefined) return undefined;
    const written = readWrittenNumber(text, { percent: options.percent ?? false });
    if (written === null) return this.reject(field, `"${text}" is not a number.`);
    let value: Milli;
    try {
      value = parseMilli(written);
    } catch (error) {
      if (error instanceof GstError && error.code === "too_many_decimals")
        return this.reject(field, `"${text}" has more than 3 decimal places.`);
      return this.reject(field, `"${text}" is too large.`);
    }
    if (value < 0n) return this.reject(field, `${what} cannot be negative ("${text}").`);
    if (value < options.min) return this.reject(field, `${what} must be more than 0 ("${text}").`);
    if (value > MAX_AMOUNT) return this.reject(field, `"${text}" is too large.`);
    return value;
  }

  boolean(field: ImportField): boolean | undefined {
    const text = this.text(field);
    if (text === undefined) return undefined;
    const word = text.toLowerCase();
    if (TRUE_WORDS.has(word)) return true;
    if (FALSE_WORDS.has(word)) return false;
    return this.reject(field, `"${text}" is not yes or no.`);
  }
}

/**
 * A GST rate as written: `18`, `18%`, or Excel's percentage cell `0.18` (read as 18% and flagged, when
 * the value is no rate itself but a hundred times it is).
 */
function readGstRate(reader: RowReader, today: string): Milli | undefined {
  const text = reader.text("gst_rate");
  let rate = reader.amount("gst_rate", "A GST rate", { min: 0n, percent: true });
  if (rate === undefined || text === undefined) return undefined;
  const inForce = gstRatesInForce(today);
  if (!inForce.includes(rate) && rate < 1_000n && inForce.includes(rate * 100n)) {
    rate *= 100n;
    reader.flag("gst_rate", `"${text}" was read as ${plainDecimal(rate)}% (a percentage cell).`);
  }
  if (!isRateInForce(rate, today)) {
    return reader.reject(
      "gst_rate",
      `${plainDecimal(rate)}% is not a GST rate in force today; the rates are ${inForce.map(plainDecimal).join(", ")}.`,
    );
  }
  return rate;
}

const plainDecimal = (value: Milli) => formatMilli(value).replace(/\.?0+$/, "");

/** An HSN/SAC code as written, tolerating dots and spaces, and the leading zero a number cell drops. */
function readHsn(reader: RowReader): string | undefined {
  const text = reader.text("hsn_code");
  if (text === undefined) return undefined;
  let code = text.replace(/[\s.]/g, "");
  if (/^\d{3}$|^\d{5}$|^\d{7}$/.test(code)) code = `0${code}`;
  if (code.startsWith("00") && /^\d+$/.test(code))
    return reader.reject("hsn_code", `"${text}": there is no HSN chapter 00.`);
  if (!isValidHsn(code))
    return reader.reject("hsn_code", `"${text}" is not an HSN/SAC code of 4, 6 or 8 digits.`);
  if (code !== text) reader.flag("hsn_code", `"${text}" was read as ${code}.`);
  return code;
}

function readUnitCell(reader: RowReader): string | undefined {
  const text = reader.text("unit");
  if (text === undefined) return undefined;
  const unit = readUnit(text);
  if (unit === null) {
    return reader.reject(
      "unit",
      `"${text}" is not a unit the GST portal knows (a UQC such as NOS, PCS, KGS, LTR, BOX, or NA for services).`,
    );
  }
  if (unit !== text) reader.flag("unit", `"${text}" was read as ${unit}.`);
  return unit;
}

const decimal = (milli: Milli) => formatMilli(milli);
const milliOf = (text: string) => parseNumeric(text, 3);

/**
 * Decides what one data row does: the product it creates or updates (blank cells keep the existing
 * value, or take a new product's default), with the problems worth flagging; or every reason it is
 * rejected. `existing` is the product that already has the row's SKU.
 */
export function decideRow(
  row: ImportRow,
  columns: readonly ImportColumn[],
  existing: ProductRow | undefined,
  today: string,
): Decision {
  const reader = new RowReader(row, columns);
  const sku = reader.text("sku");
  if (sku === undefined)
    return {
      outcome: "rejected",
      problems: [{ column: reader.header("sku"), reason: "No SKU: every row needs one." }],
    };
  if (!SKU_PATTERN.test(sku)) {
    reader.reject(
      "sku",
      `"${sku}" is not a SKU: 1 to 40 letters, digits, ".", "_", "/" or "-", starting with a letter or digit.`,
    );
  } else if (row.duplicateOf !== null) {
    reader.reject("sku", `SKU ${sku} is already on row ${row.duplicateOf} of this file.`);
  }
  const name = reader.text("name");
  if (name !== undefined && name.length > MAX_NAME_LENGTH)
    reader.reject("name", `The name is longer than ${MAX_NAME_LENGTH} characters.`);
  const description = reader.text("description");
  if (description !== undefined && description.length > MAX_DESCRIPTION_LENGTH)
    reader.reject("description", `The description is longer than ${MAX_DESCRIPTION_LENGTH} characters.`);
  const price = reader.amount("price", "A price", { min: 0n });
  const gstRate = readGstRate(reader, today);
  const cessText = reader.text("cess_rate");
  const cessRate = reader.amount("cess_rate", "A cess rate", { min: 0n, percent: true });
  if (cessRate !== undefined && cessRate > MAX_CESS_RATE)
    reader.reject("cess_rate", `"${cessText}" is too large a cess rate.`);
  else if (cessRate !== undefined && !isCessRateAllowed(cessRate, today))
    reader.reject(
      "cess_rate",
      `A cess of ${plainDecimal(cessRate)}% cannot apply today: compensation cess ended on 1 February 2026.`,
    );
  const hsn = readHsn(reader);
  const unitCell = readUnitCell(reader);
  const trackStockCell = reader.boolean("track_stock");
  const allowNegative = reader.boolean("allow_negative_stock");
  const reorderLevel = reader.amount("reorder_level", "A reorder level", { min: 1n });
  const stock = reader.amount("stock_on_hand", "Stock", { min: 0n });

  const hsnCode = hsn !== undefined ? hsn : (existing?.hsnCode ?? null);
  const unit =
    unitCell ?? existing?.unit ?? (hsnCode !== null && isService(hsnCode) ? UQC_NOT_APPLICABLE : undefined);
  if (!existing) {
    const needed: [ImportField, unknown, string][] = [
      ["name", name, "name"],
      ["price", price, "price"],
      ["gst_rate", gstRate, "GST rate"],
      ["unit", unit, "unit"],
    ];
    for (const [field, value, what] of needed) {
      // A cell that was there but wrong already has its reason.
      if (value === undefined && reader.text(field) === undefined)
        reader.reject(field, `No ${what}: a new product needs one.`);
    }
  }
  if (reader.problems.length > 0 || unit === undefined)
    return { outcome: "rejected", problems: reader.sorted(reader.problems) };
  const measured = unit !== UQC_NOT_APPLICABLE;
  if (hsnCode !== null && isService(hsnCode) && measured) {
    reader.reject("unit", `A service (SAC ${hsnCode}) is measured in NA, not ${unit}.`);
  } else if (hsnCode !== null && !isService(hsnCode) && !measured) {
    reader.reject("unit", `NA is the unit of services; goods (HSN ${hsnCode}) need a UQC such as NOS.`);
  } else if (
    existing &&
    existing.unit !== UQC_NOT_APPLICABLE &&
    !measured &&
    milliOf(existing.stockOnHand) !== 0n
  ) {
    reader.reject(
      "unit",
      `The product holds stock (${plainDecimal(milliOf(existing.stockOnHand))}): adjust it to 0 before making it a service.`,
    );
  }
  const trackStock = trackStockCell ?? (existing && measured ? existing.trackStock : measured);
  if (trackStock && !measured) reader.reject("track_stock", "A product measured in NA cannot track stock.");
  const stockChanges = stock !== undefined && stock !== (existing ? milliOf(existing.stockOnHand) : 0n);
  if (stockChanges && !trackStock)
    reader.reject("stock_on_hand", "The product does not track stock, so it cannot have stock.");
  if (reader.problems.length > 0) return { outcome: "rejected", problems: reader.sorted(reader.problems) };
  if (hsnCode === null) {
    reader.flag(
      "hsn_code",
      existing
        ? "No HSN code; the product is still hsn_missing."
        : "No HSN code; the product was created with hsn_missing.",
    );
  }
  const values: ProductValues = {
    sku,
    // Each of these is known for a new product: a missing one rejected the row above.
    name: (name ?? existing?.name) as string,
    description: description ?? existing?.description ?? null,
    price: price !== undefined ? decimal(price) : (existing?.price as string),
    gstRate: gstRate !== undefined ? decimal(gstRate) : (existing?.gstRate as string),
    cessRate: cessRate !== undefined ? decimal(cessRate) : (existing?.cessRate ?? "0.000"),
    hsnCode,
    unit,
    trackStock,
    allowNegativeStock: allowNegative ?? existing?.allowNegativeStock ?? false,
    reorderLevel: reorderLevel !== undefined ? decimal(reorderLevel) : (existing?.reorderLevel ?? null),
  };
  return { outcome: "import", values, stock: stock ?? null, flags: reader.sorted(reader.flags) };
}
