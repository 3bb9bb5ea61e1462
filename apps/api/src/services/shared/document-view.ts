import type { components } from "@bahi/contract";
import { signedNumericToNumber } from "@bahi/gst";
import type { invoiceItems, invoices } from "../../db/schema.js";

/*
 * The parts of the API's view that invoices, credit notes and debit notes share, in the order each
 * shows them: a line starts with its product and ends with its tax, and a document's totals are
 * followed, after what is its own, by its registration with the IRP.
 */

/** `numeric` columns arrive as exact decimal strings, read as the same decimal. */
export const rupees = (text: string) => signedNumericToNumber(text, 2);
export const decimal3 = (text: string) => signedNumericToNumber(text, 3);

type LineRow = Pick<
  typeof invoiceItems.$inferSelect,
  | "sku"
  | "productId"
  | "description"
  | "hsnCode"
  | "unit"
  | "taxableValue"
  | "gstRate"
  | "cgst"
  | "sgst"
  | "igst"
  | "cess"
  | "total"
>;

type DocumentRow = Pick<
  typeof invoices.$inferSelect,
  | "taxableValue"
  | "cgst"
  | "sgst"
  | "igst"
  | "cess"
  | "roundOff"
  | "total"
  | "irn"
  | "ackNo"
  | "ackDate"
  | "signedQrCode"
  | "signedInvoice"
>;

/** The lines of a document in their order on it. */
export const inLineOrder = <Line extends { lineNo: number }>(lines: readonly Line[]): Line[] =>
  [...lines].sort((a, b) => a.lineNo - b.lineNo);

/** What a line was: the product's facts as the document took them. */
export function lineProduct(line: LineRow) {
  return {
    sku: line.sku,
    product_id: line.productId,
    description: line.description,
    hsn_code: line.hsnCode,
    unit: line.unit as components["schemas"]["ProductUnit"],
  };
}

/** A line's taxable value and its taxes. */
export function lineTax(line: LineRow) {
  return {
    taxable_value: rupees(line.taxableValue),
    gst_rate: decimal3(line.gstRate) as components["schemas"]["GstRate"],
    cgst: rupees(line.cgst),
    sgst: rupees(line.sgst),
    igst: rupees(line.igst),
    cess: rupees(line.cess),
    total: rupees(line.total),
  };
}

/** A document's totals: the sums of its lines, and its rounding to the rupee. */
export function documentTotals(row: DocumentRow) {
  return {
    taxable_value: rupees(row.taxableValue),
    cgst: rupees(row.cgst),
    sgst: rupees(row.sgst),
    igst: rupees(row.igst),
    cess: rupees(row.cess),
    round_off: rupees(row.roundOff),
    total: rupees(row.total),
  };
}

/** Where a document stands with a live IRP; documents from before the columns, from their IRN. */
export function einvoiceProgressView(row: {
  irn: string | null;
  einvoiceStatus: "not_applicable" | "pending" | "registered" | "failed" | null;
  einvoiceErrorCode: string | null;
  einvoiceErrorMessage: string | null;
}) {
  return {
    einvoice_status: row.einvoiceStatus ?? (row.irn ? "registered" : "not_applicable"),
    einvoice_error:
      row.einvoiceErrorCode === null
        ? null
        : { code: row.einvoiceErrorCode, message: row.einvoiceErrorMessage ?? "" },
  } as const;
}

/** A document's IRN, acknowledgement and signed JWTs, all null when it has no e-invoice. */
export function documentRegistration(row: DocumentRow) {
  return {
    irn: row.irn,
    ack_no: row.ackNo,
    ack_date: row.ackDate?.toISOString() ?? null,
    signed_qr_code: row.signedQrCode,
    signed_invoice: row.signedInvoice,
  };
}

/**
 * The lines of some documents, read for one of them or for a page, by document: each id asked for
 * has a list, empty when it has no lines.
 */
export function linesByDocument<Line>(
  ids: readonly string[],
  lines: readonly Line[],
  documentOf: (line: Line) => string,
): Map<string, Line[]> {
  const byDocument = new Map<string, Line[]>(ids.map((id) => [id, []]));
  for (const line of lines) byDocument.get(documentOf(line))?.push(line);
  return byDocument;
}

type PartyAddress = components["schemas"]["PartyAddress"];
type InvoiceParty = components["schemas"]["InvoiceParty"];
type ShipTo = components["schemas"]["ShipTo"];
type ShippingBill = components["schemas"]["ShippingBill"];
type InvoiceCancellation = components["schemas"]["InvoiceCancellation"];

// Values a document keeps as JSON (jsonb, which orders keys its own way), written back in the
// spec's order: every answer of a document is then the same text, whichever path wrote it.

/** An address in India or abroad, key for key as the spec lists them. */
export function addressView(address: PartyAddress): PartyAddress {
  if ("country" in address) {
    return {
      line1: address.line1,
      line2: address.line2 ?? null,
      city: address.city,
      postal_code: address.postal_code ?? null,
      country: address.country,
    };
  }
  return {
    line1: address.line1,
    line2: address.line2 ?? null,
    city: address.city,
    state_code: address.state_code,
    pin: address.pin,
  };
}

export function invoicePartyView(party: InvoiceParty): InvoiceParty {
  return {
    name: party.name,
    gstin: party.gstin,
    state_code: party.state_code,
    address: party.address && addressView(party.address),
  };
}

export function shipToView(shipTo: ShipTo | null): ShipTo | null {
  return shipTo && { name: shipTo.name, gstin: shipTo.gstin, address: addressView(shipTo.address) };
}

export function shippingBillView(bill: ShippingBill | null): ShippingBill | null {
  return bill && { port_code: bill.port_code, number: bill.number, date: bill.date };
}

export function cancellationView(cancellation: InvoiceCancellation | null): InvoiceCancellation | null {
  return (
    cancellation && {
      reason: cancellation.reason,
      remark: cancellation.remark,
      cancelled_at: cancellation.cancelled_at,
    }
  );
}
