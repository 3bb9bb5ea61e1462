import type { components } from "@bahi/contract";
import { type EInvoice, formatMilli, formatRupees, type InvoiceDraft } from "@bahi/gst";
import type { IrpRegistration } from "../../einvoice/provider.js";
import { JsonText } from "../../values/json-text.js";
import type { DocumentNumber } from "../shared/document-numbers.js";
import { einvoiceColumns, lineTaxColumns, totalColumns } from "../shared/document-rows.js";
import type { Owner } from "../shared/owner.js";
import { type InvoiceItemRow, type InvoiceRow, toInvoice } from "./invoice-view.js";

type Invoice = components["schemas"]["Invoice"];

/**
 * An invoice as it is written: its row, its lines, and the object the API answers with, as JSON
 * text, since a create sends that object up to three times (its answer, its event and its key's
 * record).
 */
export interface InvoiceDocument {
  readonly row: InvoiceRow;
  readonly items: InvoiceItemRow[];
  readonly invoice: JsonText<Invoice>;
}

/** The rows of a drafted invoice under its number, with its registration at the IRP if it has one. */
export function invoiceDocument(
  owner: Owner,
  id: string,
  draft: InvoiceDraft,
  taken: DocumentNumber,
  einvoice: EInvoice | null,
  registration: IrpRegistration | null,
  now: Date,
): InvoiceDocument {
  const { tax } = draft;
  const row: InvoiceRow = {
    accountId: owner.accountId,
    livemode: owner.livemode,
    id,
    number: taken.number,
    financialYear: taken.financialYear,
    seq: taken.seq,
    numberFormat: taken.format,
    date: draft.date,
    dueDate: draft.dueDate,
    status: "issued",
    partyId: draft.partyId,
    party: draft.party,
    shipTo: draft.shipTo,
    placeOfSupply: draft.placeOfSupply,
    supplyType: tax.supply_type,
    sez: draft.sez,
    underLut: tax.under_lut,
    deemedExport: tax.deemed_export,
    reverseCharge: tax.reverse_charge,
    sgstLabel: tax.utgst ? "UTGST" : "SGST",
    ...totalColumns(tax),
    ...einvoiceColumns(einvoice, registration),
    shippingBill: draft.shippingBill,
    notes: draft.notes,
    amountPaid: "0",
    amountCredited: "0",
    amountDebited: "0",
    cancellation: null,
    createdAt: now,
  };
  const items: InvoiceItemRow[] = draft.lines.map((line, i) => ({
    accountId: owner.accountId,
    livemode: owner.livemode,
    invoiceId: id,
    lineNo: i + 1,
    productId: line.productId,
    sku: line.sku,
    description: line.description,
    hsnCode: line.hsnCode,
    unit: line.unit,
    qty: formatMilli(line.qty),
    rate: formatMilli(line.rate),
    gross: formatRupees(line.tax.gross),
    discount: formatRupees(line.tax.discount),
    ...lineTaxColumns(line.tax, { gstRate: line.tax.gst_rate, cessRate: line.tax.cess_rate }),
  }));
  return { row, items, invoice: new JsonText(JSON.stringify(toInvoice(row, items))) };
}
