// Every business table leads its keys and indexes with (account_id, livemode) so that the data can
// be distributed by account (Citus) once one PostgreSQL server is outgrown.
import { sql } from "drizzle-orm";
import { boolean, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

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
  plan: text("plan", { enum: ["free", "growth", "enterprise"] }).notNull(),
  subscriptionStatus: text("subscription_status", { enum: ["active", "paused"] }).notNull(),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow(),
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
