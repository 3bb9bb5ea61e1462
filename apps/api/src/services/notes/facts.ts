import type { components } from "@bahi/contract";
import type { CreditNoteFacts, DebitNoteFacts, NotedLine, NotedPiece, NoteFacts, Taxes } from "@bahi/gst";
import { parseNumeric } from "@bahi/gst";
import { eq, sum } from "drizzle-orm";
import type { Executor } from "../../db/client.js";
import { creditNoteItems, creditNotes, debitNoteItems, debitNotes } from "../../db/schema.js";
import type { AccountRow } from "../accounts/accounts.js";
import { balanceOf, type InvoiceItemRow, type InvoiceRow } from "../invoices/invoice-view.js";
import { type Owner, ownedBy } from "../shared/owner.js";
import { invoiceForNote, invoiceLinesOf } from "./note-rules.js";

type InvoiceParty = components["schemas"]["InvoiceParty"];

const paise = (text: string) => parseNumeric(text, 2);
const milli = (text: string) => parseNumeric(text, 3);

type TaxColumns = Pick<InvoiceItemRow, "cgst" | "sgst" | "igst" | "cess">;
const taxesOf = (row: TaxColumns): Taxes => ({
  cgst: paise(row.cgst),
  sgst: paise(row.sgst),
  igst: paise(row.igst),
  cess: paise(row.cess),
});

function notedLine(line: InvoiceItemRow): NotedLine {
  return {
    lineNo: line.lineNo,
    productId: line.productId,
    sku: line.sku,
    description: line.description,
    hsnCode: line.hsnCode,
    unit: line.unit,
    qty: milli(line.qty),
    rate: milli(line.rate),
    discount: paise(line.discount),
    taxable: paise(line.taxableValue),
    gstRate: milli(line.gstRate),
    cessRate: milli(line.cessRate),
    taxes: taxesOf(line),
  };
}

type NoteItemRow = TaxColumns & { invoiceLineNo: number; taxableValue: string; qty?: string | null };

const notedPiece = (row: NoteItemRow): NotedPiece => ({
  invoiceLineNo: row.invoiceLineNo,
  qty: row.qty ? milli(row.qty) : null,
  taxable: paise(row.taxableValue),
  taxes: taxesOf(row),
});

/** What both kinds of note are drafted from: the seller, the invoice (locked) and its lines. */
function noteFactsOf(
  account: AccountRow,
  invoice: Omit<InvoiceRow, "einvoice">,
  lines: readonly InvoiceItemRow[],
): NoteFacts {
  return {
    seller: {
      gstin: account.gstin,
      legalName: account.legalName,
      addressLine1: account.addressLine1,
      city: account.city,
      pin: account.pin,
      stateCode: account.stateCode,
      booksClosedThrough: account.booksClosedThrough,
    },
    invoice: {
      number: invoice.number,
      date: invoice.date,
      financialYear: invoice.financialYear,
      placeOfSupply: invoice.placeOfSupply,
      supplyType: invoice.supplyType,
      reverseCharge: invoice.reverseCharge,
      underLut: invoice.underLut,
      sez: invoice.sez,
      deemedExport: invoice.deemedExport,
      irn: invoice.irn,
      party: invoice.party as InvoiceParty,
      igst: paise(invoice.igst),
      total: paise(invoice.total),
      roundOff: paise(invoice.roundOff),
      balance: balanceOf(invoice),
    },
    lines: lines.map(notedLine),
  };
}

const priorOf = (row: { total: string | null; roundOff: string | null } | undefined) => ({
  total: row?.total ? paise(row.total) : 0n,
  roundOff: row?.roundOff ? paise(row.roundOff) : 0n,
});

/**
 * What a credit note is drafted from: the invoice, locked until commit (a racing note waits, then
 * sees this one's lines, so two notes never credit more than the invoice together), its lines, and
 * what its earlier credit and debit notes did to them.
 */
export async function readCreditNoteFacts(tx: Executor, owner: Owner, invoiceId: string) {
  const { invoice, account } = await invoiceForNote(tx, owner, invoiceId, "it has nothing to credit");
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
  const facts: CreditNoteFacts = {
    ...noteFactsOf(account, invoice, lines),
    credited: credited.map(notedPiece),
    debited: debited.map(notedPiece),
    prior: priorOf(prior),
  };
  return { facts, invoice, account, lines, creditNoteIds: [...new Set(credited.map((c) => c.creditNoteId))] };
}

/** What a debit note is drafted from: the invoice (locked until commit), its lines, its earlier debit notes. */
export async function readDebitNoteFacts(tx: Executor, owner: Owner, invoiceId: string) {
  const { invoice, account } = await invoiceForNote(tx, owner, invoiceId, "it cannot be debited");
  const [lines, [prior]] = await Promise.all([
    invoiceLinesOf(tx, owner, invoice.id),
    tx
      .select({ total: sum(debitNotes.total), roundOff: sum(debitNotes.roundOff) })
      .from(debitNotes)
      .where(ownedBy(debitNotes, owner, eq(debitNotes.invoiceId, invoice.id))),
  ]);
  const facts: DebitNoteFacts = { ...noteFactsOf(account, invoice, lines), prior: priorOf(prior) };
  return { facts, invoice, account };
}
