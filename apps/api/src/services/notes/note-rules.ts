import { asc, desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { creditNotes, debitNotes, invoiceItems, invoices } from "../../db/schema.js";

import { ApiError, conflict, field, notFound, unprocessable } from "../../values/problem.js";
import { type AccountRow, findAccount } from "../accounts/accounts.js";
import type { InvoiceItemRow, InvoiceRow } from "../invoices/invoice-view.js";
import { type Owner, ownedBy, ownedRow } from "../shared/owner.js";
import { checkDateRange, type ListQuery, type Page, pageOf } from "../shared/pagination.js";
import { type DatedPageQuery, datedPage } from "../shared/sparse-pages.js";

// Credit and debit notes (GST section 34) share these rules: each adjusts one issued invoice, on its
// terms (place of supply, supply type, rates), and is e-invoiced when the invoice was.

const { einvoice: _einvoice, ...invoiceColumns } = getTableColumns(invoices);

/**
 * The invoice a note adjusts, locked until commit, and the account: a racing note, payment or
 * cancellation of the same invoice waits, then sees this note's effect. No such invoice is a 422 at
 * `/invoice_id`; a cancelled one a 409 `invoice_cancelled`, with `why` saying what it cannot have.
 */
export async function invoiceForNote(
  tx: Executor,
  owner: Owner,
  invoiceId: string,
  why: string,
): Promise<{ invoice: Omit<InvoiceRow, "einvoice">; account: AccountRow }> {
  const [[invoice], account] = await Promise.all([
    tx
      .select(invoiceColumns)
      .from(invoices)
      .where(ownedRow(invoices, owner, invoiceId))
      .for("update"),
    findAccount(tx, owner.accountId),
  ]);
  if (!invoice) {
    throw unprocessable("unknown_invoice", `No such invoice: ${invoiceId}`, [
      field("unknown_invoice", "/invoice_id", "no such invoice in this account and mode"),
    ]);
  }
  if (invoice.status === "cancelled")
    throw conflict("invoice_cancelled", `Invoice ${invoice.number} is cancelled; ${why}.`);
  // A note of an e-invoice refers to its IRN: an invoice still without one cannot have a note yet.
  if (invoice.einvoiceStatus === "pending" || invoice.einvoiceStatus === "failed") {
    throw conflict(
      "einvoice_pending",
      `Invoice ${invoice.number} has no IRN yet (its registration is ${invoice.einvoiceStatus}); issue the note once it has one.`,
    );
  }
  return { invoice, account };
}

/** The lines of the invoice a note adjusts, in their order on it. */
export function invoiceLinesOf(tx: Executor, owner: Owner, invoiceId: string): Promise<InvoiceItemRow[]> {
  return tx
    .select()
    .from(invoiceItems)
    .where(ownedBy(invoiceItems, owner, eq(invoiceItems.invoiceId, invoiceId)))
    .orderBy(asc(invoiceItems.lineNo));
}

const noteTables = { credit_note: creditNotes, debit_note: debitNotes } as const;

/**
 * GET …/einvoice of a note: its INV-01 as it was sent to the IRP, as JSON text. A note of an invoice
 * without an IRN has none (404 `einvoice_not_applicable`).
 */
export async function noteEinvoiceText(
  db: Executor,
  owner: Owner,
  kind: keyof typeof noteTables,
  id: string,
): Promise<string> {
  const table = noteTables[kind];
  const [row] = await db
    .select({ number: table.number, einvoice: sql<string | null>`${table.einvoice}::text` })
    .from(table)
    .where(ownedRow(table, owner, id))
    .limit(1);
  if (!row) throw notFound(kind, id);
  if (row.einvoice === null) {
    const what = kind === "credit_note" ? "Credit note" : "Debit note";
    throw new ApiError(
      404,
      "einvoice_not_applicable",
      `${what} ${row.number} adjusts an invoice without an IRN: it has no e-invoice.`,
    );
  }
  return row.einvoice;
}

/** The filters of GET /v1/credit_notes and GET /v1/debit_notes. */
export type NoteFilters = ListQuery<"listCreditNotes"> | ListQuery<"listDebitNotes">;

/** A page's filters on the notes' table, for datedPage; 400 for an inverted date range. */
function noteListQuery(
  table: (typeof noteTables)[keyof typeof noteTables],
  filters: NoteFilters,
): DatedPageQuery {
  checkDateRange(filters);
  return {
    ...filters,
    selective: filters.invoice_id !== undefined || filters.party_id !== undefined,
    conditions: [
      filters.invoice_id ? eq(table.invoiceId, filters.invoice_id) : undefined,
      filters.party_id ? eq(table.partyId, filters.party_id) : undefined,
    ],
  };
}

/**
 * GET /v1/credit_notes or /v1/debit_notes: the page of notes, newest first, each built by `notesOf`
 * from its row and lines.
 */
export async function notePage<Note>(
  db: Executor,
  table: (typeof noteTables)[keyof typeof noteTables],
  owner: Owner,
  filters: NoteFilters,
  notesOf: (ids: string[]) => Promise<Note[]>,
): Promise<Page<Note>> {
  const rows = await datedPage(table, owner, noteListQuery(table, filters), (where) =>
    db
      .select({ id: table.id })
      .from(table)
      .where(where)
      .orderBy(desc(table.id))
      .limit(filters.limit + 1),
  );
  const page = pageOf(rows, filters.limit);
  return { ...page, data: await notesOf(page.data.map((row) => row.id)) };
}
