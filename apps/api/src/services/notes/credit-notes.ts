import type { components } from "@bahi/contract";
import {
  draftCreditNote,
  formatMilli,
  formatRupees,
  type Milli,
  milliToNumber,
  parseNumeric,
} from "@bahi/gst";
import { getTableColumns, inArray, sum } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { creditNoteItems, creditNotes, invoices, stockMovements } from "../../db/schema.js";
import type { EInvoiceProvider } from "../../einvoice/provider.js";
import { newId } from "../../values/ids.js";
import { notFound } from "../../values/problem.js";
import { applyStockMovements, type Move } from "../catalogue/stock.js";
import { enqueueRegistration } from "../einvoice/queue.js";
import { recordEvent } from "../events/events.js";
import { settlementStatus, toInvoice } from "../invoices/invoice-view.js";
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
  rupees,
} from "../shared/document-view.js";
import { type Owner, ownedBy, ownedRow } from "../shared/owner.js";
import type { Page } from "../shared/pagination.js";
import { draftOrRefuse } from "../shared/refusals.js";
import { readCreditNoteFacts } from "./facts.js";
import { type NoteFilters, notePage } from "./note-rules.js";

type CreditNote = components["schemas"]["CreditNote"];
type CreditNoteCreate = components["schemas"]["CreditNoteCreate"];
export type CreditNoteRow = typeof creditNotes.$inferSelect;
export type CreditNoteItemRow = typeof creditNoteItems.$inferSelect;

const milli = (text: string) => parseNumeric(text, 3);
const decimal3 = (text: string | null) => (text === null ? null : milliToNumber(milli(text)));

const { einvoice: _einvoice, ...noteColumns } = getTableColumns(creditNotes);

export function toCreditNote(
  row: Omit<CreditNoteRow, "einvoice">,
  items: readonly CreditNoteItemRow[],
): CreditNote {
  return {
    id: row.id,
    object: "credit_note",
    livemode: row.livemode,
    number: row.number,
    date: row.date,
    invoice_id: row.invoiceId,
    party_id: row.partyId,
    reason: row.reason,
    restock: row.restock,
    place_of_supply: row.placeOfSupply as CreditNote["place_of_supply"],
    supply_type: row.supplyType,
    reverse_charge: row.reverseCharge,
    sgst_label: row.sgstLabel,
    items: inLineOrder(items).map((item) => ({
      ...lineProduct(item),
      qty: decimal3(item.qty),
      rate: decimal3(item.rate),
      discount: rupees(item.discount),
      ...lineTax(item),
    })),
    ...documentTotals(row),
    credited_to_party: rupees(row.creditedToParty),
    refund_due: rupees(row.refundDue),
    ...documentRegistration(row),
    ...einvoiceProgressView(row),
    created_at: row.createdAt.toISOString(),
  };
}

async function itemsOf(
  db: Executor,
  owner: Owner,
  ids: readonly string[],
): Promise<Map<string, CreditNoteItemRow[]>> {
  const rows =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(creditNoteItems)
          .where(ownedBy(creditNoteItems, owner, inArray(creditNoteItems.creditNoteId, [...ids])));
  return linesByDocument(ids, rows, (row) => row.creditNoteId);
}

/**
 * POST /v1/credit_notes: drafts the note from its invoice's lines and earlier notes (packages/gst),
 * restocks what the sale took and the note gives back, numbers, registers and writes it, and moves
 * the invoice's balance.
 */
export async function createCreditNote(
  tx: Executor,
  owner: Owner,
  body: CreditNoteCreate,
  now: Date,
  /** The sandbox, which registers in process; null: a live IRP registers the note after the commit. */
  irp: EInvoiceProvider | null,
): Promise<CreditNote> {
  const { facts, invoice, account, lines, creditNoteIds } = await readCreditNoteFacts(
    tx,
    owner,
    body.invoice_id,
  );
  const draft = draftOrRefuse(draftCreditNote(facts, body, now));
  const { tax, date } = draft;
  const id = newId("creditNote");
  const returns = await stockToReturn(tx, owner, draft.restock, [invoice.id, ...creditNoteIds]);
  const [, { number, financialYear, seq, format }] = await Promise.all([
    applyStockMovements(tx, owner, returns, { kind: "credit_note", sourceId: id }),
    nextDocumentNumber(
      tx,
      owner,
      "credit_note",
      { format: account.creditNoteNumberFormat, reset: account.numberReset },
      date,
    ),
  ]);
  const einvoice = draft.einvoice(number);
  const registration = einvoice && irp ? await irp.register(einvoice) : null;
  const row: CreditNoteRow = {
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
    restock: returns.length > 0,
    placeOfSupply: invoice.placeOfSupply,
    supplyType: invoice.supplyType,
    reverseCharge: invoice.reverseCharge,
    sgstLabel: invoice.sgstLabel,
    ...totalColumns(tax),
    creditedToParty: formatRupees(draft.creditedToParty),
    refundDue: formatRupees(draft.refundDue),
    ...einvoiceColumns(einvoice, registration),
    createdAt: now,
  };
  const items: CreditNoteItemRow[] = draft.lines.map(({ line, qty, tax: t }, i) => ({
    accountId: owner.accountId,
    livemode: owner.livemode,
    creditNoteId: id,
    lineNo: i + 1,
    invoiceId: invoice.id,
    invoiceLineNo: line.lineNo,
    productId: line.productId,
    sku: line.sku,
    description: line.description,
    hsnCode: line.hsnCode,
    unit: line.unit,
    qty: qty === null ? null : formatMilli(qty),
    rate: qty === null ? null : formatMilli(line.rate),
    gross: formatRupees(t.gross),
    discount: formatRupees(t.discount),
    ...lineTaxColumns(t, line),
  }));
  const note = toCreditNote(row, items);
  const amountCredited = parseNumeric(invoice.amountCredited, 2) + draft.creditedToParty;
  const withCredit = { ...invoice, amountCredited: formatRupees(amountCredited) };
  const status = settlementStatus(withCredit);
  const updated = { ...withCredit, status };
  await Promise.all([
    tx.insert(creditNotes).values(row),
    tx.insert(creditNoteItems).values(items),
    tx
      .update(invoices)
      .set({ amountCredited: updated.amountCredited, status })
      .where(ownedRow(invoices, owner, invoice.id)),
    recordEvent(tx, owner, "credit_note.created", note),
  ]);
  // Queued with the note, so that a crash before its registration leaves it to the workers.
  if (row.einvoiceStatus === "pending") await enqueueRegistration(tx, owner, "credit_note", id);
  if (draft.creditedToParty > 0n) {
    await recordEvent(
      tx,
      owner,
      status === "paid" ? "invoice.paid" : "invoice.partially_paid",
      toInvoice(updated, lines),
    );
  }
  return note;
}

/**
 * What a note may put back in stock: only what the sale took, less what earlier notes put back (the
 * product's track_stock today says nothing of what it was when the invoice was issued).
 */
async function stockToReturn(
  tx: Executor,
  owner: Owner,
  wanted: ReadonlyMap<string, Milli>,
  sources: readonly string[],
): Promise<Move[]> {
  if (wanted.size === 0) return [];
  const held = await tx
    .select({ productId: stockMovements.productId, quantity: sum(stockMovements.quantity) })
    .from(stockMovements)
    .where(
      ownedBy(
        stockMovements,
        owner,
        inArray(stockMovements.productId, [...wanted.keys()]),
        inArray(stockMovements.kind, ["invoice", "credit_note"]),
        inArray(stockMovements.sourceId, [...sources]),
      ),
    )
    .groupBy(stockMovements.productId);
  return held
    .map(({ productId, quantity }) => {
      const taken = quantity === null ? 0n : -parseNumeric(quantity, 3);
      const back = wanted.get(productId) ?? 0n;
      return { productId, quantity: back < taken ? back : taken };
    })
    .filter((m) => m.quantity > 0n);
}

/** The notes `ids` names, in that order, as the API answers them; ids the owner lacks are left out. */
export async function creditNotesOf(
  db: Executor,
  owner: Owner,
  ids: readonly string[],
): Promise<CreditNote[]> {
  if (ids.length === 0) return [];
  const [rows, lines] = await Promise.all([
    db
      .select(noteColumns)
      .from(creditNotes)
      .where(ownedBy(creditNotes, owner, inArray(creditNotes.id, [...ids]))),
    itemsOf(db, owner, ids),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toCreditNote(row, lines.get(id) ?? [])] : [];
  });
}

/** GET /v1/credit_notes/{id}. */
export async function findCreditNote(db: Executor, owner: Owner, id: string): Promise<CreditNote> {
  const [note] = await creditNotesOf(db, owner, [id]);
  if (!note) throw notFound("credit_note", id);
  return note;
}

/** GET /v1/credit_notes. */
export function listCreditNotes(db: Executor, owner: Owner, filters: NoteFilters): Promise<Page<CreditNote>> {
  return notePage(db, creditNotes, owner, filters, (ids) => creditNotesOf(db, owner, ids));
}
