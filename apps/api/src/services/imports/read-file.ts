import { unprocessable } from "../../values/problem.js";
import type { UploadedFile } from "../../values/upload.js";
import { columnsOf, readHeader } from "./headers.js";
import { parseCsv } from "./parse-csv.js";
import { parseXlsx } from "./parse-xlsx.js";
import type { StoredRow } from "./process.js";
import { type Table, tooManyRows } from "./table.js";

/** MAX_IMPORT_ROWS: the most data rows one file may hold (the header not counted), as the spec says. */
export const MAX_IMPORT_ROWS = 50_000;
/**
 * MAX_IMPORT_LINES: the most lines a CSV may have, blank ones and those inside quoted cells included:
 * room for every row to be followed by a blank one, or to hold a cell of two lines, and the header.
 */
export const MAX_IMPORT_LINES = 2 * MAX_IMPORT_ROWS + 1;
export const XLSX_MEDIA_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
/** Every .xlsx is a zip, and every zip starts so: a workbook sent as a form part of another type is still read. */
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

const isWorkbook = (file: UploadedFile) =>
  file.mediaType === XLSX_MEDIA_TYPE ||
  file.filename?.toLowerCase().endsWith(".xlsx") === true ||
  ZIP_MAGIC.every((byte, i) => file.bytes[i] === byte);

/** A file read and checked up front: what the import will do, before anything is imported. */
export interface ReadFile {
  readonly columns: ReturnType<typeof columnsOf>;
  /** The data rows, cells in the order of `columns.understood`, each with the earlier row that has its SKU. */
  readonly rows: readonly StoredRow[];
}

/**
 * Reads a CSV or .xlsx file into the rows an import works through, refusing up front (422) a file that
 * cannot be read, has too many rows, a sheet it lacks, or no SKU or name column.
 */
export async function readImportFile(file: UploadedFile, sheet: string | null): Promise<ReadFile> {
  const table: Table = isWorkbook(file)
    ? await parseXlsx(file.bytes, sheet)
    : parseCsv(file.bytes, MAX_IMPORT_ROWS, MAX_IMPORT_LINES);
  if (table.rows.length > MAX_IMPORT_ROWS) throw tooManyRows(MAX_IMPORT_ROWS);
  const header = readHeader(table.header);
  if (header.missing.length > 0) {
    const missing = header.missing.join(" and ");
    throw unprocessable(
      "missing_columns",
      `The header row has no ${missing} column (found: ${table.header.filter((h) => h.trim()).join(", ") || "nothing"}). Name them e.g. "SKU" and "Item Name".`,
      header.missing.map((field) => ({
        pointer: "/file",
        code: "missing_columns",
        message: `no ${field} column`,
      })),
    );
  }
  const skuAt = header.understood.find((c) => c.field === "sku")?.index as number;
  const firstRowOf = new Map<string, number>();
  const rows = table.rows.map(({ rowNo, cells }): StoredRow => {
    const sku = cells[skuAt]?.trim() ?? "";
    const first = sku === "" ? undefined : firstRowOf.get(sku);
    if (sku !== "" && first === undefined) firstRowOf.set(sku, rowNo);
    return [rowNo, header.understood.map((c) => cells[c.index] ?? ""), first ?? null];
  });
  return { columns: columnsOf(header), rows };
}
