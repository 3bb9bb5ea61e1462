import { OTHER_COUNTRIES_STATE_CODE } from "@bahi/gst";
import { formatCountry, formatDate, formatIstTimestamp, formatRupeeAmount, formatState } from "./format.js";
import type { DocumentView } from "./model/document-view.js";
import { CANCELLATION_REASONS, COPY_LABELS, CREDIT_REASONS, DEBIT_REASONS } from "./model/labels.js";
import { cell, columnsFor } from "./model/line-items.js";
import { consignee, recipient, supplier } from "./model/parties.js";
import { endorsementsOf, supplyDescription } from "./model/supply.js";
import { isZero, reverseChargeStatement, taxTotals } from "./model/taxes.js";
import type { AnyDocument, AnyItem, OriginalInvoice, RenderDocumentInput } from "./types.js";
import { rupeesInWords } from "./words.js";

function einvoiceOf(document: AnyDocument): DocumentView["einvoice"] {
  if (document.irn === null) return null;
  return {
    irn: document.irn,
    ackNo: document.ack_no,
    ackDate: document.ack_date === null ? null : formatIstTimestamp(document.ack_date),
    signedQrCode: document.signed_qr_code,
  };
}

/**
 * What a document prints (see DocumentView), from the API objects: every figure formatted, every
 * particular of Rule 46 (invoices) or Rule 53 (notes) named and placed.
 */
export function buildView(input: RenderDocumentInput): DocumentView {
  const { document, account } = input;
  const withCess = !isZero(document.cess) || document.items.some((item) => !isZero(item.cess));
  const invoice = input.kind === "invoice" ? input.document : null;
  const original: OriginalInvoice | null = input.kind === "invoice" ? null : (input.invoice ?? null);
  const noun =
    input.kind === "invoice" ? "invoice" : input.kind === "credit_note" ? "credit note" : "debit note";
  const title =
    input.kind === "invoice" ? "TAX INVOICE" : input.kind === "credit_note" ? "CREDIT NOTE" : "DEBIT NOTE";
  const label =
    input.kind === "invoice" ? "Invoice" : input.kind === "credit_note" ? "Credit note" : "Debit note";

  const particulars: [string, string][] = [
    [`${label} No.`, document.number],
    [`${label} date`, formatDate(document.date)],
  ];
  if (invoice?.due_date) particulars.push(["Due date", formatDate(invoice.due_date)]);
  if (input.kind !== "invoice") {
    particulars.push([
      "Against invoice",
      original ? `${original.number} dated ${formatDate(original.date)}` : input.document.invoice_id,
    ]);
    particulars.push([
      "Reason",
      input.kind === "credit_note"
        ? CREDIT_REASONS[input.document.reason]
        : DEBIT_REASONS[input.document.reason],
    ]);
  }
  particulars.push(["Place of supply", formatState(document.place_of_supply)]);
  particulars.push(["Supply", supplyDescription(document, invoice)]);
  particulars.push(["Reverse charge", document.reverse_charge ? "Yes" : "No"]);

  const party = invoice?.party ?? original?.party ?? null;
  const shipTo = invoice ? invoice.ship_to : (original?.ship_to ?? null);
  const billTo = party ? recipient("Bill to (recipient)", party) : null;
  if (invoice && invoice.place_of_supply === OTHER_COUNTRIES_STATE_CODE) {
    const destination = shipTo && "country" in shipTo.address ? shipTo.address : party?.address;
    if (destination && "country" in destination) {
      particulars.push(["Country of destination", formatCountry(destination.country)]);
    }
  }
  if (invoice?.shipping_bill) {
    const bill = invoice.shipping_bill;
    particulars.push([
      "Shipping bill",
      `No. ${bill.number} dated ${formatDate(bill.date)}, port ${bill.port_code}`,
    ]);
  }

  const columns = columnsFor(input.kind, document, withCess);
  const items: readonly AnyItem[] = document.items;
  const rows = items.map((item, index) => columns.map((column) => cell(column.key, item, index)));

  const totals = taxTotals(document, withCess);
  const totalLabel =
    input.kind === "invoice" ? "Total" : input.kind === "credit_note" ? "Total credited" : "Total debited";
  totals.push({
    label: document.reverse_charge ? `${totalLabel} (without the GST under reverse charge)` : totalLabel,
    value: formatRupeeAmount(document.total),
    strong: true,
  });
  if (input.kind === "credit_note") {
    totals.push({
      label: "Set off against the invoice",
      value: formatRupeeAmount(input.document.credited_to_party),
    });
    totals.push({
      label: "Refund due to the recipient",
      value: formatRupeeAmount(input.document.refund_due),
    });
  }

  const statements = [reverseChargeStatement(document, withCess, noun)];
  const endorsements = invoice ? endorsementsOf(invoice) : [];
  if (document.reverse_charge) endorsements.push("TAX IS PAYABLE ON REVERSE CHARGE BY THE RECIPIENT");
  if (invoice?.under_lut && input.kind === "invoice" && input.lut) {
    const date = input.lut.date ? ` dated ${formatDate(input.lut.date)}` : "";
    statements.push(`Letter of undertaking: ARN ${input.lut.arn}${date}.`);
  }
  if (invoice?.deemed_export) {
    statements.push("Deemed export (section 147 of the CGST Act).");
  }
  if (input.kind === "credit_note" && input.document.restock) {
    statements.push("The goods credited were returned to stock.");
  }

  let cancelled: string | null = null;
  if (invoice?.status === "cancelled") {
    const c = invoice.cancellation;
    cancelled = c
      ? `CANCELLED on ${formatIstTimestamp(c.cancelled_at).slice(0, 11)}: ${CANCELLATION_REASONS[c.reason]}${c.remark ? ` (${c.remark})` : ""}`
      : "CANCELLED";
  }

  return {
    title,
    copyLabel: COPY_LABELS[input.copy].toUpperCase(),
    number: document.number,
    date: formatDate(document.date),
    supplier: supplier(account),
    particulars,
    einvoice: einvoiceOf(document),
    billTo,
    shipTo: shipTo ? consignee(shipTo) : null,
    endorsements,
    columns,
    rows,
    totals,
    amountInWords: rupeesInWords(document.total),
    statements,
    notes: invoice?.notes ?? null,
    cancelled,
    signatureFor: account.legal_name,
    metadata: { title: `${label} ${document.number}`, createdAt: document.created_at },
  };
}
