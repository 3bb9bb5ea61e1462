import type { components } from "@bahi/contract";
import { formatMilli, type Milli, parseNumeric } from "@bahi/gst";
import { desc, eq, lt, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../db/client.js";
import { products, stockMovements } from "../db/schema.js";
import { conflict, notFound } from "../errors.js";
import { newId } from "../ids.js";
import { recordEvent } from "./events.js";
import { type Owner, ownedBy, ownedRow } from "./owner.js";
import { type Page, pageOf } from "./pagination.js";
import { decimal, toProduct } from "./product-view.js";

type StockMovement = components["schemas"]["StockMovement"];
type MovementRow = typeof stockMovements.$inferSelect;

export function toStockMovement(row: MovementRow): StockMovement {
  return {
    id: row.id,
    object: "stock_movement",
    livemode: row.livemode,
    product_id: row.productId,
    quantity: decimal(row.quantity),
    kind: row.kind,
    reason: row.reason as StockMovement["reason"],
    note: row.note,
    source_id: row.sourceId,
    stock_after: decimal(row.stockAfter),
    created_at: row.createdAt.toISOString(),
  };
}

export interface MovementCause {
  kind: StockMovement["kind"];
  reason?: StockMovement["reason"];
  note?: string | null;
  sourceId?: string | null;
}

/**
 * Moves a product's stock and records the movement in the caller's transaction. The update itself
 * refuses to go below zero (unless the product allows it), so two concurrent sales can never both
 * take the last unit: the second waits on the row lock and then finds too little stock.
 */
export async function applyStockMovement(
  tx: Executor,
  owner: Owner,
  productId: string,
  quantity: Milli,
  cause: MovementCause,
): Promise<StockMovement> {
  const delta = formatMilli(quantity);
  const [moved] = await tx
    .update(products)
    .set({ stockOnHand: sql`${products.stockOnHand} + ${delta}::numeric`, updatedAt: new Date() })
    .where(
      ownedBy(
        products,
        owner,
        eq(products.id, productId),
        sql`(${products.allowNegativeStock} or ${products.stockOnHand} + ${delta}::numeric >= 0)`,
      ),
    )
    .returning();
  if (!moved) {
    const [product] = await tx
      .select({ sku: products.sku, stockOnHand: products.stockOnHand })
      .from(products)
      .where(ownedRow(products, owner, productId))
      .limit(1);
    if (!product) throw notFound("product", productId);
    throw conflict(
      "insufficient_stock",
      `Not enough stock of ${product.sku}: ${decimal(product.stockOnHand)} on hand, ${decimal(formatMilli(-quantity))} needed.`,
      { sku: product.sku },
    );
  }
  const [row] = await tx
    .insert(stockMovements)
    .values({
      accountId: owner.accountId,
      livemode: owner.livemode,
      id: newId("stockMovement"),
      productId,
      quantity: delta,
      kind: cause.kind,
      reason: cause.reason ?? null,
      note: cause.note ?? null,
      sourceId: cause.sourceId ?? null,
      stockAfter: moved.stockOnHand,
    })
    .returning();
  if (!row) throw new Error("insert returned no stock movement");
  const after = parseNumeric(moved.stockOnHand, 3);
  if (moved.trackStock && moved.reorderLevel !== null) {
    const level = parseNumeric(moved.reorderLevel, 3);
    if (after <= level && after - quantity > level) {
      await recordEvent(tx, owner, "product.stock_low", toProduct(moved));
    }
  }
  return toStockMovement(row);
}

export async function listStockMovements(
  db: Executor,
  owner: Owner,
  productId: string,
  filters: { limit: number; startingAfter?: string | undefined; kind?: StockMovement["kind"] | undefined },
): Promise<Page<StockMovement>> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(ownedRow(products, owner, productId));
  if (!product) throw notFound("product", productId);
  const conditions: (SQL | undefined)[] = [
    eq(stockMovements.productId, productId),
    filters.startingAfter ? lt(stockMovements.id, filters.startingAfter) : undefined,
    filters.kind ? eq(stockMovements.kind, filters.kind) : undefined,
  ];
  const rows = await db
    .select()
    .from(stockMovements)
    .where(ownedBy(stockMovements, owner, ...conditions))
    .orderBy(desc(stockMovements.id))
    .limit(filters.limit + 1);
  return pageOf(rows.map(toStockMovement), filters.limit);
}
