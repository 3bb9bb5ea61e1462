import { OTHER_COUNTRIES_STATE_CODE, parseRupees } from "@bahi/gst";
import {
  formatCountry,
  formatDate,
  formatHalfPercent,
  formatIstTimestamp,
  formatMoney,
  formatPercent,
  formatQuantity,
  formatRupeeAmount,
  formatState,
  formatUnitPrice,
} from "./format.js";
import type {
  Account,
  CopyKind,
  CreditNote,
  DebitNote,
  Invoice,
  OriginalInvoice,
  RenderDocumentInput,
} from "./types.js";
import { rupeesInWords } from "./words.js";

/**
 * What a document prints, worked out from the API objects before anything is laid out: every
 * figure already formatted as text, every particular of Rule 46 (invoices) or Rule 53 (credit and
 * debit notes) of the CGST Rules named and placed. The renderer only positions this.
 */

export type Align = "left" | "right" | "center";

export interface Column {
  readonly key: string;
  /** The header: one or two lines. */
  readonly header: readonly string[];
  /** A heading shared by neighbouring columns (`CGST` over its rate and amount). */
  readonly group?: string;
  /** Width in points, or `0` for the column that takes the rest (the description). */
  readonly width: number;
  readonly align: Align;
}

export interface Party {
  readonly heading: string;
  readonly name: string;
  readonly lines: readonly string[];
}

export interface TotalLine {
  readonly label: string;
  readonly value: string;
  readonly strong?: boolean;
}

export interface DocumentView {
  readonly title: string;
  readonly copyLabel: string;
  readonly number: string;
  /** The document's date as printed. */
  readonly date: string;
  readonly supplier: {
    readonly name: string;
    readonly tradeName: string | null;
    readonly lines: readonly string[];
  };
  /** Label and value pairs: number, dates, place of supply, reverse charge, the invoice amended. */
  readonly particulars: readonly (readonly [string, string])[];
  readonly einvoice: {
    readonly irn: string;
    readonly ackNo: string | null;
    readonly ackDate: string | null;
    readonly signedQrCode: string | null;
  } | null;
  readonly billTo: Party | null;
  readonly shipTo: Party | null;
  /** Endorsements printed in capitals: export and SEZ supplies under LUT or on payment of IGST. */
  readonly endorsements: readonly string[];
  readonly columns: readonly Column[];
  readonly rows: readonly (readonly string[])[];
  readonly totals: readonly TotalLine[];
  readonly amountInWords: string;
  /** Statements under the totals: reverse charge, deemed export, LUT. */
  readonly statements: readonly string[];
  readonly notes: string | null;
  /** Set when the document is cancelled: printed as a banner and across every page. */
  readonly cancelled: string | null;
  readonly signatureFor: string;
  readonly metadata: { readonly title: string; readonly createdAt: string };
}

const COPY_LABELS: Record<CopyKind, string> = {
  original: "Original for recipient",
  duplicate: "Duplicate for transporter",
  triplicate: "Triplicate for supplier",
};

const CREDIT_REASONS: Record<CreditNote["reason"], string> = {
  sales_return: "Sales return",
  post_sale_discount: "Discount after the sale",
  deficiency_in_service: "Deficiency in service",
  correction: "Correction of the invoice (price or quantity overstated)",
  other: "Other",
};

const DEBIT_REASONS: Record<DebitNote["reason"], string> = {
  price_revision: "Price revised upwards",
  undercharge: "Value understated in the invoice",
  additional_charges: "Additional charges of the supply",
  other: "Other",
};

const CANCELLATION_REASONS: Record<NonNullable<Invoice["cancellation"]>["reason"], string> = {
  "1": "duplicate",
  "2": "data entry mistake",
  "3": "order cancelled",
  "4": "other",
};

type PartyAddress = NonNullable<Invoice["party"]["address"]>;

function isZero(amount: number): boolean {
  return parseRupees(amount) === 0n;
}

function addressLines(address: PartyAddress): string[] {
  const lines = [address.line1];
  if (address.line2) lines.push(address.line2);
  if ("country" in address) {
    lines.push(address.postal_code ? `${address.city} ${address.postal_code}` : address.city);
    lines.push(formatCountry(address.country));
  } else {
    lines.push(`${address.city} - ${address.pin}`);
  }
  return lines;
}

function recipient(heading: string, party: Invoice["party"]): Party {
  const lines = party.address ? addressLines(party.address) : [];
  // A recipient abroad has no GSTIN to state (Rule 46's proviso for exports asks for the address and country).
  const abroad = party.state_code === OTHER_COUNTRIES_STATE_CODE;
  if (party.gstin !== null || !abroad) lines.push(`GSTIN: ${party.gstin ?? "Unregistered"}`);
  if (!abroad) lines.push(`State: ${formatState(party.state_code)}`);
  return { heading, name: party.name, lines };
}

function consignee(shipTo: NonNullable<Invoice["ship_to"]>): Party {
  const lines = addressLines(shipTo.address);
  if (shipTo.gstin !== null || !("country" in shipTo.address))
    lines.push(`GSTIN: ${shipTo.gstin ?? "Unregistered"}`);
  if (!("country" in shipTo.address)) lines.push(`State: ${formatState(shipTo.address.state_code)}`);
  return { heading: "Ship to (address of delivery)", name: shipTo.name, lines };
}

function supplier(account: Account): DocumentView["supplier"] {
  const lines = [account.address.line1];
  if (account.address.line2) lines.push(account.address.line2);
  lines.push(`${account.address.city} - ${account.address.pin}`);
  lines.push(`State: ${formatState(account.state_code)}`);
  lines.push(`GSTIN: ${account.gstin}    PAN: ${account.pan}`);
  const tradeName =
    account.trade_name && account.trade_name !== account.legal_name ? account.trade_name : null;
  return { name: account.legal_name, tradeName, lines };
}

type AnyItem = Invoice["items"][number] | CreditNote["items"][number] | DebitNote["items"][number];
type AnyDocument = Invoice | CreditNote | DebitNote;

function taxColumns(document: AnyDocument, withCess: boolean): Column[] {
  const columns: Column[] = [];
  if (document.supply_type === "intra_state") {
    const sgst = document.sgst_label;
    columns.push(
      { key: "cgst_rate", header: ["Rate"], group: "CGST", width: 25, align: "right" },
      { key: "cgst", header: ["Amount"], group: "CGST", width: 44, align: "right" },
      { key: "sgst_rate", header: ["Rate"], group: sgst, width: 25, align: "right" },
      { key: "sgst", header: ["Amount"], group: sgst, width: 44, align: "right" },
    );
  } else {
    columns.push(
      { key: "igst_rate", header: ["Rate"], group: "IGST", width: 25, align: "right" },
      { key: "igst", header: ["Amount"], group: "IGST", width: 48, align: "right" },
    );
  }
  if (withCess) columns.push({ key: "cess", header: ["Cess"], width: 42, align: "right" });
  return columns;
}

function columnsFor(kind: RenderDocumentInput["kind"], document: AnyDocument, withCess: boolean): Column[] {
  const columns: Column[] = [
    { key: "sl", header: ["#"], width: 21, align: "right" },
    { key: "description", header: ["Description"], width: 0, align: "left" },
    { key: "hsn", header: ["HSN/SAC"], width: 39, align: "left" },
  ];
  if (kind !== "debit_note") {
    columns.push(
      { key: "qty", header: ["Qty"], width: 37, align: "right" },
      { key: "unit", header: ["Unit"], width: 23, align: "left" },
      { key: "rate", header: ["Rate"], width: 44, align: "right" },
      { key: "discount", header: ["Discount"], width: 37, align: "right" },
    );
  }
  columns.push({ key: "taxable", header: ["Taxable", "value"], width: 53, align: "right" });
  columns.push(...taxColumns(document, withCess));
  columns.push({ key: "total", header: ["Total"], width: 54, align: "right" });
  return columns;
}

function cell(key: string, item: AnyItem, index: number): string {
  switch (key) {
    case "sl":
      return String(index + 1);
    case "description":
      return item.description;
    case "hsn":
      return item.hsn_code ?? "";
    case "qty":
      return "qty" in item && item.qty !== null ? formatQuantity(item.qty) : "";
    case "unit":
      return "qty" in item && item.qty !== null ? item.unit : "";
    case "rate":
      return "rate" in item && item.rate !== null ? formatUnitPrice(item.rate) : "";
    case "discount":
      return "discount" in item ? formatMoney(item.discount) : "";
    case "taxable":
      return formatMoney(item.taxable_value);
    case "cgst_rate":
    case "sgst_rate":
      return formatHalfPercent(item.gst_rate);
    case "igst_rate":
      return formatPercent(item.gst_rate);
    case "cgst":
      return formatMoney(item.cgst);
    case "sgst":
      return formatMoney(item.sgst);
    case "igst":
      return formatMoney(item.igst);
    case "cess":
      return formatMoney(item.cess);
    case "total":
      return formatMoney(item.total);
    default:
      return "";
  }
}

function taxTotals(document: AnyDocument, withCess: boolean): TotalLine[] {
  const lines: TotalLine[] = [{ label: "Taxable value", value: formatRupeeAmount(document.taxable_value) }];
  const intra = document.supply_type === "intra_state";
  if (intra || !isZero(document.cgst)) {
    lines.push({ label: "CGST", value: formatRupeeAmount(document.cgst) });
    lines.push({ label: document.sgst_label, value: formatRupeeAmount(document.sgst) });
  }
  if (!intra || !isZero(document.igst))
    lines.push({ label: "IGST", value: formatRupeeAmount(document.igst) });
  if (withCess) lines.push({ label: "Cess", value: formatRupeeAmount(document.cess) });
  lines.push({ label: "Round off", value: formatRupeeAmount(document.round_off) });
  return lines;
}

/** The taxes of a document as a list (`CGST ₹9.00 and SGST ₹9.00`), for the reverse charge statement. */
function taxList(document: AnyDocument, withCess: boolean): string {
  const parts: string[] = [];
  if (document.supply_type === "intra_state" || !isZero(document.cgst)) {
    parts.push(
      `CGST ${formatRupeeAmount(document.cgst)}`,
      `${document.sgst_label} ${formatRupeeAmount(document.sgst)}`,
    );
  }
  if (document.supply_type === "inter_state" || !isZero(document.igst)) {
    parts.push(`IGST ${formatRupeeAmount(document.igst)}`);
  }
  if (withCess) parts.push(`cess ${formatRupeeAmount(document.cess)}`);
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

function supplyDescription(document: AnyDocument, invoice: Invoice | null): string {
  const exported = document.place_of_supply === OTHER_COUNTRIES_STATE_CODE;
  if (invoice?.sez)
    return `Supply to an SEZ unit or developer (IGST${invoice.under_lut ? ", under LUT" : ""})`;
  if (exported) {
    return invoice?.under_lut ? "Export (IGST, under LUT)" : "Export (IGST)";
  }
  if (document.supply_type === "intra_state") return `Intra-state (CGST + ${document.sgst_label})`;
  return "Inter-state (IGST)";
}

function einvoiceOf(document: AnyDocument): DocumentView["einvoice"] {
  if (document.irn === null) return null;
  return {
    irn: document.irn,
    ackNo: document.ack_no,
    ackDate: document.ack_date === null ? null : formatIstTimestamp(document.ack_date),
    signedQrCode: document.signed_qr_code,
  };
}

function endorsementsOf(invoice: Invoice): string[] {
  const exported = invoice.place_of_supply === OTHER_COUNTRIES_STATE_CODE;
  if (!invoice.sez && !exported) return [];
  const what = invoice.sez
    ? "SUPPLY TO SEZ UNIT OR SEZ DEVELOPER FOR AUTHORISED OPERATIONS"
    : "SUPPLY MEANT FOR EXPORT";
  return [
    invoice.under_lut
      ? `${what} UNDER BOND OR LETTER OF UNDERTAKING WITHOUT PAYMENT OF INTEGRATED TAX`
      : `${what} ON PAYMENT OF INTEGRATED TAX`,
  ];
}

function reverseChargeStatement(document: AnyDocument, withCess: boolean, noun: string): string {
  if (!document.reverse_charge) return "Tax is payable on reverse charge: No.";
  return (
    `Tax is payable on reverse charge: Yes. The recipient pays the GST on this ${noun} ` +
    `(${taxList(document, withCess)}) to the government under reverse charge; it is not included in the total.`
  );
}

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
