import { type CellValue, readSheet, SheetNotFoundError } from "read-excel-file/node";
import { unprocessable } from "../../values/problem.js";
import { type Table, tableOf, unreadable } from "./table.js";
import { checkExpandedSize } from "./zip-size.js";

/**
 * A cell as text. Numbers come as the workbook wrote them (see `parseNumber` below), so `99.99` is never
 * a binary float; booleans as TRUE/FALSE, as Excel shows them; dates as ISO dates.
 */
function textOf(cell: CellValue<string> | null): string {
  if (cell === null) return "";
  if (typeof cell === "boolean") return cell ? "TRUE" : "FALSE";
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell);
}

/** Reads the named worksheet, or the first, of an `.xlsx` workbook. */
export async function parseXlsx(bytes: Uint8Array, sheet: string | null): Promise<Table> {
  await checkExpandedSize(bytes);
  let data: (CellValue<string> | null)[][];
  try {
    data = await readSheet<string>(Buffer.from(bytes), sheet ?? 1, {
      parseNumber: (text) => text,
      trim: false,
    });
  } catch (error) {
    if (error instanceof SheetNotFoundError) {
      throw unprocessable("sheet_not_found", `The workbook has no worksheet named “${sheet}”.`, [
        { pointer: "/sheet", code: "sheet_not_found", message: `no worksheet named ${sheet}` },
      ]);
    }
    throw unreadable("The file is not a readable .xlsx workbook (it may be cut short, or another format).");
  }
  return tableOf(
    data.map((row) => row.map(textOf)),
    sheet === null ? "the first worksheet" : `worksheet “${sheet}”`,
  );
}
