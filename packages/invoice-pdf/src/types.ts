import type { components } from "@bahi/contract";

export type Invoice = components["schemas"]["Invoice"];
export type CreditNote = components["schemas"]["CreditNote"];
export type DebitNote = components["schemas"]["DebitNote"];
export type Account = components["schemas"]["Account"];

export type DocumentKind = "invoice" | "credit_note" | "debit_note";

/** Which copy the PDF is: Rule 48 of the CGST Rules has the invoice made out in three. */
export type CopyKind = "original" | "duplicate" | "triplicate";

/**
 * What a credit or debit note prints of the invoice it amends (Rule 53(1A)): the invoice's number
 * and date, and the recipient (name, address, GSTIN) and the address of delivery, which the note
 * objects do not carry. Pass the invoice object itself; only these fields are read.
 */
export type OriginalInvoice = Pick<Invoice, "number" | "date" | "party"> & Partial<Pick<Invoice, "ship_to">>;

/**
 * The letter of undertaking under which exports or supplies to an SEZ go without payment of IGST.
 * Rule 46 asks only for the endorsement; customs and buyers also look for the LUT's ARN.
 */
export interface LetterOfUndertaking {
  /** The acknowledgement reference number of the LUT filed on the GST portal (form GST RFD-11). */
  readonly arn: string;
  /** The date it was filed (`YYYY-MM-DD`), if known. */
  readonly date?: string | null;
}

interface CommonInput {
  /** The supplier: the account behind the document. */
  readonly account: Account;
  readonly copy: CopyKind;
}

export interface InvoiceInput extends CommonInput {
  readonly kind: "invoice";
  readonly document: Invoice;
  /** Printed with the endorsement of a supply under LUT (`under_lut`), when given. */
  readonly lut?: LetterOfUndertaking | null;
}

export interface CreditNoteInput extends CommonInput {
  readonly kind: "credit_note";
  readonly document: CreditNote;
  /** The invoice credited. Without it the note names the invoice by its id and no recipient. */
  readonly invoice?: OriginalInvoice | null;
}

export interface DebitNoteInput extends CommonInput {
  readonly kind: "debit_note";
  readonly document: DebitNote;
  /** The invoice debited. Without it the note names the invoice by its id and no recipient. */
  readonly invoice?: OriginalInvoice | null;
}

export type RenderDocumentInput = InvoiceInput | CreditNoteInput | DebitNoteInput;

/** Any of the three documents, and any of their lines. */
export type AnyDocument = Invoice | CreditNote | DebitNote;
export type AnyItem = Invoice["items"][number] | CreditNote["items"][number] | DebitNote["items"][number];
