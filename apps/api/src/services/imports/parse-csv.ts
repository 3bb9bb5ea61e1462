import { CsvError } from "csv-parse";
import { parse } from "csv-parse/sync";
import { unprocessable } from "../../values/problem.js";
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

/** Lines in the file, blank ones and those inside quoted cells included: counted before any parsing. */
function linesOf(bytes: Uint8Array): number {
  let count = bytes.length > 0 && bytes[bytes.length - 1] !== 10 ? 1 : 0;
  for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) count++;
  return count;
}

const tooManyLines = (max: number) =>
  unprocessable(
    "too_many_rows",
    `The file has more than ${max} lines, blank ones included; an import reads at most ${max}. Remove the blank lines, or split it into several files.`,
    [{ pointer: "/file", code: "too_many_rows", message: `has more than ${max} lines` }],
  );

/**
 * Reads a comma-separated UTF-8 file, with or without a byte order mark. Every row must have the
 * header's number of cells (a shorter row is a file cut or mis-quoted, and would shift its values
 * into the wrong columns), though cells past the header may be blank. A file of more than `maxLines`
 * lines is refused before it is parsed: csv-parse spends some 20 µs on each blank line (it builds an
 * error for every record narrower than the header), so 10 MiB of them held the event loop for minutes.
 */
export function parseCsv(bytes: Uint8Array, maxRows: number, maxLines: number): Table {
  if (linesOf(bytes) > maxLines) throw tooManyLines(maxLines);
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
