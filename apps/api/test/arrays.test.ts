import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { textArray } from "../src/db/arrays.js";
import { rowsOf } from "../src/db/rows.js";
import { it } from "./support/fixtures.js";

it("textArray passes any strings through as one text[] parameter, quotes and backslashes included", async ({
  database,
}) => {
  const values = ['SKU "A"', "back\\slash", "a,b", "{braces}", "", "NULL", "ॐ"];
  const [row] = rowsOf(
    await database.handle.db.execute(
      sql`select ${textArray(values)} as v, cardinality(${textArray(values)}) as n, cardinality(${textArray([])}) as empty`,
    ),
  );
  expect(row).toEqual({ v: values, n: values.length, empty: 0 });
});
