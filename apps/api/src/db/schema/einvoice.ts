import { enums } from "@bahi/contract/enums";
import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.js";

/** How an account registers its e-invoices, per mode; no row: Bahi's sandbox. */
export const einvoiceSettings = pgTable(
  "einvoice_settings",
  {
    accountId: text("account_id").notNull(),
    livemode: boolean("livemode").notNull(),
    provider: text("provider", { enum: enums.EInvoiceProvider }).notNull(),
    baseUrl: text("base_url"),
    clientId: text("client_id"),
    userName: text("user_name"),
    publicKey: text("public_key"),
    signingKeys: jsonb("signing_keys"),
    /** `{clientSecret, password}` as JSON, sealed with the SecretBox: never stored in clear. */
    sealedCredentials: text("sealed_credentials"),
    updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.livemode] })],
);

/**
 * The durable queue of registrations with a live IRP: a row per document committed `pending`,
 * written in the document's own transaction and deleted in the one that records its IRN. A row
 * with no `next_attempt_at` is parked (`failed`) until the retry endpoint wakes it.
 */
export const einvoiceRegistrations = pgTable(
  "einvoice_registrations",
  {
    accountId: text("account_id").notNull(),
    livemode: boolean("livemode").notNull(),
    kind: text("kind", { enum: ["invoice", "credit_note", "debit_note"] }).notNull(),
    documentId: text("document_id").notNull(),
    attempts: integer("attempts").notNull().default(0),
    /** When the next attempt is due; an attempt in hand pushes it past its own deadline (a lease). */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true, mode: "date" }),
    /** An attempt sent the document and read no answer: ask the IRP for it before sending it again. */
    outcomeUnknown: boolean("outcome_unknown").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.livemode, t.kind, t.documentId] }),
    index("einvoice_registrations_due_idx").on(t.nextAttemptAt).where(sql`${t.nextAttemptAt} is not null`),
  ],
);
