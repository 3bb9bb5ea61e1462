import type { components } from "@bahi/contract";
import { inArray } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { invoices } from "../../db/schema.js";
import { type Owner, ownedBy } from "../shared/owner.js";
import { invoiceColumns, invoicesOf } from "./read.js";

type Invoice = components["schemas"]["Invoice"];

/** The invoices `ids` names, by id, in two statements (rows, lines); ids this owner lacks are missing. */
export async function invoicesByIds(
  db: Executor,
  owner: Owner,
  ids: readonly string[],
): Promise<Map<string, Invoice>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(invoiceColumns)
    .from(invoices)
    .where(ownedBy(invoices, owner, inArray(invoices.id, [...ids])));
  return new Map((await invoicesOf(db, owner, rows)).map((invoice) => [invoice.id, invoice]));
}
