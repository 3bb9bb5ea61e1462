import type { components } from "@bahi/contract";
import { getTableColumns, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { invoiceItems, invoices } from "../../db/schema.js";
import type { IssuedInvoices } from "../../speed/issued-invoices.js";
import { JsonText } from "../../values/json-text.js";
import { notFound } from "../../values/problem.js";
import { linesByDocument } from "../shared/document-view.js";
import { type Owner, ownedBy, ownedRow } from "../shared/owner.js";
import { type InvoiceItemRow, type InvoiceRow, toInvoice } from "./invoice-view.js";

type Invoice = components["schemas"]["Invoice"];

/** Every column of an invoice but its INV-01 document, which only GET …/einvoice answers. */
const { einvoice: _einvoice, ...invoiceColumns } = getTableColumns(invoices);
export type ReadInvoiceRow = Omit<InvoiceRow, "einvoice">;

/** The lines of some invoices, by invoice: each id asked for has a list, empty when it has none. */
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

/** Invoices as the API answers them, from their rows (in the rows' order) and their lines. */
export async function invoicesOf(
  db: Executor,
  owner: Owner,
  rows: readonly ReadInvoiceRow[],
): Promise<Invoice[]> {
  const items = await itemsOf(
    db,
    owner,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toInvoice(row, items.get(row.id) ?? []));
}

/** An invoice of this owner, as the API answers it; 404 when there is none. */
export async function readInvoice(db: Executor, owner: Owner, id: string): Promise<Invoice> {
  const [[row], items] = await Promise.all([
    db
      .select(invoiceColumns)
      .from(invoices)
      .where(ownedRow(invoices, owner, id))
      .limit(1),
    itemsOf(db, owner, [id]),
  ]);
  if (!row) throw notFound("invoice", id);
  return toInvoice(row, items.get(id) ?? []);
}

/**
 * GET /v1/invoices/{id}. `issued` keeps what never changes once an invoice is issued
 * (speed/issued-invoices.ts); without it every read takes the invoice's rows whole.
 */
export async function retrieveInvoice(
  db: Executor,
  issued: IssuedInvoices | null,
  owner: Owner,
  id: string,
): Promise<Invoice | JsonText<Invoice>> {
  if (!issued) return readInvoice(db, owner, id);
  const text = await issued.find(db, owner, id);
  if (text === undefined) throw notFound("invoice", id);
  return new JsonText<Invoice>(text);
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

export { invoiceColumns };
