import type { components } from "@bahi/contract";
import { divideRoundHalfUp, type Milli, type Paise, parseMilli, parseRupees, roundToRupee } from "./money.js";
import {
  addTaxes,
  type CreditNoteDraft,
  type CreditNoteFacts,
  type NotedInvoice,
  type NotedLine,
  noteDate,
  noteEinvoice,
  noteTax,
  noteTaxRefusal,
  roundedAs,
  type Taxes,
} from "./note-draft.js";
import { type Drafted, drafting, type FieldRefusal, fieldRefusal, refuse, refuseAll } from "./refusal.js";
import type { InvoiceTax, TaxedItem } from "./tax.js";

type CreditNoteCreate = components["schemas"]["CreditNoteCreate"];

/** CREDIT_NOTE_DEADLINE: a credit note for an invoice of `FY` may be dated until 30 November after it. */
export const creditNoteDeadline = (financialYear: string) => `${Number(financialYear.slice(0, 4)) + 1}-11-30`;

// qty and rate are both scaled by 1,000: their product is in 10^-6 rupees; paise are 10^-2.
const GROSS_TO_PAISE = 10_000n;
const smaller = (a: bigint, b: bigint) => (a < b ? a : b);
const larger = (a: bigint, b: bigint) => (a > b ? a : b);

/** What is left to credit on one invoice line after the notes before. */
interface LineState {
  readonly line: NotedLine;
  remainingQty: Milli;
  remainingTaxable: Paise;
  remainingTax: Taxes;
}

/** One credited part of an invoice line: `qty` null when credited by value alone. */
interface Piece {
  readonly state: LineState;
  readonly qty: Milli | null;
  readonly gross: Paise;
  readonly taxable: Paise;
}

/** Takes `qty` units off a line at its rate, less its share of the discount; the last units take what is left. */
function qtyPiece(state: LineState, qty: Milli): Piece {
  const gross = divideRoundHalfUp(qty * state.line.rate, GROSS_TO_PAISE);
  if (qty === state.remainingQty) {
    const taxable = state.remainingTaxable;
    return { state, qty, gross: larger(gross, taxable), taxable };
  }
  const share = divideRoundHalfUp(state.line.discount * qty, state.line.qty);
  return { state, qty, gross, taxable: gross - share };
}

/** A line given away (rate 0, or discounted to nothing): no value to credit, but units to take back. */
const free = (state: LineState) => state.line.taxable === 0n;

function take(piece: Piece): void {
  const { state } = piece;
  if (piece.qty !== null) state.remainingQty -= piece.qty;
  state.remainingTaxable -= piece.taxable;
}

/** A line's value and tax left: what the invoice charged plus its debit notes, less its credit notes. */
function lineStates(facts: CreditNoteFacts): LineState[] {
  return facts.lines.map((line) => {
    const mine = facts.credited.filter((c) => c.invoiceLineNo === line.lineNo);
    const raised = facts.debited.filter((d) => d.invoiceLineNo === line.lineNo);
    let taxable = line.taxable;
    let taxes = line.taxes;
    for (const d of raised) {
      taxable += d.taxable;
      taxes = addTaxes(taxes, d.taxes);
    }
    let qty = line.qty;
    for (const c of mine) {
      taxable -= c.taxable;
      taxes = addTaxes(taxes, c.taxes, -1n);
      if (c.qty !== null) qty -= c.qty;
    }
    return { line, remainingQty: qty, remainingTaxable: taxable, remainingTax: taxes };
  });
}

function wholePieces(states: LineState[]): Piece[] {
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
    refuse("credit_exceeds_creditable", `whole: ${message}`, "/whole", message);
  }
  return pieces;
}

function creditPieces(states: LineState[], request: CreditNoteCreate): Piece[] {
  if (request.whole) return wholePieces(states);
  const errors: FieldRefusal[] = [];
  const pieces: Piece[] = [];
  (request.items ?? []).forEach((item, i) => {
    const lines = states.filter((s) => s.line.sku === item.sku);
    if (lines.length === 0) {
      errors.push(
        fieldRefusal("unknown_sku", `/items/${i}/sku`, `the invoice has no line with SKU ${item.sku}`),
      );
      return;
    }
    const exceeds = (pointer: string, what: string) =>
      errors.push(
        fieldRefusal(
          "credit_exceeds_creditable",
          pointer,
          `is more than the ${what} of ${item.sku} left to credit`,
        ),
      );
    const mine: Piece[] = [];
    if (item.qty !== undefined) {
      let left = parseMilli(item.qty);
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
    } else {
      let left = parseRupees(item.taxable_value as number);
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
    }
    for (const piece of mine) {
      take(piece);
      pieces.push(piece);
    }
  });
  refuseAll(errors);
  return pieces;
}

/**
 * The credit's tax, computed per line as the invoice's, but never more than is left of the line's
 * tax: pieces rounded half-up one by one can add up to more than the line's tax rounded once (two
 * halves of 201.05 at 9% are 9.05 each, of 18.09). A piece taking all that is left of a line's value
 * takes all that is left of its tax, so that the notes of an invoice never credit a paisa of tax
 * more (or less) than the invoice charged.
 */
function creditTax(invoice: NotedInvoice, pieces: Piece[]): InvoiceTax {
  const computed = noteTax(
    invoice,
    pieces.map((p) => ({
      taxable: p.taxable,
      gstRate: p.state.line.gstRate,
      cessRate: p.state.line.cessRate,
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
    piece.state.remainingTax = addTaxes(left, taxes, -1n);
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

function creditNote(facts: CreditNoteFacts, request: CreditNoteCreate, now: Date): CreditNoteDraft {
  const { invoice } = facts;
  const latest = creditNoteDeadline(invoice.financialYear);
  const date = noteDate(facts, request.date, now, {
    date: latest,
    code: "credit_note_too_late",
    message: `a credit note for an invoice of ${invoice.financialYear} must be dated ${latest} at the latest`,
  });
  const pieces = creditPieces(lineStates(facts), request);
  // Each note rounds to the rupee the value credited so far by the invoice's notes, itself included,
  // and takes what that adds to the notes before: notes rounded on their own could add up to more
  // than the invoice's total (four notes of 118.50, 118.50, 118.50 and 118.48 against 473.98 -> 474),
  // and the note crediting all that is left then mirrors the invoice's rounding.
  const priorValue = facts.prior.total - facts.prior.roundOff;
  const tax = roundedAs(
    creditTax(invoice, pieces),
    (unrounded) => roundToRupee(priorValue + unrounded) - facts.prior.total,
  );
  const balance = invoice.balance;
  const creditedToParty = tax.total < balance ? tax.total : balance > 0n ? balance : 0n;
  const restock = new Map<string, Milli>();
  if (request.restock ?? request.reason === "sales_return") {
    for (const { qty, state } of pieces) {
      if (qty !== null) restock.set(state.line.productId, (restock.get(state.line.productId) ?? 0n) + qty);
    }
  }
  const lines = pieces.map((piece, i) => ({
    line: piece.state.line,
    qty: piece.qty,
    tax: tax.items[i] as TaxedItem,
  }));
  return {
    date,
    lines,
    tax,
    creditedToParty,
    refundDue: tax.total - creditedToParty,
    restock,
    einvoice: (number) =>
      noteEinvoice("CRN", facts, {
        number,
        date,
        lines: pieces.map((p) => ({
          line: p.state.line,
          qty: p.qty ?? 1000n,
          rate: p.qty === null ? p.gross * 10n : p.state.line.rate,
        })),
        tax,
      }),
  };
}

/** Drafts a credit note of an invoice: what it credits, line by line, its tax, and what it restocks. */
export function draftCreditNote(
  facts: CreditNoteFacts,
  request: CreditNoteCreate,
  now: Date,
): Drafted<CreditNoteDraft> {
  return drafting(() => creditNote(facts, request, now), noteTaxRefusal);
}
