import type { components } from "@bahi/contract";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { productImportChunks, productImportRows, productImports } from "../../db/schema.js";
import { newId } from "../../values/ids.js";
import { notFound } from "../../values/problem.js";
import type { UploadedFile } from "../../values/upload.js";
import { type Owner, ownedBy, ownedRow } from "../shared/owner.js";
import { IMPORT_BATCH_SIZE } from "./process.js";
import { readImportFile } from "./read-file.js";
import type { Problem } from "./rows.js";

type ProductImport = components["schemas"]["ProductImport"];
type ImportRecord = typeof productImports.$inferSelect;

/** MAX_IMPORT_ROWS_LISTED: how many row outcomes an import lists; errors.csv has every problem. */
export const MAX_IMPORT_ROWS_LISTED = 1000;
const MAX_FILENAME_LENGTH = 255;

const importRowsOf = (owner: Owner, importId: string) =>
  ownedBy(productImportRows, owner, eq(productImportRows.importId, importId));

async function toProductImport(db: Executor, record: ImportRecord): Promise<ProductImport> {
  const rows = await db
    .select()
    .from(productImportRows)
    .where(importRowsOf(record, record.id))
    .orderBy(asc(productImportRows.rowNo))
    .limit(MAX_IMPORT_ROWS_LISTED);
  return {
    id: record.id,
    object: "product_import",
    livemode: record.livemode,
    status: record.status,
    filename: record.filename,
    rows_total: record.rowsTotal,
    rows_done: record.rowsDone,
    counts: {
      created: record.created,
      updated: record.updated,
      flagged: record.flagged,
      rejected: record.rejected,
    },
    columns: record.columns as ProductImport["columns"],
    rows: rows.map((r) => {
      const [first] = (r.problems as Problem[] | null) ?? [];
      return {
        row: r.rowNo,
        outcome: r.outcome,
        sku: r.sku,
        product_id: r.productId,
        column: first?.column ?? null,
        reason: first?.reason ?? null,
      };
    }),
    failure_reason: record.failureReason,
    created_at: record.createdAt.toISOString(),
    completed_at: record.completedAt?.toISOString() ?? null,
  };
}

/**
 * Reads the file and queues its import: the answer knows the columns and the row count at once, and
 * the rows wait in chunks, one per batch, for a worker.
 */
export async function createProductImport(
  tx: Executor,
  owner: Owner,
  file: UploadedFile,
  sheet: string | null,
): Promise<ProductImport> {
  const read = await readImportFile(file, sheet);
  const id = newId("productImport");
  const [record] = await tx
    .insert(productImports)
    .values({
      accountId: owner.accountId,
      livemode: owner.livemode,
      id,
      status: "queued",
      filename: file.filename?.slice(0, MAX_FILENAME_LENGTH) ?? null,
      columns: read.columns,
      rowsTotal: read.rows.length,
    })
    .returning();
  const chunks = [];
  for (let start = 0; start < read.rows.length; start += IMPORT_BATCH_SIZE) {
    chunks.push({
      accountId: owner.accountId,
      livemode: owner.livemode,
      importId: id,
      chunkNo: start / IMPORT_BATCH_SIZE,
      cells: JSON.stringify(read.rows.slice(start, start + IMPORT_BATCH_SIZE)),
    });
  }
  if (chunks.length > 0) await tx.insert(productImportChunks).values(chunks);
  return toProductImport(tx, record as ImportRecord);
}

async function findRecord(db: Executor, owner: Owner, id: string): Promise<ImportRecord> {
  const [record] = await db
    .select()
    .from(productImports)
    .where(ownedRow(productImports, owner, id))
    .limit(1);
  if (!record) throw notFound("product import", id);
  return record;
}

export async function findProductImport(db: Executor, owner: Owner, id: string): Promise<ProductImport> {
  return toProductImport(db, await findRecord(db, owner, id));
}

/**
 * A CSV cell: quoted when it holds a comma, quote or line break; and a cell that a spreadsheet would
 * run as a formula (`=`, `+`, `-`, `@`) is prefixed with `'`, as OWASP advises for CSV downloads.
 */
function csvCell(value: string | number | null): string {
  let text = value === null ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const ERRORS_CSV_HEADER = ["row", "sku", "outcome", "column", "reason"];

/** Every problem of the flagged and rejected rows done so far, one line each, in row order. */
export async function productImportErrorsCsv(db: Executor, owner: Owner, id: string): Promise<string> {
  await findRecord(db, owner, id);
  const rows = await db
    .select()
    .from(productImportRows)
    .where(and(importRowsOf(owner, id), inArray(productImportRows.outcome, ["flagged", "rejected"])))
    .orderBy(asc(productImportRows.rowNo));
  const lines = [ERRORS_CSV_HEADER.join(",")];
  for (const row of rows) {
    for (const problem of (row.problems as Problem[] | null) ?? []) {
      lines.push([row.rowNo, row.sku, row.outcome, problem.column, problem.reason].map(csvCell).join(","));
    }
  }
  return `${lines.join("\n")}\n`;
}
