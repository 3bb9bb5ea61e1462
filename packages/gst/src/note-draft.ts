import type { components } from "@bahi/contract";
import { todayInIst } from "./dates.js";
import type { GstError } from "./errors.js";
import { financialYearOf } from "./financial-year.js";
import { buildInv01, type EInvoice } from "./inv01.js";
import type { SellerFacts } from "./invoice-draft.js";
import type { Milli, Paise } from "./money.js";
import { type FieldRefusal, fieldRefusal, type Refusal, refuseAll } from "./refusal.js";
import { OTHER_COUNTRIES_STATE_CODE } from "./states.js";
import { computeInvoiceTax, type InvoiceTax, type SupplyType, type TaxedItem } from "./tax.js";

// Credit and debit notes (section 34 of the CGST Act) adjust one issued invoice, on its terms: its
// place of supply, supply type and rates. A note is e-invoiced when its invoice was.

type InvoiceParty = components["schemas"]["InvoiceParty"];

/** The invoice a note adjusts, as the books hold it. */
export interface NotedInvoice {
  readonly number: string;
  readonly date: string;
  readonly financialYear: string;
  readonly placeOfSupply: string;
  readonly supplyType: SupplyType;
  readonly reverseCharge: boolean;
  readonly underLut: boolean;
  readonly sez: boolean;
  readonly deemedExport: boolean;
  /** Registered with the IRP: its notes are too. */
  readonly irn: string | null;
  readonly party: InvoiceParty;
  readonly igst: Paise;
  readonly total: Paise;
  readonly roundOff: Paise;
  /** What the party still owes on it. */
  readonly balance: Paise;
}

/** A line of that invoice. */
export interface NotedLine {
  readonly lineNo: number;
  readonly productId: string;
  readonly sku: string;
  readonly description: string;
  readonly hsnCode: string | null;
  readonly unit: string;
  readonly qty: Milli;
  readonly rate: Milli;
  readonly discount: Paise;
  readonly taxable: Paise;
  readonly gstRate: Milli;
  readonly cessRate: Milli;
  readonly taxes: Taxes;
}

export interface Taxes {
  readonly cgst: Paise;
  readonly sgst: Paise;
  readonly igst: Paise;
  readonly cess: Paise;
}

/** What an earlier note took from or added to an invoice line. */
export interface NotedPiece {
  readonly invoiceLineNo: number;
  /** Units credited; null when credited (or debited) by value alone. */
  readonly qty: Milli | null;
  readonly taxable: Paise;
  readonly taxes: Taxes;
}

/** The sums of the invoice's earlier notes of one kind. */
export interface PriorNotes {
  readonly total: Paise;
  readonly roundOff: Paise;
}

export interface NoteFacts {
  readonly seller: SellerFacts;
  readonly invoice: NotedInvoice;
  readonly lines: readonly NotedLine[];
}

export interface CreditNoteFacts extends NoteFacts {
  readonly credited: readonly NotedPiece[];
  readonly debited: readonly NotedPiece[];
  readonly prior: PriorNotes;
}

export interface DebitNoteFacts extends NoteFacts {
  readonly prior: PriorNotes;
}

/** One line of a note: a part of an invoice line, with its tax. */
export interface NoteLine {
  readonly line: NotedLine;
  /** Units credited; null when by value alone (and always for a debit note). */
  readonly qty: Milli | null;
  readonly tax: TaxedItem;
}

export interface NoteDraft {
  readonly date: string;
  readonly lines: readonly NoteLine[];
  readonly tax: InvoiceTax;
  /** The note's INV-01 under `number`; null when its invoice has no IRN. */
  einvoice(number: string): EInvoice | null;
}

export interface CreditNoteDraft extends NoteDraft {
  /** What the note takes off the invoice's balance, and what is left to refund. */
  readonly creditedToParty: Paise;
  readonly refundDue: Paise;
  /** Units the note would put back in stock, by product (a sales return, or `restock`). */
  readonly restock: ReadonlyMap<string, Milli>;
}

export interface Deadline {
  readonly date: string;
  readonly code: string;
  readonly message: string;
}

/**
 * A note's date: today in India unless given, never in the future, never before its invoice, never
 * in a financial year whose books are closed, and never after `deadline`.
 */
export function noteDate(
  facts: NoteFacts,
  requested: string | undefined,
  now: Date,
  deadline: Deadline | null,
) {
  const today = todayInIst(now);
  const date = requested ?? today;
  const closed = facts.seller.booksClosedThrough;
  const year = financialYearOf(date);
  const errors: FieldRefusal[] = [];
  if (date > today)
    errors.push(fieldRefusal("date_in_future", "/date", `must not be after today (${today}) in India`));
  else if (date < facts.invoice.date)
    errors.push(
      fieldRefusal(
        "date_before_invoice",
        "/date",
        `must not be before the invoice date ${facts.invoice.date}`,
      ),
    );
  else if (closed && year <= closed)
    errors.push(
      fieldRefusal("financial_year_closed", "/date", `falls in ${year}; books are closed through ${closed}`),
    );
  else if (deadline && date > deadline.date)
    errors.push(fieldRefusal(deadline.code, "/date", deadline.message));
  refuseAll(errors);
  return date;
}

/**
 * A note's tax, line by line as on its invoice. The invoice's supply type decides CGST + SGST or
 * IGST, not the seller's state today, which may have moved: the supplier is put in the place of
 * supply's own state and an inter-state supply marked as SEZ, which computeInvoiceTax always taxes as
 * IGST. An export's supplier may be any Indian state.
 */
export function noteTax(
  invoice: NotedInvoice,
  pieces: readonly { taxable: Paise; gstRate: Milli; cessRate: Milli }[],
): InvoiceTax {
  return computeInvoiceTax({
    date: invoice.date,
    supplier_state: invoice.placeOfSupply === OTHER_COUNTRIES_STATE_CODE ? "27" : invoice.placeOfSupply,
    place_of_supply: invoice.placeOfSupply,
    reverse_charge: invoice.reverseCharge,
    sez: invoice.supplyType === "inter_state",
    under_lut: invoice.underLut,
    items: pieces.map((piece) => ({
      qty: 1000n,
      rate: piece.taxable * 10n,
      gst_rate: piece.gstRate,
      cess_rate: piece.cessRate,
    })),
  });
}

/** A note's tax errors are the note's as a whole: they name no field. */
export const noteTaxRefusal = (error: GstError): Refusal => ({
  code: error.code,
  detail: error.message,
  errors: [],
});

/**
 * The INV-01 of a note whose invoice has an IRN, naming it (`RefDtls.PrecDocDtls`): its buyer, place of
 * supply and supply type are the invoice's, and so is whether the zero-rated supply paid IGST, since
 * the note's own IGST can round to nothing.
 */
export function noteEinvoice(
  docType: "CRN" | "DBN",
  { seller, invoice }: NoteFacts,
  note: {
    number: string;
    date: string;
    lines: { line: NotedLine; qty: Milli; rate: Milli }[];
    tax: InvoiceTax;
  },
): EInvoice | null {
  const { party } = invoice;
  if (invoice.irn === null || !party.address) return null;
  return buildInv01({
    docType,
    number: note.number,
    date: note.date,
    placeOfSupply: invoice.placeOfSupply,
    seller: {
      gstin: seller.gstin,
      legalName: seller.legalName,
      line1: seller.addressLine1,
      city: seller.city,
      pin: seller.pin,
      stateCode: seller.stateCode,
    },
    buyer: { gstin: party.gstin, name: party.name, address: party.address },
    lines: note.lines.map(({ line, qty, rate }) => ({
      description: line.description,
      hsnCode: line.hsnCode as string,
      unit: line.unit,
      qty,
      rate,
    })),
    tax: note.tax,
    sez: invoice.sez,
    deemedExport: invoice.deemedExport,
    igstPaid: invoice.igst > 0n,
    precedingInvoice: { number: invoice.number, date: invoice.date },
  });
}

export const addTaxes = (a: Taxes, b: Taxes, sign = 1n): Taxes => ({
  cgst: a.cgst + sign * b.cgst,
  sgst: a.sgst + sign * b.sgst,
  igst: a.igst + sign * b.igst,
  cess: a.cess + sign * b.cess,
});

/** A note's tax with its total rounded as `total` says, its round-off following. */
export function roundedAs(tax: InvoiceTax, total: (unrounded: Paise) => Paise): InvoiceTax {
  const unrounded = tax.total - tax.round_off;
  const rounded = total(unrounded);
  return { ...tax, total: rounded, round_off: rounded - unrounded };
}
