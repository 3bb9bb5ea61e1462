// Columns that several tables share: times, money, the tenant's key, and the parts of a tax document.
import { enums } from "@bahi/contract/enums";
import { boolean, integer, numeric, text, timestamp } from "drizzle-orm/pg-core";

export const createdAt = () =>
  timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();
/** Rupees with paise. */
export const money = (name: string) => numeric(name, { precision: 15, scale: 2 });
/** Quantities and unit prices: up to 13 digits before the point and 3 after, read back as strings. */
export const decimal3 = (name: string) => numeric(name, { precision: 16, scale: 3 });
export const tenant = {
  accountId: text("account_id").notNull(),
  livemode: boolean("livemode").notNull(),
  id: text("id").notNull(),
};

// Invoices and credit notes are the same kind of tax document: they share these columns, as the
// GST rules that fill them are the same (gst.md).

/**
 * The serial the number drew from its series and the account's format it was written in. GSTR-1
 * Table 13 reports each series from its first number to its last: the number's text alone says
 * neither where `{SEQ}` sits in it nor, once the format's width changes, which number came first.
 * Documents written before these columns have the number's trailing digits as `seq` (0 when none)
 * and the number with those digits as `{SEQ}` as `number_format`.
 */
export const seriesPosition = () => ({
  seq: integer("seq").notNull(),
  numberFormat: text("number_format").notNull(),
});

/** Where the supply goes, which taxes it bears, and the document's totals. */
export const documentTax = () => ({
  placeOfSupply: text("place_of_supply").notNull(),
  supplyType: text("supply_type", { enum: enums["Invoice.supply_type"] }).notNull(),
  reverseCharge: boolean("reverse_charge").notNull(),
  sgstLabel: text("sgst_label", { enum: enums["Invoice.sgst_label"] }).notNull(),
  taxableValue: money("taxable_value").notNull(),
  cgst: money("cgst").notNull(),
  sgst: money("sgst").notNull(),
  igst: money("igst").notNull(),
  cess: money("cess").notNull(),
  roundOff: money("round_off").notNull(),
  total: money("total").notNull(),
});

/** What the IRP answered for the document; null outside e-invoicing. */
export const irpRegistration = () => ({
  irn: text("irn"),
  ackNo: text("ack_no"),
  ackDate: timestamp("ack_date", { withTimezone: true, mode: "date" }),
  signedQrCode: text("signed_qr_code"),
  signedInvoice: text("signed_invoice"),
});

/**
 * Where the document stands with a live IRP (the contract's EInvoiceStatus) and its last error; a
 * null status (documents written before these columns) is `registered` with an IRN, else
 * `not_applicable`.
 */
export const einvoiceProgress = () => ({
  einvoiceStatus: text("einvoice_status", { enum: enums.EInvoiceStatus }),
  einvoiceErrorCode: text("einvoice_error_code"),
  einvoiceErrorMessage: text("einvoice_error_message"),
});

/** One line's amounts and taxes, each rounded to the paisa. */
export const lineTax = () => ({
  gross: money("gross").notNull(),
  discount: money("discount").notNull(),
  taxableValue: money("taxable_value").notNull(),
  gstRate: decimal3("gst_rate").notNull(),
  cessRate: decimal3("cess_rate").notNull(),
  cgst: money("cgst").notNull(),
  sgst: money("sgst").notNull(),
  igst: money("igst").notNull(),
  cess: money("cess").notNull(),
  total: money("total").notNull(),
});
