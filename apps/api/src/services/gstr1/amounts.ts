import type { components } from "@bahi/contract";
import { numericToNumber, type Paise, parseNumeric, toRupees } from "@bahi/gst";

type Schemas = components["schemas"];

/**
 * A money column or sum as SQL gives it (numeric text) to a JSON number with two decimals at most.
 * Negative text is refused: documents report positive amounts (a note's type carries the sign), so a
 * negative one is a fault to stop at, not to file.
 */
export const rupees = (text: string): number => numericToNumber(text, 2);

export { decimal as netQuantity } from "../catalogue/product-view.js";
/**
 * b2cs and hsn rows are net of the period's credit notes, so they may be negative (see line-sums.ts):
 * they take the exact, signed conversions of the documents' own views. They are one per key, few
 * whatever the number of documents, so the slower bigint path costs nothing here.
 */
export { rupees as netRupees } from "../shared/document-view.js";

/** Rates are stored with three decimals; the spec's enum holds every rate the invoices could carry. */
export const rate = (text: string): Schemas["GstRate"] => numericToNumber(text, 3) as Schemas["GstRate"];

/** One rate's sums of a document, as the SQL of every section names them. */
export interface RateAmounts {
  readonly rt: string;
  readonly txval: string;
  readonly iamt: string;
  readonly camt: string;
  readonly samt: string;
  readonly csamt: string;
}

export function itemDetail(row: RateAmounts): Schemas["Gstr1ItemDetail"] {
  return {
    rt: rate(row.rt),
    txval: rupees(row.txval),
    iamt: rupees(row.iamt),
    camt: rupees(row.camt),
    samt: rupees(row.samt),
    csamt: rupees(row.csamt),
  };
}

/** A document's rate rows as the portal numbers them, from 1. */
export const numbered = <T>(details: readonly T[]) => details.map((itm_det, i) => ({ num: i + 1, itm_det }));

/** Inter-state documents to unregistered buyers carry IGST only; the portal refuses CGST/SGST keys there. */
export function igstItemDetail(row: RateAmounts): Schemas["Gstr1IgstItemDetail"] {
  return { rt: rate(row.rt), txval: rupees(row.txval), iamt: rupees(row.iamt), csamt: rupees(row.csamt) };
}

/** Amounts in exact paise, for adding rows up. */
export interface Totals {
  taxable_value: Paise;
  igst: Paise;
  cgst: Paise;
  sgst: Paise;
  cess: Paise;
}

export const zeroTotals = (): Totals => ({ taxable_value: 0n, igst: 0n, cgst: 0n, sgst: 0n, cess: 0n });

export function addRow(totals: Totals, row: Omit<RateAmounts, "rt">): Totals {
  return {
    taxable_value: totals.taxable_value + parseNumeric(row.txval, 2),
    igst: totals.igst + parseNumeric(row.iamt, 2),
    cgst: totals.cgst + parseNumeric(row.camt, 2),
    sgst: totals.sgst + parseNumeric(row.samt, 2),
    cess: totals.cess + parseNumeric(row.csamt, 2),
  };
}

export function sectionSummary(count: number, totals: Totals): Schemas["Gstr1SectionSummary"] {
  return {
    count,
    taxable_value: toRupees(totals.taxable_value),
    igst: toRupees(totals.igst),
    cgst: toRupees(totals.cgst),
    sgst: toRupees(totals.sgst),
    cess: toRupees(totals.cess),
  };
}
