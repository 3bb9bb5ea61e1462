import { type EInvoice, formatMilli, formatRupees, type Milli, type Paise } from "@bahi/gst";
import { type IrpRegistration, registrationColumns } from "../../einvoice/provider.js";

/*
 * The columns invoices, credit notes and debit notes share as they are written: exact decimal text
 * of each amount (document-view.ts reads them back), and where the document stands with the IRP.
 */

interface Amounts {
  readonly taxable_value: Paise;
  readonly cgst: Paise;
  readonly sgst: Paise;
  readonly igst: Paise;
  readonly cess: Paise;
  readonly total: Paise;
}

/** A document's totals: the sums of its lines, and its rounding to the rupee. */
export function totalColumns(tax: Amounts & { readonly round_off: Paise }) {
  return {
    taxableValue: formatRupees(tax.taxable_value),
    cgst: formatRupees(tax.cgst),
    sgst: formatRupees(tax.sgst),
    igst: formatRupees(tax.igst),
    cess: formatRupees(tax.cess),
    roundOff: formatRupees(tax.round_off),
    total: formatRupees(tax.total),
  };
}

/** A line's taxable value, its rates and its taxes. */
export function lineTaxColumns(tax: Amounts, rates: { gstRate: Milli; cessRate: Milli }) {
  return {
    taxableValue: formatRupees(tax.taxable_value),
    gstRate: formatMilli(rates.gstRate),
    cessRate: formatMilli(rates.cessRate),
    cgst: formatRupees(tax.cgst),
    sgst: formatRupees(tax.sgst),
    igst: formatRupees(tax.igst),
    cess: formatRupees(tax.cess),
    total: formatRupees(tax.total),
  };
}

/**
 * A new document's e-invoice and its state: registered in process (the sandbox), pending a live
 * IRP's registration after the commit, or without an e-invoice at all.
 */
export function einvoiceColumns(einvoice: EInvoice | null, registration: IrpRegistration | null) {
  return {
    ...registrationColumns(registration),
    einvoiceStatus: einvoice ? (registration ? "registered" : "pending") : "not_applicable",
    einvoiceErrorCode: null,
    einvoiceErrorMessage: null,
    einvoice,
  } as const;
}
