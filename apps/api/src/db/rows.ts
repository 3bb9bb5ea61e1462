import { getTableColumns, type Table } from "drizzle-orm";

/** `execute` answers an array on postgres.js and `{ rows }` on PGlite. */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  if (Array.isArray(result)) return result as Record<string, unknown>[];
  return (result as { rows: Record<string, unknown>[] }).rows;
}

/**
 * A row keyed by its table's column names, for a statement that takes whole rows as one JSON
 * parameter (`json_populate_record(null::table, …)`): every column is present, so none falls back
 * to null for want of its default.
 */
export function byColumnName<T extends Table>(table: T, row: T["$inferSelect"]): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    record[column.name] = (row as Record<string, unknown>)[key] ?? null;
  }
  return record;
}
