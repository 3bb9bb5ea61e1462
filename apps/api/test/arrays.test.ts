import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { textArray } from "../src/db/arrays.js";
import { rowsOf } from "../src/db/rows.js";
import { createTestDatabase, type TestDatabase } from "./support/database.js";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

it("textArray passes any strings through as one text[] parameter, quotes and backslashes included", async () => {
  const values = ['SKU "A"', "back\\slash", "a,b", "{braces}", "", "NULL", "ॐ"];
  const [row] = rowsOf(
    await database.handle.db.execute(
      sql`select ${textArray(values)} as v, cardinality(${textArray(values)}) as n, cardinality(${textArray([])}) as empty`,
    ),
  );
  expect(row).toEqual({ v: values, n: values.length, empty: 0 });
});
