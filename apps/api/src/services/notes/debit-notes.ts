import type { components } from "@bahi/contract";
import {
  formatRupees,
  type InvoiceTax,
  isGstError,
  MAX_DOCUMENT_AMOUNT,
  parseNumeric,
  parseRupees,
  roundToRupee,
} from "@bahi/gst";
import { eq, getTableColumns, inArray, sum } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { debitNoteItems, debitNotes, invoices } from "../../db/schema.js";
import { type EInvoiceProvider, registrationColumns } from "../../einvoice/provider.js";
import { foundJson, type JsonCache } from "../../speed/json-cache.js";
import { newId } from "../../values/ids.js";
import { type FieldErrorList, field, unprocessable } from "../../values/problem.js";
import { recordEvent } from "../events/events.js";
import { type InvoiceItemRow, settlementStatus } from "../invoices/invoice-view.js";
import { nextDocumentNumber } from "../shared/document-numbers.js";
import {
  documentRegistration,
  documentTotals,
  inLineOrder,
  lineProduct,
  linesByDocument,
  lineTax,
} from "../shared/document-view.js";
import { type Owner, ownedBy, ownedRow } from "../shared/owner.js";
import {
  checkNoteDate,
  invoiceForNote,
  invoiceLinesOf,
  type NoteFilters,
  noteEinvoice,
  notePageJson,
  notesJson,
  noteTax,
} from "./note-rules.js";

type DebitNote = components["schemas"]["DebitNote"];
type DebitNoteCreate = components["schemas"]["DebitNoteCreate"];
type DebitNoteRow = typeof debitNotes.$inferSelect;
type DebitNoteItemRow = typeof debitNoteItems.$inferSelect;

const paise = (text: string) => parseNumeric(text, 2);
const milli = (text: string) => parseNumeric(text, 3);

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
    created_at: row.createdAt.toISOString(),
  };
}

/** One debited line: a value added to an invoice line. */
interface Piece {
  line: InvoiceItemRow;
  taxable: bigint;
}

/** Each item on the first invoice line with its SKU: lines of one product share its rates on the invoice date. */
function piecesOf(lines: readonly InvoiceItemRow[], body: DebitNoteCreate): Piece[] {
  const errors: FieldErrorList = [];
  const pieces: Piece[] = [];
  body.items.forEach((item, i) => {
    const line = lines.find((l) => l.sku === item.sku);
    if (!line) {
      errors.push(field("unknown_sku", `/items/${i}/sku`, `the invoice has no line with SKU ${item.sku}`));
      return;
    }
    pieces.push({ line, taxable: parseRupees(item.taxable_value) });
  });
  const [first] = errors;
  if (first) throw unprocessable(first.code, `${first.pointer.slice(1)}: ${first.message}`, errors);
  return pieces;
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

export async function createDebitNote(
  tx: Executor,
  owner: Owner,
  body: DebitNoteCreate,
  now: Date,
  irp: EInvoiceProvider,
): Promise<DebitNote> {
  const { invoice, account } = await invoiceForNote(tx, owner, body.invoice_id, "it cannot be debited");
  const date = checkNoteDate(account, invoice, body.date, now, null);
  const [lines, [prior]] = await Promise.all([
    invoiceLinesOf(tx, owner, invoice.id),
    tx
      .select({ total: sum(debitNotes.total), roundOff: sum(debitNotes.roundOff) })
      .from(debitNotes)
      .where(ownedBy(debitNotes, owner, eq(debitNotes.invoiceId, invoice.id))),
  ]);
  const pieces = piecesOf(lines, body);
  let computed: InvoiceTax;
  try {
    computed = noteTax(
      invoice,
      pieces.map((p) => ({
        taxable: p.taxable,
        gstRate: milli(p.line.gstRate),
        cessRate: milli(p.line.cessRate),
      })),
    );
  } catch (error) {
    if (isGstError(error)) throw unprocessable(error.code, error.message);
    throw error;
  }
  // The invoice and its debit notes round to the rupee together: each note takes what it adds to the
  // rounded value billed so far. Rounded on their own, an invoice and a note that both rounded up by
  // 0.50 would bill a rupee more than their lines, which credit notes (rounding the lines they credit
  // together) could then never credit back, leaving the party a rupee to pay.
  const billedTotal = paise(invoice.total) + (prior?.total ? paise(prior.total) : 0n);
  const billedRoundOff = paise(invoice.roundOff) + (prior?.roundOff ? paise(prior.roundOff) : 0n);
  const unrounded = computed.total - computed.round_off;
  const total = roundToRupee(billedTotal - billedRoundOff + unrounded) - billedTotal;
  const tax: InvoiceTax = { ...computed, total, round_off: total - unrounded };
  // Debit notes add up on their invoice: each within the limit, many of them took the invoice's
  // amount_debited and balance_due past what any amount may be.
  if (billedTotal + total > MAX_DOCUMENT_AMOUNT) {
    throw unprocessable(
      "amount_out_of_range",
      "The invoice with its debit notes would bill more than 99,999,999,999.99.",
      [field("amount_out_of_range", "/items", "the invoice with its debit notes would bill too much")],
    );
  }
  const id = newId("debitNote");
  const { number, financialYear, seq, format } = await nextDocumentNumber(
    tx,
    owner,
    "debit_note",
    { format: account.debitNoteNumberFormat, reset: account.numberReset },
    date,
  );
  const einvoice = noteEinvoice("DBN", invoice, account, {
    number,
    date,
    lines: pieces.map((p) => ({
      description: p.line.description,
      hsnCode: p.line.hsnCode as string,
      unit: p.line.unit,
      qty: 1000n,
      rate: p.taxable * 10n,
    })),
    tax,
  });
  const registration = einvoice ? await irp.register(einvoice) : null;
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
    taxableValue: formatRupees(tax.taxable_value),
    cgst: formatRupees(tax.cgst),
    sgst: formatRupees(tax.sgst),
    igst: formatRupees(tax.igst),
    cess: formatRupees(tax.cess),
    roundOff: formatRupees(tax.round_off),
    total: formatRupees(tax.total),
    ...registrationColumns(registration),
    einvoice,
    createdAt: now,
  };
  const items: DebitNoteItemRow[] = tax.items.map((t, i) => {
    const { line } = pieces[i] as Piece;
    return {
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
      taxableValue: formatRupees(t.taxable_value),
      gstRate: line.gstRate,
      cessRate: line.cessRate,
      cgst: formatRupees(t.cgst),
      sgst: formatRupees(t.sgst),
      igst: formatRupees(t.igst),
      cess: formatRupees(t.cess),
      total: formatRupees(t.total),
    };
  });
  const note = toDebitNote(row, items);
  const amountDebited = formatRupees(paise(invoice.amountDebited) + tax.total);
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
  return note;
}

function debitNotesJson(
  db: Executor,
  cache: JsonCache<string>,
  owner: Owner,
  ids: readonly string[],
): Promise<(string | undefined)[]> {
  return notesJson(
    cache,
    owner,
    "debit_note",
    ids,
    (missing) =>
      Promise.all([
        db
          .select(noteColumns)
          .from(debitNotes)
          .where(ownedBy(debitNotes, owner, inArray(debitNotes.id, missing))),
        itemsOf(db, owner, missing),
      ]),
    toDebitNote,
  );
}

/** GET /v1/debit_notes/{id}: the note as JSON text. */
export async function findDebitNoteJson(
  db: Executor,
  cache: JsonCache<string>,
  owner: Owner,
  id: string,
): Promise<string> {
  return foundJson("debit_note", id, await debitNotesJson(db, cache, owner, [id]));
}

/** GET /v1/debit_notes: the page as JSON text. */
export function listDebitNotes(
  db: Executor,
  cache: JsonCache<string>,
  owner: Owner,
  filters: NoteFilters,
): Promise<string> {
  return notePageJson(db, debitNotes, owner, filters, (ids) => debitNotesJson(db, cache, owner, ids));
}
