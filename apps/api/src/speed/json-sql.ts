import type { AnyColumn, SQL } from "drizzle-orm";
import { sql } from "drizzle-orm";

// How PostgreSQL writes a value of the API's JSON exactly as Node would, for answers written as JSON
// text by the database (see JsonText).

/** A `numeric` amount with its trailing zeros trimmed, as JavaScript writes the same decimal. */
export const amount = (column: SQL | AnyColumn) => sql`trim_scale(${column})`;

/** An instant as `Date.prototype.toISOString` writes it (UTC, milliseconds). */
export const instant = (column: SQL | AnyColumn) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
