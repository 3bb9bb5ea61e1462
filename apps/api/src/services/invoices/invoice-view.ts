import type { components } from "@bahi/contract";
import { parseNumeric, toRupees } from "@bahi/gst";
import type { invoiceItems, invoices } from "../../db/schema.js";
import {
  cancellationView,
  decimal3,
  documentRegistration,
  documentTotals,
  einvoiceProgressView,
  inLineOrder,
  invoicePartyView,
  lineProduct,
  lineTax,
  rupees,
  shippingBillView,
  shipToView,
} from "../shared/document-view.js";

type Invoice = components["schemas"]["Invoice"];
export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceItemRow = typeof invoiceItems.$inferSelect;

type Settlement = Pick<InvoiceRow, "total" | "amountDebited" | "amountPaid" | "amountCredited">;

/** What the party still owes on an invoice, in paise: its total and debit notes, less payments and credits. */
export function balanceOf(row: Settlement): bigint {
  const owed = parseNumeric(row.total, 2) + parseNumeric(row.amountDebited, 2);
  return owed - parseNumeric(row.amountPaid, 2) - parseNumeric(row.amountCredited, 2);
}

/** The status of an uncancelled invoice whose settlement is `row`'s. */
export function settlementStatus(row: Settlement): "issued" | "partially_paid" | "paid" {
  if (balanceOf(row) <= 0n) return "paid";
  const settled = parseNumeric(row.amountPaid, 2) + parseNumeric(row.amountCredited, 2);
  return settled > 0n ? "partially_paid" : "issued";
}

/** What payments, notes, a shipping bill and a cancellation change of an invoice once it is issued. */
export type InvoiceState = Pick<
  Invoice,
  | "status"
  | "amount_debited"
  | "amount_paid"
  | "amount_credited"
  | "balance_due"
  | "shipping_bill"
  | "cancellation"
>;

export type InvoiceStateRow = Pick<
  InvoiceRow,
  "status" | "total" | "amountDebited" | "amountPaid" | "amountCredited" | "shippingBill" | "cancellation"
>;

/** The fields of an invoice that change after it is issued, as toInvoice writes them. */
export function invoiceState(row: InvoiceStateRow): InvoiceState {
  return {
    status: row.status,
    amount_debited: rupees(row.amountDebited),
    amount_paid: rupees(row.amountPaid),
    amount_credited: rupees(row.amountCredited),
    balance_due: row.status === "cancelled" ? 0 : toRupees(balanceOf(row)),
    shipping_bill: shippingBillView(row.shippingBill as Invoice["shipping_bill"]),
    cancellation: cancellationView(row.cancellation as Invoice["cancellation"]),
  };
}

/** An invoice as the API answers it: every answer of an invoice is built here. */
export function toInvoice(row: Omit<InvoiceRow, "einvoice">, items: readonly InvoiceItemRow[]): Invoice {
  const state = invoiceState(row);
  return {
    id: row.id,
    object: "invoice",
    livemode: row.livemode,
    number: row.number,
    date: row.date,
    due_date: row.dueDate,
    status: state.status,
    party_id: row.partyId,
    party: invoicePartyView(row.party as Invoice["party"]),
    ship_to: shipToView(row.shipTo as Invoice["ship_to"]),
    place_of_supply: row.placeOfSupply as Invoice["place_of_supply"],
    supply_type: row.supplyType,
    sez: row.sez,
    under_lut: row.underLut,
    deemed_export: row.deemedExport,
    reverse_charge: row.reverseCharge,
    items: inLineOrder(items).map((item) => ({
      ...lineProduct(item),
      qty: decimal3(item.qty),
      rate: decimal3(item.rate),
      discount: rupees(item.discount),
      ...lineTax(item),
    })),
    ...documentTotals(row),
    amount_debited: state.amount_debited,
    amount_paid: state.amount_paid,
    amount_credited: state.amount_credited,
    balance_due: state.balance_due,
    sgst_label: row.sgstLabel,
    ...documentRegistration(row),
    ...einvoiceProgressView(row),
    shipping_bill: state.shipping_bill,
    cancellation: state.cancellation,
    notes: row.notes,
    created_at: row.createdAt.toISOString(),
  };
}
