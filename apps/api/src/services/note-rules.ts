import {
  computeInvoiceTax,
  financialYearOf,
  type InvoiceTax,
  OTHER_COUNTRIES_STATE_CODE,
  type Paise,
  todayInIst,
} from "@bahi/gst";
import { type FieldErrorList, field, unprocessable } from "../errors.js";
import type { InvoiceRow } from "./invoice-view.js";

/** The latest date a note may have, and the error past it (credit notes have one, debit notes none). */
export interface NoteDeadline {
  readonly date: string;
  readonly code: string;
  readonly message: string;
}

/**
 * A credit or debit note's date: today in India unless given, never in the future, never before its
 * invoice, never in a financial year whose books are closed, and never after `deadline`.
 */
export function checkNoteDate(
  account: { booksClosedThrough: string | null },
  invoice: { date: string },
  requested: string | undefined,
  now: Date,
  deadline: NoteDeadline | null,
): string {
  const today = todayInIst(now);
  const date = requested ?? today;
  const errors: FieldErrorList = [];
  const year = financialYearOf(date);
  if (date > today)
    errors.push(field("date_in_future", "/date", `must not be after today (${today}) in India`));
  else if (date < invoice.date)
    errors.push(field("date_before_invoice", "/date", `must not be before the invoice date ${invoice.date}`));
  else if (account.booksClosedThrough && year <= account.booksClosedThrough)
    errors.push(
      field(
        "financial_year_closed",
        "/date",
        `falls in ${year}; books are closed through ${account.booksClosedThrough}`,
      ),
    );
  else if (deadline && date > deadline.date) errors.push(field(deadline.code, "/date", deadline.message));
  const [first] = errors;
  if (first) throw unprocessable(first.code, `${first.pointer.slice(1)} ${first.message}`, errors);
  return date;
}

/** One line of a note: a taxable value on an invoice line, taxed at that line's rates. */
export interface NoteLine {
  readonly taxable: Paise;
  readonly gstRate: bigint;
  readonly cessRate: bigint;
}

/**
 * A note's tax, line by line as on its invoice. The invoice's stored supply type decides CGST + SGST or
 * IGST, not the account's state today, which may have moved: the supplier is put in the place of
 * supply's own state and an inter-state supply marked as SEZ, which computeInvoiceTax always taxes
 * as IGST. An export's supplier may be any Indian state.
 */
export function noteTax(
  invoice: Pick<InvoiceRow, "date" | "placeOfSupply" | "supplyType" | "reverseCharge" | "underLut">,
  lines: readonly NoteLine[],
): InvoiceTax {
  return computeInvoiceTax({
    date: invoice.date,
    supplier_state: invoice.placeOfSupply === OTHER_COUNTRIES_STATE_CODE ? "27" : invoice.placeOfSupply,
    place_of_supply: invoice.placeOfSupply,
    reverse_charge: invoice.reverseCharge,
    sez: invoice.supplyType === "inter_state",
    under_lut: invoice.underLut,
    items: lines.map((line) => ({
      qty: 1000n,
      rate: line.taxable * 10n,
      gst_rate: line.gstRate,
      cess_rate: line.cessRate,
    })),
  });
}
