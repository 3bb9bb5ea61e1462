import { enums } from "@bahi/contract/enums";
import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  foreignKey,
  index,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, decimal3, tenant, updatedAt } from "./columns.js";

export const products = pgTable(
  "products",
  {
    ...tenant,
    sku: text("sku").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    price: decimal3("price").notNull(),
    gstRate: decimal3("gst_rate").notNull(),
    cessRate: decimal3("cess_rate").notNull().default("0"),
    /** When the current rates took effect (their last change's); null if unchanged since creation. */
    ratesEffectiveFrom: date("rates_effective_from", { mode: "string" }),
    hsnCode: text("hsn_code"),
    unit: text("unit").notNull(),
    trackStock: boolean("track_stock").notNull(),
    allowNegativeStock: boolean("allow_negative_stock").notNull().default(false),
    reorderLevel: decimal3("reorder_level"),
    /** The sum of the product's stock movements, kept in the same transaction as each movement. */
    stockOnHand: decimal3("stock_on_hand").notNull().default("0"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.livemode, t.id] }),
    uniqueIndex("products_sku_key").on(t.accountId, t.livemode, t.sku),
    index("products_hsn_missing_idx").on(t.accountId, t.livemode, t.id).where(sql`${t.hsnCode} is null`),
    // The products that can run low, not those that have: an index whose predicate named the stock
    // made every change of stock a non-HOT update, adding an entry to each of the table's indexes
    // (every sale, for each product sold), which every lookup of the product then had to step over.
    index("products_reorder_level_idx")
      .on(t.accountId, t.livemode, t.id)
      .where(sql`${t.trackStock} and ${t.reorderLevel} is not null`),
    // `q` finds a name or SKU containing the text: by trigram, not by reading every product. On
    // lower(…), not the columns: pg_trgm answers `=` too, and PostgreSQL then found SKUs through
    // this index instead of products_sku_key (12 s for an import's batch of SKUs).
    index("products_search_idx").using(
      "gin",
      sql`lower(${t.name}) gin_trgm_ops`,
      sql`lower(${t.sku}) gin_trgm_ops`,
    ),
  ],
);

/**
 * A product's rates before each change of them: the rates that applied to documents dated before
 * `valid_until` (and on or after the previous entry's). The product's own columns hold the rates in
 * force since its last change; an invoice takes those of its date.
 */
export const productRateHistory = pgTable(
  "product_rate_history",
  {
    accountId: text("account_id").notNull(),
    livemode: boolean("livemode").notNull(),
    productId: text("product_id").notNull(),
    validUntil: date("valid_until", { mode: "string" }).notNull(),
    gstRate: decimal3("gst_rate").notNull(),
    cessRate: decimal3("cess_rate").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.livemode, t.productId, t.validUntil] }),
    foreignKey({
      name: "product_rate_history_product_fk",
      columns: [t.accountId, t.livemode, t.productId],
      foreignColumns: [products.accountId, products.livemode, products.id],
    }),
  ],
);

export const stockMovements = pgTable(
  "stock_movements",
  {
    ...tenant,
    productId: text("product_id").notNull(),
    quantity: decimal3("quantity").notNull(),
    kind: text("kind", {
      enum: enums["StockMovement.kind"],
    }).notNull(),
    reason: text("reason"),
    note: text("note"),
    sourceId: text("source_id"),
    stockAfter: decimal3("stock_after").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.livemode, t.id] }),
    index("stock_movements_product_idx").on(t.accountId, t.livemode, t.productId, t.id),
    // A cancel or a credit note finds the movements of its invoice: without this, the account's whole
    // history of movements.
    index("stock_movements_source_idx")
      .on(t.accountId, t.livemode, t.sourceId)
      .where(sql`${t.sourceId} is not null`),
    foreignKey({
      name: "stock_movements_product_fk",
      columns: [t.accountId, t.livemode, t.productId],
      foreignColumns: [products.accountId, products.livemode, products.id],
    }),
  ],
);
