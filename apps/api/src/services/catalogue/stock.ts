import type { components } from "@bahi/contract";
import { formatMilli, type Milli, parseNumeric } from "@bahi/gst";
import { desc, eq, lt, type SQL, sql } from "drizzle-orm";
import { textArrayLiteral } from "../../db/arrays.js";
import type { Executor } from "../../db/client.js";
import { rowsOf } from "../../db/rows.js";
import { products, stockMovements } from "../../db/schema.js";
import type { Bindable } from "../../speed/built-statement.js";
import { newId } from "../../values/ids.js";
import { conflict, notFound } from "../../values/problem.js";
import { recordEvent } from "../events/events.js";
import { type Owner, ownedBy, ownedRow } from "../shared/owner.js";
import { type ListQuery, type Page, pageOf } from "../shared/pagination.js";
import { decimal, type ProductRow, toProduct } from "./product-view.js";

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

/**
 * The movements one document made, of one kind: what a cancel or a credit note gives back. Found by
 * `stock_movements_source_idx`, not by reading the account's whole history of movements.
 */
export function movementsOfSource(tx: Executor, owner: Owner, sourceId: string, kind: StockMovement["kind"]) {
  return tx
    .select({ productId: stockMovements.productId, quantity: stockMovements.quantity })
    .from(stockMovements)
    .where(
      ownedBy(stockMovements, owner, eq(stockMovements.sourceId, sourceId), eq(stockMovements.kind, kind)),
    );
}

export interface MovementCause {
  kind: StockMovement["kind"];
  reason?: StockMovement["reason"];
  note?: string | null;
  sourceId?: string | null;
}

/** A MovementCause with its absent fields null, as stockUpdateCtes binds them. */
export interface CauseValues {
  kind: MovementCause["kind"];
  reason: StockMovement["reason"] | null;
  note: string | null;
  sourceId: string | null;
}

export function causeOf(cause: MovementCause): CauseValues {
  return {
    kind: cause.kind,
    reason: cause.reason ?? null,
    note: cause.note ?? null,
    sourceId: cause.sourceId ?? null,
  };
}

export interface Move {
  productId: string;
  quantity: Milli;
}

/**
 * The CTEs `wanted`, `locked`, `moved` and `recorded` of a statement that moves the stock of any
 * number of products and records one movement each; MOVED_ROWS reads what they did. The update
 * refuses a decrease below zero (unless a product allows it) and any move past MAX_STOCK_ON_HAND
 * either way, so two concurrent sales can never both take the last unit: the second waits on the row
 * lock, then finds too little stock, and settleStockMoves refuses the whole transaction with 409,
 * naming the SKU. The moves travel as one JSON parameter and the products are found by their whole
 * key, their ids in one text array, so the statement's text and plan are the same whatever their
 * number.
 */
export function stockMoveCtes(owner: Owner, moves: readonly Move[], cause: MovementCause): SQL {
  return sql`${stockLockCtes(owner, wantedOf(moves))}, ${stockUpdateCtes(owner, causeOf(cause))}`;
}

/** The moves as stockLockCtes takes them: one JSON list, and the products' ids as a text array. */
export interface WantedMoves {
  wanted: string;
  productIds: string;
}

/** Each move with the id of the movement it will record. */
export function wantedOf(moves: readonly Move[]): WantedMoves {
  const wanted = moves.map((m) => ({
    product_id: m.productId,
    quantity: formatMilli(m.quantity),
    movement_id: newId("stockMovement"),
  }));
  return { wanted: JSON.stringify(wanted), productIds: textArrayLiteral(moves.map((m) => m.productId)) };
}

/**
 * The first half of stockMoveCtes, `wanted` and `locked`: the products' rows locked in id order, with
 * the stock they hold once locked (a locking read sees the latest version). An update joined to a
 * list locks rows in whatever order the plan visits them, and two sales of the same products visiting
 * them in different orders would deadlock. STOCK_SUFFICES reads whether every move can be made.
 * `condition` is evaluated once, before any row is locked.
 */
export function stockLockCtes(
  owner: Bindable<Owner>,
  { wanted, productIds }: Bindable<WantedMoves>,
  condition: SQL = sql`true`,
): SQL {
  return sql`wanted as (
        select * from json_to_recordset(${wanted}::json)
          as w(product_id text, quantity numeric, movement_id text)
      ),
      locked as materialized (
        select id, stock_on_hand, allow_negative_stock, track_stock, reorder_level from ${products}
        where account_id = ${owner.accountId} and livemode = ${owner.livemode}
          and id = any(${productIds}::text[]) and ${condition}
        order by id
        for no key update
      )`;
}

/**
 * MAX_STOCK_ON_HAND: the most stock a product may hold, and the most it may owe: the contract's
 * StockQuantity range, beyond which `stock_on_hand` and `stock_after` could not be answered.
 */
export const MAX_STOCK_ON_HAND: Milli = 9_999_999_999_999n;

const STOCK_BOUND = formatMilli(MAX_STOCK_ON_HAND);

/**
 * Whether the product row `alias` can take its move `w` (the rules refusals name the SKU for). Only
 * a decrease can be short of stock: an increase of a product below zero (once it stopped allowing
 * negative stock) brings it closer to zero and is welcome.
 */
const canMove = (alias: "l" | "p") =>
  sql.raw(`(${alias}.stock_on_hand + w.quantity between -${STOCK_BOUND} and ${STOCK_BOUND}
    and (w.quantity >= 0 or ${alias}.allow_negative_stock or ${alias}.stock_on_hand + w.quantity >= 0))`);

/** Whether every move of stockLockCtes can be made: each product exists and has the stock, or the room. */
export const STOCK_SUFFICES = sql`(select count(*) from wanted w join locked l on l.id = w.product_id
  where ${canMove("l")}) = (select count(*) from wanted)`;

/**
 * Whether no move of stockLockCtes takes a product down to its reorder level, which settleStockMoves
 * announces with an event of its own: a statement that cannot write that event can refuse such moves.
 */
export const NO_REORDER_LEVEL_REACHED = sql`not exists (select 1 from wanted w join locked l on l.id = w.product_id
  where l.track_stock and l.reorder_level is not null and l.stock_on_hand > l.reorder_level
    and l.stock_on_hand + w.quantity <= l.reorder_level)`;

/**
 * The second half of stockMoveCtes, `moved` and `recorded`, after stockLockCtes: the moves, made only
 * if `condition` holds, so that a statement that may not make its change moves no stock either.
 */
export function stockUpdateCtes(
  owner: Bindable<Owner>,
  cause: Bindable<CauseValues>,
  condition: SQL = sql`true`,
): SQL {
  return sql`moved as (
        update ${products} p
        set stock_on_hand = p.stock_on_hand + w.quantity, updated_at = now()
        from wanted w join locked l on l.id = w.product_id
        where p.account_id = ${owner.accountId} and p.livemode = ${owner.livemode} and p.id = w.product_id
          and ${canMove("p")} and ${condition}
        returning p.id as product_id, w.movement_id, w.quantity, p.stock_on_hand as stock_after,
          p.track_stock, p.reorder_level
      ),
      recorded as (
        insert into ${stockMovements}
          (account_id, livemode, id, product_id, quantity, kind, reason, note, source_id, stock_after)
        select ${owner.accountId}::text, ${owner.livemode}::boolean, movement_id, product_id, quantity,
          ${cause.kind}::text, ${cause.reason}::text, ${cause.note}::text, ${cause.sourceId}::text, stock_after
        from moved
        returning id, created_at
      )`;
}

/** What the CTEs of stockMoveCtes did, a row per product moved. */
export const MOVED_ROWS = sql`select moved.*, recorded.created_at from moved join recorded on recorded.id = moved.movement_id`;

/** A row of MOVED_ROWS. */
export interface MovedRow {
  product_id: string;
  movement_id: string;
  quantity: string;
  stock_after: string;
  track_stock: boolean;
  reorder_level: string | null;
  created_at: Date | string;
}

/** Moves the stock of any number of products in one statement of the caller's transaction. */
export async function applyStockMovements(
  tx: Executor,
  owner: Owner,
  moves: readonly Move[],
  cause: MovementCause,
): Promise<StockMovement[]> {
  if (moves.length === 0) return [];
  const rows = rowsOf(
    await tx.execute(sql`with ${stockMoveCtes(owner, moves, cause)} ${MOVED_ROWS}`),
  ) as unknown as MovedRow[];
  return settleStockMoves(tx, owner, moves, rows, cause);
}

/**
 * Finishes moves made by stockMoveCtes: refuses the transaction if a product could not move (too
 * little stock or room, or missing), announces products that fell to their reorder level, and
 * returns the movements.
 */
export async function settleStockMoves(
  tx: Executor,
  owner: Owner,
  moves: readonly Move[],
  rows: readonly MovedRow[],
  cause: MovementCause,
): Promise<StockMovement[]> {
  if (rows.length < moves.length) await refuseShortage(tx, owner, moves, rows);
  const movements: StockMovement[] = [];
  for (const row of rows) {
    const quantity = parseNumeric(String(row.quantity), 3);
    const after = parseNumeric(String(row.stock_after), 3);
    movements.push({
      id: row.movement_id,
      object: "stock_movement",
      livemode: owner.livemode,
      product_id: row.product_id,
      quantity: decimal(String(row.quantity)),
      kind: cause.kind,
      reason: cause.reason ?? null,
      note: cause.note ?? null,
      source_id: cause.sourceId ?? null,
      stock_after: decimal(String(row.stock_after)),
      created_at: new Date(row.created_at).toISOString(),
    });
    if (row.track_stock && row.reorder_level !== null) {
      const level = parseNumeric(String(row.reorder_level), 3);
      if (after <= level && after - quantity > level) {
        const [product] = await tx
          .select()
          .from(products)
          .where(ownedRow(products, owner, row.product_id));
        if (product) await recordEvent(tx, owner, "product.stock_low", toProduct(product));
      }
    }
  }
  return movements;
}

/** A quantity for people, as exact as it is: the sum of an invoice's lines may be no JSON number. */
const quantityText = (milli: Milli) => formatMilli(milli).replace(/\.?0+$/, "");

/**
 * Names the first product that could not move: missing (404), short of stock (409
 * `insufficient_stock`; one that allows negative stock is short once it would owe more than
 * MAX_STOCK_ON_HAND) or without room for more (409 `stock_above_maximum`).
 */
async function refuseShortage(
  tx: Executor,
  owner: Owner,
  moves: readonly Move[],
  moved: readonly MovedRow[],
) {
  const done = new Set(moved.map((r) => r.product_id));
  const failed = moves.find((m) => !done.has(m.productId)) as Move;
  const [product] = await tx
    .select({
      sku: products.sku,
      stockOnHand: products.stockOnHand,
      allowNegativeStock: products.allowNegativeStock,
    })
    .from(products)
    .where(ownedRow(products, owner, failed.productId))
    .limit(1);
  if (!product) throw notFound("product", failed.productId);
  throw shortage(product, failed.quantity);
}

type StockFacts = Pick<ProductRow, "sku" | "stockOnHand" | "allowNegativeStock">;

/** The refusal of a move of `quantity` that `product` cannot take (see canMove). */
function shortage(product: StockFacts, quantity: Milli) {
  const onHand = `${quantityText(parseNumeric(product.stockOnHand, 3))} on hand`;
  if (quantity > 0n) {
    return conflict(
      "stock_above_maximum",
      `Stock of ${product.sku} cannot rise above ${quantityText(MAX_STOCK_ON_HAND)}: ${onHand}, ${quantityText(quantity)} to add.`,
      { sku: product.sku },
    );
  }
  const floor = product.allowNegativeStock
    ? `; stock may not fall below ${quantityText(-MAX_STOCK_ON_HAND)}`
    : "";
  return conflict(
    "insufficient_stock",
    `Not enough stock of ${product.sku}: ${onHand}, ${quantityText(-quantity)} needed${floor}.`,
    { sku: product.sku },
  );
}

/**
 * Refuses, as the statement that moves them would, the first of `moves` that the products as read
 * (`byId`, without a lock) cannot take: canMove's rule, in Node. A sale of stock already gone then
 * costs no lock and no number; one that the read let through can still be refused under the lock,
 * when another sale took the stock meanwhile.
 */
export function refuseShortageAsRead(
  moves: readonly Move[],
  byId: ReadonlyMap<string, StockFacts & Pick<ProductRow, "trackStock">>,
): void {
  for (const move of moves) {
    const product = byId.get(move.productId);
    if (!product?.trackStock) continue;
    const after = parseNumeric(product.stockOnHand, 3) + move.quantity;
    const withinBounds = after >= -MAX_STOCK_ON_HAND && after <= MAX_STOCK_ON_HAND;
    if (!withinBounds || (move.quantity < 0n && !product.allowNegativeStock && after < 0n)) {
      throw shortage(product, move.quantity);
    }
  }
}

export async function listStockMovements(
  db: Executor,
  owner: Owner,
  productId: string,
  filters: ListQuery<"listStockMovements">,
): Promise<Page<StockMovement>> {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(ownedRow(products, owner, productId));
  if (!product) throw notFound("product", productId);
  const conditions: (SQL | undefined)[] = [
    eq(stockMovements.productId, productId),
    filters.starting_after ? lt(stockMovements.id, filters.starting_after) : undefined,
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
