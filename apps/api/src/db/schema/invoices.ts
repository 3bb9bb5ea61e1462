import { enums } from "@bahi/contract/enums";
import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import {
  createdAt,
  decimal3,
  documentTax,
  einvoiceProgress,
  irpRegistration,
  lineTax,
  money,
  seriesPosition,
  tenant,
} from "./columns.js";

/** The last serial number issued per document series and period (`2026-27`, or `all` when numbering never resets). */
export const documentSeries = pgTable(
  "document_series",
  {
    accountId: text("account_id").notNull(),
    livemode: boolean("livemode").notNull(),
    kind: text("kind", { enum: ["invoice", "credit_note", "debit_note"] }).notNull(),
    period: text("period").notNull(),
    lastSeq: integer("last_seq").notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.livemode, t.kind, t.period] })],
);

export const invoices = pgTable(
  "invoices",
  {
    ...tenant,
    number: text("number").notNull(),
    financialYear: text("financial_year").notNull(),
    ...seriesPosition(),
    date: date("date", { mode: "string" }).notNull(),
    dueDate: date("due_date", { mode: "string" }),
    status: text("status", { enum: enums.InvoiceStatus }).notNull(),
    partyId: text("party_id").notNull(),
    /** The party as it was when the invoice was issued; later edits of the party do not reach it. */
    party: jsonb("party").notNull(),
    /** Where the goods were delivered, when not to the party's own address (bill to one, ship to another). */
    shipTo: jsonb("ship_to"),
    ...documentTax(),
    /** The party was an SEZ unit when the invoice was issued: a zero-rated supply. */
    sez: boolean("sez").notNull().default(false),
    /** A zero-rated supply under bond or letter of undertaking: no IGST or cess charged. */
    underLut: boolean("under_lut").notNull().default(false),
    /** A deemed export (to an EOU, or against an Advance Authorisation or EPCG): taxed as usual. */
    deemedExport: boolean("deemed_export").notNull().default(false),
    amountPaid: money("amount_paid").notNull().default("0"),
    amountCredited: money("amount_credited").notNull().default("0"),
    amountDebited: money("amount_debited").notNull().default("0"),
    ...irpRegistration(),
    ...einvoiceProgress(),
    /**
     * The INV-01 document exactly as it was sent to the IRP: `json` keeps its text, key order
     * included, where `jsonb` would reorder the keys (and cost a parse into its binary form on write).
     */
    einvoice: json("einvoice"),
    /** An export's customs shipping bill (the contract's ShippingBill), often recorded after issue. */
    shippingBill: jsonb("shipping_bill"),
    cancellation: jsonb("cancellation"),
    notes: text("notes"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.livemode, t.id] }),
    uniqueIndex("invoices_number_key").on(t.accountId, t.livemode, t.financialYear, t.number),
    index("invoices_number_idx").on(t.accountId, t.livemode, t.number),
    index("invoices_status_idx").on(t.accountId, t.livemode, t.status, t.id),
    index("invoices_party_idx").on(t.accountId, t.livemode, t.partyId, t.id),
    index("invoices_date_idx").on(t.accountId, t.livemode, t.date, t.id),
  ],
);

export const invoiceItems = pgTable(
  "invoice_items",
  {
    accountId: text("account_id").notNull(),
    livemode: boolean("livemode").notNull(),
    invoiceId: text("invoice_id").notNull(),
    lineNo: integer("line_no").notNull(),
    productId: text("product_id").notNull(),
    sku: text("sku").notNull(),
    description: text("description").notNull(),
    hsnCode: text("hsn_code"),
    unit: text("unit").notNull(),
    qty: decimal3("qty").notNull(),
    rate: decimal3("rate").notNull(),
    ...lineTax(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.livemode, t.invoiceId, t.lineNo] }),
    foreignKey({
      name: "invoice_items_invoice_fk",
      columns: [t.accountId, t.livemode, t.invoiceId],
      foreignColumns: [invoices.accountId, invoices.livemode, invoices.id],
    }),
  ],
);
