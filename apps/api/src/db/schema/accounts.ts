import { enums } from "@bahi/contract/enums";
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.js";

export const accounts = pgTable("accounts", {
  id: text("id").primaryKey(),
  legalName: text("legal_name").notNull(),
  tradeName: text("trade_name"),
  gstin: text("gstin").notNull(),
  pan: text("pan").notNull(),
  stateCode: text("state_code").notNull(),
  addressLine1: text("address_line1").notNull(),
  addressLine2: text("address_line2"),
  city: text("city").notNull(),
  pin: text("pin").notNull(),
  plan: text("plan", { enum: enums.Plan }).notNull(),
  subscriptionStatus: text("subscription_status", { enum: enums["Account.subscription_status"] }).notNull(),
  invoiceNumberFormat: text("invoice_number_format").notNull().default("INV/{FY:short}/{SEQ:6}"),
  creditNoteNumberFormat: text("credit_note_number_format").notNull().default("CN/{FY:short}/{SEQ:6}"),
  debitNoteNumberFormat: text("debit_note_number_format").notNull().default("DN/{FY:short}/{SEQ:6}"),
  numberReset: text("number_reset", { enum: enums.NumberReset }).notNull().default("yearly"),
  booksClosedThrough: text("books_closed_through"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const apiKeys = pgTable(
  "api_keys",
  {
    accountId: text("account_id")
      .notNull()
      .references(() => accounts.id),
    livemode: boolean("livemode").notNull(),
    id: text("id").notNull(),
    name: text("name"),
    prefix: text("prefix").notNull(),
    last4: text("last4").notNull(),
    /** Hex SHA-256 of the secret: keys carry 256 random bits, so a fast hash cannot be inverted. */
    secretHash: text("secret_hash").notNull(),
    scopes: text("scopes").array().notNull().default(sql`'{}'::text[]`),
    expiresAt: timestamp("expires_at", { withTimezone: true, mode: "date" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.livemode, t.id] }),
    uniqueIndex("api_keys_secret_hash_key").on(t.secretHash),
  ],
);

/**
 * The key that seals webhook secrets when the operator sets no BAHI_SECRET_KEY: made once and shared
 * by every node. It keeps secrets out of logs and query results, not away from whoever can read it.
 */
export const encryptionKeys = pgTable("encryption_keys", {
  id: text("id").primaryKey(),
  key: text("key").notNull(),
  createdAt: createdAt(),
});

/** The IRP sandbox's RSA key, made once and shared by every API node so that all sign alike. */
export const irpSigningKeys = pgTable("irp_signing_keys", {
  kid: text("kid").primaryKey(),
  publicJwk: jsonb("public_jwk").notNull(),
  privateKeyPem: text("private_key_pem").notNull(),
  createdAt: createdAt(),
});

/** Answers to POSTs with an Idempotency-Key, stored in the transaction that made them. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    accountId: text("account_id").notNull(),
    livemode: boolean("livemode").notNull(),
    key: text("key").notNull(),
    /** SHA-256 of the method, path and canonical body: the same key with another request is refused. */
    fingerprint: text("fingerprint").notNull(),
    responseStatus: integer("response_status").notNull(),
    /** The answer's JSON, sealed when it carries a secret shown once (a new API key's, a webhook's). */
    responseBody: text("response_body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.livemode, t.key] }),
    index("idempotency_keys_created_at_idx").on(t.createdAt),
  ],
);
