import type { components } from "@bahi/contract";
import { inArray } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { products } from "../../db/schema.js";
import { type Owner, ownedBy } from "../shared/owner.js";
import { toProduct } from "./product-view.js";

type Product = components["schemas"]["Product"];

/** The products `ids` names, with their stock, in one statement, by id; ids this owner lacks are missing. */
export async function productsByIds(
  db: Executor,
  owner: Owner,
  ids: readonly string[],
): Promise<Map<string, Product>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(products)
    .where(ownedBy(products, owner, inArray(products.id, [...ids])));
  return new Map(rows.map((row) => [row.id, toProduct(row)]));
}
