import { enums } from "@bahi/contract/enums";
import {
  boolean,
  date,
  foreignKey,
  index,
  integer,
  json,
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
import { invoices } from "./invoices.js";

/**
 * Credit notes (GST section 34) against issued invoices, in their own consecutive series. A note takes
 * its invoice's place of supply, supply type and reverse charge; `credited_to_party` is the part of its
 * total set off against the invoice's balance (added to the invoice's `amount_credited`), the rest
 * `refund_due`.
 */
export const creditNotes = pgTable(
  "credit_notes",
  {
    ...tenant,
    number: text("number").notNull(),
    financialYear: text("financial_year").notNull(),
    ...seriesPosition(),
    date: date("date", { mode: "string" }).notNull(),
    invoiceId: text("invoice_id").notNull(),
    partyId: text("party_id").notNull(),
    reason: text("reason", {
      enum: enums.CreditNoteReason,
    }).notNull(),
    restock: boolean("restock").notNull(),
    ...documentTax(),
    creditedToParty: money("credited_to_party").notNull(),
    refundDue: money("refund_due").notNull(),
    ...irpRegistration(),
    ...einvoiceProgress(),
    /** The INV-01 document (type CRN) exactly as it was sent to the IRP; `json` as for invoices. */
    einvoice: json("einvoice"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.livemode, t.id] }),
    uniqueIndex("credit_notes_number_key").on(t.accountId, t.livemode, t.financialYear, t.number),
    index("credit_notes_invoice_idx").on(t.accountId, t.livemode, t.invoiceId, t.id),
    index("credit_notes_party_idx").on(t.accountId, t.livemode, t.partyId, t.id),
    index("credit_notes_date_idx").on(t.accountId, t.livemode, t.date, t.id),
    foreignKey({
      name: "credit_notes_invoice_fk",
      columns: [t.accountId, t.livemode, t.invoiceId],
      foreignColumns: [invoices.accountId, invoices.livemode, invoices.id],
    }),
  ],
);

/** The credited part of one invoice line; `qty` and `rate` are null for a line credited by value alone. */
export const creditNoteItems = pgTable(
  "credit_note_items",
  {
    accountId: text("account_id").notNull(),
    livemode: boolean("livemode").notNull(),
    creditNoteId: text("credit_note_id").notNull(),
    lineNo: integer("line_no").notNull(),
    invoiceId: text("invoice_id").notNull(),
    /** The invoice line credited. */
    invoiceLineNo: integer("invoice_line_no").notNull(),
    productId: text("product_id").notNull(),
    sku: text("sku").notNull(),
    description: text("description").notNull(),
    hsnCode: text("hsn_code"),
    unit: text("unit").notNull(),
    qty: decimal3("qty"),
    rate: decimal3("rate"),
    ...lineTax(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.livemode, t.creditNoteId, t.lineNo] }),
    index("credit_note_items_invoice_idx").on(t.accountId, t.livemode, t.invoiceId, t.invoiceLineNo),
    foreignKey({
      name: "credit_note_items_credit_note_fk",
      columns: [t.accountId, t.livemode, t.creditNoteId],
      foreignColumns: [creditNotes.accountId, creditNotes.livemode, creditNotes.id],
    }),
  ],
);

/**
 * Debit notes (GST section 34(3)) raising the value of issued invoices' lines, in their own consecutive
 * series. A note takes its invoice's place of supply, supply type and reverse charge; its total is added
 * to the invoice's `amount_debited`.
 */
export const debitNotes = pgTable(
  "debit_notes",
  {
    ...tenant,
    number: text("number").notNull(),
    financialYear: text("financial_year").notNull(),
    ...seriesPosition(),
    date: date("date", { mode: "string" }).notNull(),
    invoiceId: text("invoice_id").notNull(),
    partyId: text("party_id").notNull(),
    reason: text("reason", {
      enum: enums.DebitNoteReason,
    }).notNull(),
    ...documentTax(),
    ...irpRegistration(),
    ...einvoiceProgress(),
    /** The INV-01 document (type DBN) exactly as it was sent to the IRP; `json` as for invoices. */
    einvoice: json("einvoice"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.livemode, t.id] }),
    uniqueIndex("debit_notes_number_key").on(t.accountId, t.livemode, t.financialYear, t.number),
    index("debit_notes_invoice_idx").on(t.accountId, t.livemode, t.invoiceId, t.id),
    index("debit_notes_party_idx").on(t.accountId, t.livemode, t.partyId, t.id),
    index("debit_notes_date_idx").on(t.accountId, t.livemode, t.date, t.id),
    foreignKey({
      name: "debit_notes_invoice_fk",
      columns: [t.accountId, t.livemode, t.invoiceId],
      foreignColumns: [invoices.accountId, invoices.livemode, invoices.id],
    }),
  ],
);

/** The value one debit note adds to one invoice line. */
export const debitNoteItems = pgTable(
  "debit_note_items",
  {
    accountId: text("account_id").notNull(),
    livemode: boolean("livemode").notNull(),
    debitNoteId: text("debit_note_id").notNull(),
    lineNo: integer("line_no").notNull(),
    invoiceId: text("invoice_id").notNull(),
    /** The invoice line debited. */
    invoiceLineNo: integer("invoice_line_no").notNull(),
    productId: text("product_id").notNull(),
    sku: text("sku").notNull(),
    description: text("description").notNull(),
    hsnCode: text("hsn_code"),
    unit: text("unit").notNull(),
    ...lineTax(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.livemode, t.debitNoteId, t.lineNo] }),
    index("debit_note_items_invoice_idx").on(t.accountId, t.livemode, t.invoiceId, t.invoiceLineNo),
    foreignKey({
      name: "debit_note_items_debit_note_fk",
      columns: [t.accountId, t.livemode, t.debitNoteId],
      foreignColumns: [debitNotes.accountId, debitNotes.livemode, debitNotes.id],
    }),
  ],
);
