import { inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { invoiceItems, invoices } from "../../db/schema.js";
import { findInvoiceJson } from "../../speed/invoice-json.js";
import type { IssuedInvoiceCache } from "../../speed/issued-invoice-cache.js";
import { notFound } from "../../values/problem.js";
import { linesByDocument } from "../shared/document-view.js";
import { type Owner, ownedBy, ownedRow } from "../shared/owner.js";
import type { InvoiceItemRow, InvoiceRow } from "./invoice-view.js";

export async function itemsOf(
  tx: Executor,
  owner: Owner,
  ids: readonly string[],
): Promise<Map<string, InvoiceItemRow[]>> {
  const rows =
    ids.length === 0
      ? []
      : await tx
          .select()
          .from(invoiceItems)
          .where(ownedBy(invoiceItems, owner, inArray(invoiceItems.invoiceId, [...ids])));
  return linesByDocument(ids, rows, (row) => row.invoiceId);
}

/**
 * GET /v1/invoices/{id}/einvoice: the invoice's number, and its INV-01 document as the text that was
 * sent to the IRP (null for an invoice without an e-invoice).
 */
export async function findInvoiceEinvoice(
  db: Executor,
  owner: Owner,
  id: string,
): Promise<{ number: string; einvoice: string | null }> {
  const [row] = await db
    .select({ number: invoices.number, einvoice: sql<string | null>`${invoices.einvoice}::text` })
    .from(invoices)
    .where(ownedRow(invoices, owner, id))
    .limit(1);
  if (!row) throw notFound("invoice", id);
  return row;
}

/** The invoice's row, locked until the transaction ends; 404 when this owner has no such invoice. */
export async function lockInvoice(tx: Executor, owner: Owner, id: string): Promise<InvoiceRow> {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(ownedRow(invoices, owner, id))
    .for("update");
  if (!row) throw notFound("invoice", id);
  return row;
}

/**
 * GET /v1/invoices/{id}: the invoice as JSON text, written by PostgreSQL with what never changes once
 * issued kept by this node (speed/invoice-json.ts).
 */
export function retrieveInvoiceJson(
  db: Executor,
  cache: IssuedInvoiceCache,
  owner: Owner,
  id: string,
): Promise<string> {
  return findInvoiceJson(db, cache, owner, id);
}
