import { type SQL, sql } from "drizzle-orm";

/**
 * A list of strings as one `text[]` parameter, for `column = any(…)`: the planner can use an index on
 * the column whatever the list's length, and the statement's text stays the same for any length (a
 * named statement is kept per connection by its text), where `in (…)` has a parameter per value.
 */
export function textArray(values: readonly string[]): SQL {
  return sql`${textArrayLiteral(values)}::text[]`;
}

/** textArray's parameter by itself, for a statement prepared once with the cast in its text. */
export function textArrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;
}
