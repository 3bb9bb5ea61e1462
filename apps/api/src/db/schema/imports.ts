import { enums } from "@bahi/contract/enums";
import { sql } from "drizzle-orm";
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { createdAt, tenant } from "./columns.js";

/**
 * Bulk imports of products. A queued or processing import is the work queue: each batch is claimed with
 * FOR UPDATE SKIP LOCKED on this row and committed with its products, so any worker on any node can go
 * on where another stopped, and no two run the same batch.
 */
export const productImports = pgTable(
  "product_imports",
  {
    ...tenant,
    status: text("status", { enum: enums["ProductImport.status"] }).notNull(),
    filename: text("filename"),
    /** `columns` of the API object: the headers understood, each with its field, and those ignored. */
    columns: jsonb("columns").notNull(),
    rowsTotal: integer("rows_total").notNull(),
    rowsDone: integer("rows_done").notNull().default(0),
    created: integer("created").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    flagged: integer("flagged").notNull().default(0),
    rejected: integer("rejected").notNull().default(0),
    /** Batches that failed unexpectedly in a row; the import fails once there are too many. */
    failedAttempts: integer("failed_attempts").notNull().default(0),
    failureReason: text("failure_reason"),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true, mode: "date" }),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.livemode, t.id] }),
    // Workers serve every account: the queue's index holds only unfinished imports.
    index("product_imports_pending_idx").on(t.id).where(sql`${t.status} in ('queued', 'processing')`),
  ],
);

/**
 * The file's data rows, as text cells in the order of the understood columns, one chunk per batch:
 * a worker reads only the chunk it imports, whatever the size of the file.
 */
export const productImportChunks = pgTable(
  "product_import_chunks",
  {
    accountId: text("account_id").notNull(),
    livemode: boolean("livemode").notNull(),
    importId: text("import_id").notNull(),
    chunkNo: integer("chunk_no").notNull(),
    /** JSON: `[[row number, [cell, …]], …]`. */
    cells: text("cells").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.livemode, t.importId, t.chunkNo] }),
    foreignKey({
      name: "product_import_chunks_import_fk",
      columns: [t.accountId, t.livemode, t.importId],
      foreignColumns: [productImports.accountId, productImports.livemode, productImports.id],
    }).onDelete("cascade"),
  ],
);

/** The outcome of each data row; `problems` lists each `{ column, reason }` of a flagged or rejected row. */
export const productImportRows = pgTable(
  "product_import_rows",
  {
    accountId: text("account_id").notNull(),
    livemode: boolean("livemode").notNull(),
    importId: text("import_id").notNull(),
    rowNo: integer("row_no").notNull(),
    outcome: text("outcome", { enum: ["created", "updated", "flagged", "rejected"] }).notNull(),
    sku: text("sku"),
    productId: text("product_id"),
    problems: jsonb("problems"),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.livemode, t.importId, t.rowNo] }),
    foreignKey({
      name: "product_import_rows_import_fk",
      columns: [t.accountId, t.livemode, t.importId],
      foreignColumns: [productImports.accountId, productImports.livemode, productImports.id],
    }).onDelete("cascade"),
  ],
);
