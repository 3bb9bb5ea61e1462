import type { components } from "@bahi/contract";
import { draftDebitNote, formatRupees, parseNumeric } from "@bahi/gst";
import { getTableColumns, inArray } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { debitNoteItems, debitNotes, invoices } from "../../db/schema.js";
import type { EInvoiceProvider } from "../../einvoice/provider.js";
import { newId } from "../../values/ids.js";
import { notFound } from "../../values/problem.js";
import { enqueueRegistration } from "../einvoice/queue.js";
import { recordEvent } from "../events/events.js";
import { settlementStatus } from "../invoices/invoice-view.js";
import { nextDocumentNumber } from "../shared/document-numbers.js";
import { einvoiceColumns, lineTaxColumns, totalColumns } from "../shared/document-rows.js";
import {
  documentRegistration,
  documentTotals,
  einvoiceProgressView,
  inLineOrder,
  lineProduct,
  linesByDocument,
  lineTax,
} from "../shared/document-view.js";
import { type Owner, ownedBy, ownedRow } from "../shared/owner.js";
import type { Page } from "../shared/pagination.js";
import { draftOrRefuse } from "../shared/refusals.js";
import { readDebitNoteFacts } from "./facts.js";
import { type NoteFilters, notePage } from "./note-rules.js";

type DebitNote = components["schemas"]["DebitNote"];
type DebitNoteCreate = components["schemas"]["DebitNoteCreate"];
type DebitNoteRow = typeof debitNotes.$inferSelect;
type DebitNoteItemRow = typeof debitNoteItems.$inferSelect;

const { einvoice: _einvoice, ...noteColumns } = getTableColumns(debitNotes);

function toDebitNote(row: Omit<DebitNoteRow, "einvoice">, items: readonly DebitNoteItemRow[]): DebitNote {
  return {
    id: row.id,
    object: "debit_note",
    livemode: row.livemode,
    number: row.number,
    date: row.date,
    invoice_id: row.invoiceId,
    party_id: row.partyId,
    reason: row.reason,
    place_of_supply: row.placeOfSupply as DebitNote["place_of_supply"],
    supply_type: row.supplyType,
    reverse_charge: row.reverseCharge,
    sgst_label: row.sgstLabel,
    items: inLineOrder(items).map((item) => ({ ...lineProduct(item), ...lineTax(item) })),
    ...documentTotals(row),
    ...documentRegistration(row),
    ...einvoiceProgressView(row),
    created_at: row.createdAt.toISOString(),
  };
}

async function itemsOf(
  db: Executor,
  owner: Owner,
  ids: readonly string[],
): Promise<Map<string, DebitNoteItemRow[]>> {
  const rows =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(debitNoteItems)
          .where(ownedBy(debitNoteItems, owner, inArray(debitNoteItems.debitNoteId, [...ids])));
  return linesByDocument(ids, rows, (row) => row.debitNoteId);
}

/**
 * POST /v1/debit_notes: drafts the note on its invoice's lines (packages/gst), numbers, registers and
 * writes it, and adds its total to what the invoice's party owes.
 */
export async function createDebitNote(
  tx: Executor,
  owner: Owner,
  body: DebitNoteCreate,
  now: Date,
  /** The sandbox, which registers in process; null: a live IRP registers the note after the commit. */
  irp: EInvoiceProvider | null,
): Promise<DebitNote> {
  const { facts, invoice, account } = await readDebitNoteFacts(tx, owner, body.invoice_id);
  const draft = draftOrRefuse(draftDebitNote(facts, body, now));
  const { tax, date } = draft;
  const id = newId("debitNote");
  const { number, financialYear, seq, format } = await nextDocumentNumber(
    tx,
    owner,
    "debit_note",
    { format: account.debitNoteNumberFormat, reset: account.numberReset },
    date,
  );
  const einvoice = draft.einvoice(number);
  const registration = einvoice && irp ? await irp.register(einvoice) : null;
  const row: DebitNoteRow = {
    accountId: owner.accountId,
    livemode: owner.livemode,
    id,
    number,
    financialYear,
    seq,
    numberFormat: format,
    date,
    invoiceId: invoice.id,
    partyId: invoice.partyId,
    reason: body.reason,
    placeOfSupply: invoice.placeOfSupply,
    supplyType: invoice.supplyType,
    reverseCharge: invoice.reverseCharge,
    sgstLabel: invoice.sgstLabel,
    ...totalColumns(tax),
    ...einvoiceColumns(einvoice, registration),
    createdAt: now,
  };
  const items: DebitNoteItemRow[] = draft.lines.map(({ line, tax: t }, i) => ({
    accountId: owner.accountId,
    livemode: owner.livemode,
    debitNoteId: id,
    lineNo: i + 1,
    invoiceId: invoice.id,
    invoiceLineNo: line.lineNo,
    productId: line.productId,
    sku: line.sku,
    description: line.description,
    hsnCode: line.hsnCode,
    unit: line.unit,
    gross: formatRupees(t.taxable_value),
    discount: "0",
    ...lineTaxColumns(t, line),
  }));
  const note = toDebitNote(row, items);
  const amountDebited = formatRupees(parseNumeric(invoice.amountDebited, 2) + tax.total);
  const status = settlementStatus({ ...invoice, amountDebited });
  await Promise.all([
    tx.insert(debitNotes).values(row),
    tx.insert(debitNoteItems).values(items),
    tx
      .update(invoices)
      .set({ amountDebited, status })
      .where(ownedRow(invoices, owner, invoice.id)),
    recordEvent(tx, owner, "debit_note.created", note),
  ]);
  // Queued with the note, so that a crash before its registration leaves it to the workers.
  if (row.einvoiceStatus === "pending") await enqueueRegistration(tx, owner, "debit_note", id);
  return note;
}

/** The notes `ids` names, in that order, as the API answers them; ids the owner lacks are left out. */
export async function debitNotesOf(db: Executor, owner: Owner, ids: readonly string[]): Promise<DebitNote[]> {
  if (ids.length === 0) return [];
  const [rows, lines] = await Promise.all([
    db
      .select(noteColumns)
      .from(debitNotes)
      .where(ownedBy(debitNotes, owner, inArray(debitNotes.id, [...ids]))),
    itemsOf(db, owner, ids),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toDebitNote(row, lines.get(id) ?? [])] : [];
  });
}

/** GET /v1/debit_notes/{id}. */
export async function findDebitNote(db: Executor, owner: Owner, id: string): Promise<DebitNote> {
  const [note] = await debitNotesOf(db, owner, [id]);
  if (!note) throw notFound("debit_note", id);
  return note;
}

/** GET /v1/debit_notes. */
export function listDebitNotes(db: Executor, owner: Owner, filters: NoteFilters): Promise<Page<DebitNote>> {
  return notePage(db, debitNotes, owner, filters, (ids) => debitNotesOf(db, owner, ids));
}
