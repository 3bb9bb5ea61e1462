import { type SQL, sql } from "drizzle-orm";

/**
 * A list of strings as one `text[]` parameter. Compared with `= any(…)`, it lets the planner use an
 * index on the column whatever the list's length, and the statement's text stays the same for any
 * length (a named statement is kept per connection by its text).
 */
export function textArray(values: readonly string[]): SQL {
  const literal = `{${values.map((v) => `"${v.replace(/["\\]/g, "\\$&")}"`).join(",")}}`;
  return sql`${literal}::text[]`;
}
