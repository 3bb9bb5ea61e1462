import { enums } from "@bahi/contract/enums";
import { boolean, date, foreignKey, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, money, tenant } from "./columns.js";
import { invoices } from "./invoices.js";

/** Money received from a party; `unallocated_amount` is what its allocations have not yet used. */
export const payments = pgTable(
  "payments",
  {
    ...tenant,
    partyId: text("party_id").notNull(),
    amount: money("amount").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    mode: text("mode", { enum: enums.PaymentMode }).notNull(),
    reference: text("reference"),
    unallocatedAmount: money("unallocated_amount").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.livemode, t.id] }),
    index("payments_party_idx").on(t.accountId, t.livemode, t.partyId, t.id),
    index("payments_date_idx").on(t.accountId, t.livemode, t.date, t.id),
  ],
);

/** A part of a payment set against one invoice; later allocations may pay the same invoice again. */
export const paymentAllocations = pgTable(
  "payment_allocations",
  {
    accountId: text("account_id").notNull(),
    livemode: boolean("livemode").notNull(),
    paymentId: text("payment_id").notNull(),
    invoiceId: text("invoice_id").notNull(),
    /** 1, 2, … in the order the allocations were made, so that they read back oldest first. */
    position: integer("position").notNull(),
    amount: money("amount").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.livemode, t.paymentId, t.position] }),
    index("payment_allocations_invoice_idx").on(t.accountId, t.livemode, t.invoiceId),
    foreignKey({
      name: "payment_allocations_payment_fk",
      columns: [t.accountId, t.livemode, t.paymentId],
      foreignColumns: [payments.accountId, payments.livemode, payments.id],
    }),
    foreignKey({
      name: "payment_allocations_invoice_fk",
      columns: [t.accountId, t.livemode, t.invoiceId],
      foreignColumns: [invoices.accountId, invoices.livemode, invoices.id],
    }),
  ],
);
