import { unprocessable } from "../../values/problem.js";

/** A data row of a file: its number as a spreadsheet shows it (the header is row 1), and its cells. */
export interface TableRow {
  readonly rowNo: number;
  readonly cells: readonly string[];
}

/** A sheet as read from a file: the header row's cells, then the data rows that are not blank. */
export interface Table {
  readonly header: readonly string[];
  readonly rows: readonly TableRow[];
}

export const unreadable = (detail: string) =>
  unprocessable("unreadable_file", detail, [{ pointer: "/file", code: "unreadable_file", message: detail }]);

export const tooManyRows = (max: number) =>
  unprocessable(
    "too_many_rows",
    `The file has more than ${max} data rows; an import takes at most ${max}. Split it into several files.`,
    [{ pointer: "/file", code: "too_many_rows", message: `has more than ${max} data rows` }],
  );

export const isBlank = (cells: readonly string[]) => cells.every((c) => c.trim() === "");

/**
 * A table from a sheet's rows of text cells, the first row being the header: blank rows are left out
 * (spreadsheets keep them for layout), and cells past the header's width must be blank.
 */
export function tableOf(records: readonly (readonly string[])[], where: string): Table {
  const [header, ...data] = records;
  if (header === undefined || isBlank(header)) {
    throw unreadable(`${where} has no header row: its first row must name the columns.`);
  }
  const width = header.length;
  const rows: TableRow[] = [];
  data.forEach((cells, i) => {
    if (isBlank(cells)) return;
    const rowNo = i + 2;
    if (cells.slice(width).some((c) => c.trim() !== "")) {
      throw unreadable(
        `Row ${rowNo} of ${where} has values in ${cells.length} columns, but the header row names ${width}.`,
      );
    }
    rows.push({ rowNo, cells: cells.slice(0, width) });
  });
  return { header, rows };
}
