import type { components } from "@bahi/contract";
import { MAX_DOCUMENT_AMOUNT, parseRupees, roundToRupee } from "./money.js";
import {
  type DebitNoteFacts,
  type NoteDraft,
  noteDate,
  noteEinvoice,
  noteTax,
  noteTaxRefusal,
  roundedAs,
} from "./note-draft.js";
import { type Drafted, drafting, type FieldRefusal, fieldRefusal, refuse, refuseAll } from "./refusal.js";
import type { TaxedItem } from "./tax.js";

type DebitNoteCreate = components["schemas"]["DebitNoteCreate"];

function debitNote(facts: DebitNoteFacts, request: DebitNoteCreate, now: Date): NoteDraft {
  const { invoice } = facts;
  const date = noteDate(facts, request.date, now, null);
  const errors: FieldRefusal[] = [];
  // Each item on the first invoice line with its SKU: lines of one product share its rates.
  const pieces = request.items.flatMap((item, i) => {
    const line = facts.lines.find((l) => l.sku === item.sku);
    if (line) return [{ line, taxable: parseRupees(item.taxable_value) }];
    errors.push(
      fieldRefusal("unknown_sku", `/items/${i}/sku`, `the invoice has no line with SKU ${item.sku}`),
    );
    return [];
  });
  refuseAll(errors);
  // The invoice and its debit notes round to the rupee together: each note takes what it adds to the
  // rounded value billed so far. Rounded on their own, an invoice and a note that both rounded up by
  // 0.50 would bill a rupee more than their lines, which credit notes could then never credit back.
  const billedTotal = invoice.total + facts.prior.total;
  const billedRoundOff = invoice.roundOff + facts.prior.roundOff;
  const tax = roundedAs(
    noteTax(
      invoice,
      pieces.map((p) => ({ taxable: p.taxable, gstRate: p.line.gstRate, cessRate: p.line.cessRate })),
    ),
    (unrounded) => roundToRupee(billedTotal - billedRoundOff + unrounded) - billedTotal,
  );
  // Debit notes add up on their invoice: each within the limit, many could take its balance past
  // what any amount may be.
  if (billedTotal + tax.total > MAX_DOCUMENT_AMOUNT) {
    refuse(
      "amount_out_of_range",
      "The invoice with its debit notes would bill more than 99,999,999,999.99.",
      "/items",
      "the invoice with its debit notes would bill too much",
    );
  }
  return {
    date,
    lines: pieces.map((piece, i) => ({ line: piece.line, qty: null, tax: tax.items[i] as TaxedItem })),
    tax,
    einvoice: (number) =>
      noteEinvoice("DBN", facts, {
        number,
        date,
        lines: pieces.map((p) => ({ line: p.line, qty: 1000n, rate: p.taxable * 10n })),
        tax,
      }),
  };
}

/** Drafts a debit note of an invoice: what it adds to the invoice's lines, and its tax. */
export function draftDebitNote(
  facts: DebitNoteFacts,
  request: DebitNoteCreate,
  now: Date,
): Drafted<NoteDraft> {
  return drafting(() => debitNote(facts, request, now), noteTaxRefusal);
}
