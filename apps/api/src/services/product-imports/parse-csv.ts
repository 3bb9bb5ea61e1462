import { CsvError } from "csv-parse";
import { parse } from "csv-parse/sync";
import { isBlank, type Table, tableOf, tooManyRows, unreadable } from "./table.js";

const BOM = "\uFEFF";
const BLANK: string[] = [];

/** Decodes UTF-8 strictly: a file in another encoding is refused, not imported as mojibake. */
function decode(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw unreadable("The file is not UTF-8 text: save the spreadsheet as “CSV UTF-8”, or upload the .xlsx.");
  }
  if (text.includes("\0")) throw unreadable("The file is binary, not CSV text.");
  return text.startsWith(BOM) ? text.slice(BOM.length) : text;
}

/**
 * Reads a comma-separated UTF-8 file, with or without a byte order mark. Every row must have the
 * header's number of cells (a shorter row is a file cut or mis-quoted, and would shift its values
 * into the wrong columns), though cells past the header may be blank.
 */
export function parseCsv(bytes: Uint8Array, maxRows: number): Table {
  const text = decode(bytes);
  let records: string[][];
  let read = 0;
  let dataRows = 0;
  try {
    records = parse(text, {
      relax_column_count: true,
      skip_empty_lines: false,
      // A 10 MiB file can hold millions of tiny rows: refuse at the first one too many rather than build
      // them all, and let blank rows (which are not data rows) share a single empty record.
      on_record: (record: string[]) => {
        if (read++ === 0) return record;
        if (isBlank(record)) return BLANK;
        if (++dataRows > maxRows) throw tooManyRows(maxRows);
        return record;
      },
    });
  } catch (error) {
    if (error instanceof CsvError) throw unreadable(`The file is not valid CSV: ${error.message}`);
    throw error;
  }
  const table = tableOf(records, "the file");
  const width = table.header.length;
  const short = table.rows.find((r) => r.cells.length < width);
  if (short) {
    throw unreadable(
      `Row ${short.rowNo} has ${short.cells.length} cells, but the header row names ${width} columns: every row needs them all (leave a cell empty with ,,).`,
    );
  }
  return table;
}
