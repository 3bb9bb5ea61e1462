import { enums } from "@bahi/contract/enums";
import { sql } from "drizzle-orm";
import { boolean, index, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, tenant, updatedAt } from "./columns.js";

export const parties = pgTable(
  "parties",
  {
    ...tenant,
    type: text("type", { enum: enums.PartyType }).notNull(),
    name: text("name").notNull(),
    gstin: text("gstin"),
    /** A unit or developer in a Special Economic Zone: supplies to it are zero-rated. */
    sez: boolean("sez").notNull().default(false),
    stateCode: text("state_code").notNull(),
    email: text("email"),
    phone: text("phone"),
    addressLine1: text("address_line1"),
    addressLine2: text("address_line2"),
    city: text("city"),
    addressStateCode: text("address_state_code"),
    pin: text("pin"),
    /** Set for an address abroad (ISO 3166-1 alpha-2), which has a postal code instead of a state and PIN. */
    country: text("country"),
    postalCode: text("postal_code"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.livemode, t.id] }),
    uniqueIndex("parties_gstin_key").on(t.accountId, t.livemode, t.gstin).where(sql`${t.gstin} is not null`),
    index("parties_type_idx").on(t.accountId, t.livemode, t.type, t.id),
    // `q` finds a name containing the text: by trigram, not by reading every party (on lower(name),
    // as products_search_idx is).
    index("parties_search_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
  ],
);
