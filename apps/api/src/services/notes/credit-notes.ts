import type { components } from "@bahi/contract";
import {
  divideRoundHalfUp,
  formatMilli,
  formatRupees,
  type InvoiceTax,
  isGstError,
  type Milli,
  milliToNumber,
  type Paise,
  parseMilli,
  parseNumeric,
  parseRupees,
  roundToRupee,
  type TaxedItem,
} from "@bahi/gst";
import { eq, getTableColumns, inArray, sum } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { creditNoteItems, creditNotes, debitNoteItems, invoices, stockMovements } from "../../db/schema.js";
import { type EInvoiceProvider, registrationColumns } from "../../einvoice/provider.js";
import { foundJson, type JsonCache } from "../../speed/json-cache.js";
import { newId } from "../../values/ids.js";
import { type FieldErrorList, field, unprocessable } from "../../values/problem.js";
import { applyStockMovements, type Move } from "../catalogue/stock.js";
import { recordEvent } from "../events/events.js";
import {
  balanceOf,
  type InvoiceItemRow,
  type InvoiceRow,
  settlementStatus,
  toInvoice,
} from "../invoices/invoice-view.js";
import { nextDocumentNumber } from "../shared/document-numbers.js";
import {
  documentRegistration,
  documentTotals,
  inLineOrder,
  lineProduct,
  linesByDocument,
  lineTax,
  rupees,
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

type CreditNote = components["schemas"]["CreditNote"];
type CreditNoteCreate = components["schemas"]["CreditNoteCreate"];
export type CreditNoteRow = typeof creditNotes.$inferSelect;
export type CreditNoteItemRow = typeof creditNoteItems.$inferSelect;

const paise = (text: string) => parseNumeric(text, 2);
const milli = (text: string) => parseNumeric(text, 3);
const decimal3 = (text: string | null) => (text === null ? null : milliToNumber(milli(text)));
// qty and rate are both scaled by 1,000: their product is in 10^-6 rupees; paise are 10^-2.
const GROSS_TO_PAISE = 10_000n;
const smaller = (a: bigint, b: bigint) => (a < b ? a : b);
const larger = (a: bigint, b: bigint) => (a > b ? a : b);

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
    created_at: row.createdAt.toISOString(),
  };
}

/** What is left to credit on one invoice line after the credit notes before. */
interface LineState {
  line: InvoiceItemRow;
  qty: Milli;
  rate: Milli;
  discount: Paise;
  remainingQty: Milli;
  remainingTaxable: Paise;
  remainingTax: { cgst: Paise; sgst: Paise; igst: Paise; cess: Paise };
}

/** One credited part of an invoice line: `qty` null when credited by value alone. */
interface Piece {
  state: LineState;
  qty: Milli | null;
  gross: Paise;
  taxable: Paise;
}

/** Takes `qty` units off a line: at its rate, less its share of the line's discount; the last units take what is left. */
function qtyPiece(state: LineState, qty: Milli): Piece {
  const gross = divideRoundHalfUp(qty * state.rate, GROSS_TO_PAISE);
  if (qty === state.remainingQty) {
    const taxable = state.remainingTaxable;
    return { state, qty, gross: larger(gross, taxable), taxable };
  }
  const share = divideRoundHalfUp(state.discount * qty, state.qty);
  return { state, qty, gross, taxable: gross - share };
}

/** A line given away (rate 0, or discounted to nothing): no value to credit, but units to take back. */
const free = (state: LineState) => paise(state.line.taxableValue) === 0n;

function take(piece: Piece): void {
  const { state } = piece;
  if (piece.qty !== null) state.remainingQty -= piece.qty;
  state.remainingTaxable -= piece.taxable;
}

function piecesOf(states: LineState[], body: CreditNoteCreate): Piece[] {
  if (body.whole) {
    const pieces: Piece[] = [];
    for (const state of states) {
      if (state.remainingTaxable <= 0n && !(free(state) && state.remainingQty > 0n)) continue;
      const piece: Piece =
        state.remainingQty > 0n
          ? qtyPiece(state, state.remainingQty)
          : { state, qty: null, gross: state.remainingTaxable, taxable: state.remainingTaxable };
      take(piece);
      pieces.push(piece);
    }
    if (pieces.length === 0) {
      const message = "nothing is left to credit on the invoice";
      throw unprocessable("credit_exceeds_creditable", `whole: ${message}`, [
        field("credit_exceeds_creditable", "/whole", message),
      ]);
    }
    return pieces;
  }
  const errors: FieldErrorList = [];
  const pieces: Piece[] = [];
  (body.items ?? []).forEach((item, i) => {
    const lines = states.filter((s) => s.line.sku === item.sku);
    if (lines.length === 0) {
      errors.push(field("unknown_sku", `/items/${i}/sku`, `the invoice has no line with SKU ${item.sku}`));
      return;
    }
    const exceeds = (pointer: string, what: string) =>
      errors.push(
        field("credit_exceeds_creditable", pointer, `is more than the ${what} of ${item.sku} left to credit`),
      );
    if (item.qty !== undefined) {
      let left = parseMilli(item.qty);
      const mine: Piece[] = [];
      for (const state of lines) {
        if (left === 0n) break;
        const qty = smaller(left, state.remainingQty);
        if (qty <= 0n) continue;
        const piece = qtyPiece(state, qty);
        const spent = state.remainingTaxable === 0n && !free(state);
        if (piece.taxable > state.remainingTaxable || piece.taxable < 0n || spent) {
          left = -1n;
          break;
        }
        mine.push(piece);
        left -= qty;
      }
      if (left !== 0n) {
        exceeds(`/items/${i}/qty`, "quantity");
        return;
      }
      for (const piece of mine) {
        take(piece);
        pieces.push(piece);
      }
    } else {
      let left = parseRupees(item.taxable_value as number);
      const mine: Piece[] = [];
      for (const state of lines) {
        if (left === 0n) break;
        const taxable = smaller(left, state.remainingTaxable);
        if (taxable <= 0n) continue;
        mine.push({ state, qty: null, gross: taxable, taxable });
        left -= taxable;
      }
      if (left !== 0n) {
        exceeds(`/items/${i}/taxable_value`, "taxable value");
        return;
      }
      for (const piece of mine) {
        take(piece);
        pieces.push(piece);
      }
    }
  });
  const [first] = errors;
  if (first) throw unprocessable(first.code, `${first.pointer.slice(1)}: ${first.message}`, errors);
  return pieces;
}

/**
 * The note's tax, computed per line as the invoice's (its rate, place of supply and supply type), but
 * never more than is left of the line's tax: pieces rounded half-up one by one can add up to more than
 * the line's tax rounded once (two halves of 201.05 at 9% are 9.05 each, of 18.09). A piece taking all
 * that is left of a line's value takes all that is left of its tax, so that the notes of an invoice
 * never credit a paisa of tax more (or less) than the invoice charged.
 */
function taxOf(
  invoice: Pick<InvoiceRow, "date" | "placeOfSupply" | "supplyType" | "reverseCharge" | "underLut">,
  pieces: Piece[],
): InvoiceTax {
  const computed = noteTax(
    invoice,
    pieces.map((p) => ({
      taxable: p.taxable,
      gstRate: milli(p.state.line.gstRate),
      cessRate: milli(p.state.line.cessRate),
    })),
  );
  const items: TaxedItem[] = computed.items.map((t, i) => {
    const piece = pieces[i] as Piece;
    const left = piece.state.remainingTax;
    const taxes =
      piece.state.remainingTaxable === 0n
        ? left
        : {
            cgst: smaller(t.cgst, left.cgst),
            sgst: smaller(t.sgst, left.sgst),
            igst: smaller(t.igst, left.igst),
            cess: smaller(t.cess, left.cess),
          };
    piece.state.remainingTax = {
      cgst: left.cgst - taxes.cgst,
      sgst: left.sgst - taxes.sgst,
      igst: left.igst - taxes.igst,
      cess: left.cess - taxes.cess,
    };
    const withTax = piece.taxable + taxes.cgst + taxes.sgst + taxes.igst + taxes.cess;
    return {
      ...t,
      ...taxes,
      gross: piece.gross,
      discount: piece.gross - piece.taxable,
      taxable_value: piece.taxable,
      total: invoice.reverseCharge ? piece.taxable : withTax,
    };
  });
  const add = (key: "gross" | "discount" | "taxable_value" | "cgst" | "sgst" | "igst" | "cess" | "total") =>
    items.reduce((a, t) => a + t[key], 0n);
  const unrounded = add("total");
  const total = roundToRupee(unrounded);
  return {
    ...computed,
    items,
    gross: add("gross"),
    discount: add("discount"),
    taxable_value: add("taxable_value"),
    cgst: add("cgst"),
    sgst: add("sgst"),
    igst: add("igst"),
    cess: add("cess"),
    round_off: total - unrounded,
    total,
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

export async function createCreditNote(
  tx: Executor,
  owner: Owner,
  body: CreditNoteCreate,
  now: Date,
  irp: EInvoiceProvider,
): Promise<CreditNote> {
  // A racing note for the same invoice waits for this one's lock, then sees its lines, so two notes can
  // never together credit more than the invoice.
  const { invoice, account } = await invoiceForNote(tx, owner, body.invoice_id, "it has nothing to credit");
  const latest = `${Number(invoice.financialYear.slice(0, 4)) + 1}-11-30`;
  const date = checkNoteDate(account, invoice, body.date, now, {
    date: latest,
    code: "credit_note_too_late",
    message: `a credit note for an invoice of ${invoice.financialYear} must be dated ${latest} at the latest`,
  });
  const [lines, credited, debited, [prior]] = await Promise.all([
    invoiceLinesOf(tx, owner, invoice.id),
    tx
      .select()
      .from(creditNoteItems)
      .where(ownedBy(creditNoteItems, owner, eq(creditNoteItems.invoiceId, invoice.id))),
    tx
      .select()
      .from(debitNoteItems)
      .where(ownedBy(debitNoteItems, owner, eq(debitNoteItems.invoiceId, invoice.id))),
    tx
      .select({ total: sum(creditNotes.total), roundOff: sum(creditNotes.roundOff) })
      .from(creditNotes)
      .where(ownedBy(creditNotes, owner, eq(creditNotes.invoiceId, invoice.id))),
  ]);
  // A line's value and tax are what the invoice charged plus its debit notes, less its credit notes.
  const states: LineState[] = lines.map((line) => {
    const mine = credited.filter((c) => c.invoiceLineNo === line.lineNo);
    const raised = debited.filter((d) => d.invoiceLineNo === line.lineNo);
    const add = (f: (c: CreditNoteItemRow) => bigint) => mine.reduce((a, c) => a + f(c), 0n);
    const net = (key: "taxableValue" | "cgst" | "sgst" | "igst" | "cess") =>
      paise(line[key]) + raised.reduce((a, d) => a + paise(d[key]), 0n) - add((c) => paise(c[key]));
    return {
      line,
      qty: milli(line.qty),
      rate: milli(line.rate),
      discount: paise(line.discount),
      remainingQty: milli(line.qty) - add((c) => (c.qty === null ? 0n : milli(c.qty))),
      remainingTaxable: net("taxableValue"),
      remainingTax: { cgst: net("cgst"), sgst: net("sgst"), igst: net("igst"), cess: net("cess") },
    };
  });
  const pieces = piecesOf(states, body);
  let computed: InvoiceTax;
  try {
    computed = taxOf(invoice, pieces);
  } catch (error) {
    if (isGstError(error)) throw unprocessable(error.code, error.message);
    throw error;
  }
  // Each note rounds to the rupee the value credited so far by the invoice's notes, itself included,
  // and takes what that adds to the notes before: notes rounded on their own could add up to more than
  // the invoice's total (four notes of 118.50, 118.50, 118.50 and 118.48 against 473.98 -> 474), and the
  // note crediting all that is left then mirrors the invoice's rounding. Its round_off stays under a rupee.
  const priorTotal = prior?.total ? paise(prior.total) : 0n;
  const priorValue = priorTotal - (prior?.roundOff ? paise(prior.roundOff) : 0n);
  const unrounded = computed.total - computed.round_off;
  const total = roundToRupee(priorValue + unrounded) - priorTotal;
  const tax: InvoiceTax = { ...computed, total, round_off: total - unrounded };
  const balance = balanceOf(invoice);
  const creditedToParty = total < balance ? total : balance > 0n ? balance : 0n;
  const refundDue = total - creditedToParty;

  const id = newId("creditNote");
  const wanted = new Map<string, Milli>();
  if (body.restock ?? body.reason === "sales_return") {
    for (const { qty, state } of pieces)
      if (qty !== null) wanted.set(state.line.productId, (wanted.get(state.line.productId) ?? 0n) + qty);
  }
  // Only what the sale took from stock can go back, less what earlier notes put back: the product's
  // track_stock today says nothing of what it was when the invoice was issued.
  const held =
    wanted.size > 0
      ? await tx
          .select({ productId: stockMovements.productId, quantity: sum(stockMovements.quantity) })
          .from(stockMovements)
          .where(
            ownedBy(
              stockMovements,
              owner,
              inArray(stockMovements.productId, [...wanted.keys()]),
              inArray(stockMovements.kind, ["invoice", "credit_note"]),
              inArray(stockMovements.sourceId, [invoice.id, ...new Set(credited.map((c) => c.creditNoteId))]),
            ),
          )
          .groupBy(stockMovements.productId)
      : [];
  const returns: Move[] = held
    .map(({ productId, quantity }) => ({
      productId,
      quantity: smaller(wanted.get(productId) ?? 0n, quantity === null ? 0n : -milli(quantity)),
    }))
    .filter((m) => m.quantity > 0n);
  const restock = returns.length > 0;
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
  const einvoice = noteEinvoice("CRN", invoice, account, {
    number,
    date,
    lines: pieces.map((p) => ({
      description: p.state.line.description,
      hsnCode: p.state.line.hsnCode as string,
      unit: p.state.line.unit,
      qty: p.qty ?? 1000n,
      rate: p.qty === null ? p.gross * 10n : p.state.rate,
    })),
    tax,
  });
  const registration = einvoice ? await irp.register(einvoice) : null;
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
    restock,
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
    creditedToParty: formatRupees(creditedToParty),
    refundDue: formatRupees(refundDue),
    ...registrationColumns(registration),
    einvoice,
    createdAt: now,
  };
  const items: CreditNoteItemRow[] = tax.items.map((t, i) => {
    const piece = pieces[i] as Piece;
    const line = piece.state.line;
    return {
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
      qty: piece.qty === null ? null : formatMilli(piece.qty),
      rate: piece.qty === null ? null : line.rate,
      gross: formatRupees(t.gross),
      discount: formatRupees(t.discount),
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
  const note = toCreditNote(row, items);
  const amountCredited = paise(invoice.amountCredited) + creditedToParty;
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
  if (creditedToParty > 0n) {
    await recordEvent(
      tx,
      owner,
      status === "paid" ? "invoice.paid" : "invoice.partially_paid",
      toInvoice(updated, lines),
    );
  }
  return note;
}

function creditNotesJson(
  db: Executor,
  cache: JsonCache<string>,
  owner: Owner,
  ids: readonly string[],
): Promise<(string | undefined)[]> {
  return notesJson(
    cache,
    owner,
    "credit_note",
    ids,
    (missing) =>
      Promise.all([
        db
          .select(noteColumns)
          .from(creditNotes)
          .where(ownedBy(creditNotes, owner, inArray(creditNotes.id, missing))),
        itemsOf(db, owner, missing),
      ]),
    toCreditNote,
  );
}

/** GET /v1/credit_notes/{id}: the note as JSON text. */
export async function findCreditNoteJson(
  db: Executor,
  cache: JsonCache<string>,
  owner: Owner,
  id: string,
): Promise<string> {
  return foundJson("credit_note", id, await creditNotesJson(db, cache, owner, [id]));
}

/** GET /v1/credit_notes: the page as JSON text. */
export function listCreditNotes(
  db: Executor,
  cache: JsonCache<string>,
  owner: Owner,
  filters: NoteFilters,
): Promise<string> {
  return notePageJson(db, creditNotes, owner, filters, (ids) => creditNotesJson(db, cache, owner, ids));
}
