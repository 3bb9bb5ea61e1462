import { createHash } from "node:crypto";
import { isValidDate } from "./dates.js";
import { GstError } from "./errors.js";
import { financialYearOf } from "./financial-year.js";
import { validateGstin } from "./gstin.js";

/** `INV` invoice, `CRN` credit note, `DBN` debit note (e-invoice `DocDtls.Typ`). */
export type DocumentType = "INV" | "CRN" | "DBN";

const DOCUMENT_TYPES: readonly string[] = ["INV", "CRN", "DBN"] satisfies DocumentType[];

/** Documents dated from this day have their number upper-cased before hashing. */
export const IRN_UPPERCASE_FROM = "2025-06-01";

/** The e-invoice schema's `DocDtls.No`, which accepted lower case before numbers were upper-cased. */
const EINVOICE_DOCUMENT_NUMBER = /^[A-Za-z1-9][A-Za-z0-9/-]{0,15}$/;

export interface IrnInput {
  readonly supplierGstin: string;
  /** Document date `YYYY-MM-DD`. */
  readonly date: string;
  readonly docType: DocumentType;
  readonly docNumber: string;
}

/**
 * The Invoice Reference Number as the IRP computes it: lowercase hex SHA-256 of supplier GSTIN,
 * financial year (`2025-26`), document type and document number, with no separators.
 */
export function computeIrn(input: IrnInput): string {
  const gstin = validateGstin(input.supplierGstin);
  if (!gstin.ok) throw new GstError("invalid_gstin", gstin.message);
  if (!isValidDate(input.date)) {
    throw new GstError("invalid_date", `"${input.date}" is not a date written YYYY-MM-DD.`);
  }
  if (!DOCUMENT_TYPES.includes(input.docType)) {
    throw new GstError(
      "invalid_document_type",
      `"${input.docType}" is not a document type; use INV, CRN or DBN.`,
    );
  }
  if (!EINVOICE_DOCUMENT_NUMBER.test(input.docNumber)) {
    throw new GstError(
      "invalid_document_number",
      `"${input.docNumber}" is not a document number: up to 16 letters, digits, / and -, not starting with 0, / or -.`,
    );
  }
  const docNumber = input.date >= IRN_UPPERCASE_FROM ? input.docNumber.toUpperCase() : input.docNumber;
  const preimage = `${gstin.gstin}${financialYearOf(input.date)}${input.docType}${docNumber}`;
  return createHash("sha256").update(preimage, "utf8").digest("hex");
}
