import type { components } from "@bahi/contract";
import { formatMilli, type Milli, parseNumeric, todayInIst } from "@bahi/gst";
import { getTableColumns, sql } from "drizzle-orm";
import { textArray } from "../../db/arrays.js";
import type { Transaction } from "../../db/client.js";
import {
  productImportRows,
  type productImports,
  productRateHistory,
  products,
  stockMovements,
} from "../../db/schema.js";
import { newId } from "../../values/ids.js";
import { type ProductRow, toProduct } from "../catalogue/product-view.js";
import { type EventType, recordEvents } from "../events/events.js";
import type { Owner } from "../shared/owner.js";
import { ownedBy } from "../shared/owner.js";
import type { ImportColumn } from "./headers.js";
import {
  type Decision,
  decideRow,
  type ImportRow,
  type Problem,
  type ProductValues,
  SKU_PATTERN,
} from "./rows.js";

type ImportRecord = typeof productImports.$inferSelect;
type Product = components["schemas"]["Product"];
type Outcome = "created" | "updated" | "flagged" | "rejected";

export interface RowOutcome {
  rowNo: number;
  outcome: Outcome;
  sku: string | null;
  productId: string | null;
  problems: readonly Problem[] | null;
}

const skuCell = (row: ImportRow, columns: readonly ImportColumn[]) => {
  const text = row.cells[columns.findIndex((c) => c.field === "sku")]?.trim();
  return text ? text : null;
};

/** A list as one JSON parameter: a 1,000-row VALUES list costs PostgreSQL more to parse than to run. */
const jsonParam = (value: unknown) => sql`${JSON.stringify(value)}::json`;

/**
 * Decides and applies a batch's rows: the products created or updated in one statement, their stock
 * moved, their events written, and each row's outcome.
 */
export async function importRows(
  tx: Transaction,
  job: ImportRecord,
  rows: readonly ImportRow[],
  columns: readonly ImportColumn[],
  now: Date,
): Promise<RowOutcome[]> {
  // Only well-formed SKUs can name a product; their characters need no escaping in an array literal.
  const skus = [
    ...new Set(
      rows.map((r) => skuCell(r, columns)).filter((s): s is string => s !== null && SKU_PATTERN.test(s)),
    ),
  ];
  const existing = new Map<string, ProductRow>();
  if (skus.length > 0) {
    const found = await tx
      .select()
      .from(products)
      // Looked up in the unique index: a join against a JSON list was planned as scans of the table
      // while a first import outgrew its statistics.
      .where(ownedBy(products, job, sql`${products.sku} = any(${textArray(skus)})`))
      .for("update");
    for (const p of found) existing.set(p.sku, p);
  }
  const today = todayInIst(now);
  const decided = rows.map((row) => {
    const sku = skuCell(row, columns);
    const current = sku === null ? undefined : existing.get(sku);
    return { row, sku, current, decision: decideRow(row, columns, current, today) };
  });
  const accepted = decided.filter(
    (d): d is typeof d & { decision: Extract<Decision, { outcome: "import" }> } =>
      d.decision.outcome === "import",
  );
  // A row that changes a product's rates changes them from today: invoices dated before keep the old.
  const ratesBefore = accepted.flatMap(({ current, decision: { values } }) =>
    current &&
    (parseNumeric(current.gstRate, 3) !== parseNumeric(values.gstRate, 3) ||
      parseNumeric(current.cessRate, 3) !== parseNumeric(values.cessRate, 3))
      ? [{ product_id: current.id, gst_rate: current.gstRate, cess_rate: current.cessRate }]
      : [],
  );
  if (ratesBefore.length > 0) {
    await tx.execute(sql`
      insert into ${productRateHistory} (account_id, livemode, product_id, valid_until, gst_rate, cess_rate)
      select ${job.accountId}, ${job.livemode}, r.product_id, ${today}::date, r.gst_rate, r.cess_rate
      from json_to_recordset(${jsonParam(ratesBefore)}) as r(product_id text, gst_rate numeric, cess_rate numeric)
      on conflict do nothing`);
  }
  const saved = await upsertProducts(
    tx,
    job,
    accepted.map((d) => ({
      id: d.current?.id ?? newId("product"),
      values: d.decision.values,
      opening: d.current ? 0n : (d.decision.stock ?? 0n),
    })),
    now,
  );
  // A product the file leaves as it was is not written again (see upsertProducts): it stands as read.
  const savedOf = (d: {
    decision: Extract<Decision, { outcome: "import" }>;
    current: ProductRow | undefined;
  }): SavedProduct => {
    const row = saved.get(d.decision.values.sku);
    if (row) return row;
    // Unwritten yet unknown: another request created it, alike, since the batch looked; a retry sees it.
    if (!d.current) throw new Error(`product ${d.decision.values.sku} appeared during the batch`);
    return { ...d.current, inserted: false };
  };
  // Why stock is set, not added: the file states the stock the product should have now, so a second
  // import of the same file finds nothing to move, and re-importing never duplicates a movement. A new
  // product is inserted with its stock and an opening movement; an existing one moves by the
  // difference, as an `import` movement.
  const moves: StockMove[] = [];
  const announced: { type: EventType; object: Product }[] = [];
  const lowStock: Product[] = [];
  for (const d of accepted) {
    const { inserted, ...row } = savedOf(d);
    const before = inserted ? 0n : parseNumeric(d.current?.stockOnHand ?? row.stockOnHand, 3);
    const target: Milli = d.decision.stock ?? before;
    if (target !== before) {
      moves.push({
        product_id: row.id,
        quantity: formatMilli(target - before),
        kind: inserted ? "opening" : "import",
        stock_after: formatMilli(target),
      });
    }
    const product = toProduct({ ...row, stockOnHand: formatMilli(target) });
    // A product written: a row that leaves its fields as they were announces nothing, as a PATCH that
    // changes nothing, even when it sets the stock (`product.updated` is for a product's own fields).
    if (saved.has(d.decision.values.sku))
      announced.push({ type: inserted ? "product.created" : "product.updated", object: product });
    const level = row.reorderLevel === null ? null : parseNumeric(row.reorderLevel, 3);
    if (row.trackStock && level !== null && target <= level && before > level) lowStock.push(product);
  }
  // Independent statements, sent together: postgres.js pipelines them on the transaction's connection.
  await Promise.all([
    moveStock(tx, job, moves),
    recordEvents(tx, job, [
      ...announced,
      ...lowStock.map((object) => ({ type: "product.stock_low" as const, object })),
    ]),
  ]);
  const outcomes: RowOutcome[] = decided.map(({ row, sku, current, decision }) => {
    if (decision.outcome === "rejected") {
      return { rowNo: row.rowNo, outcome: "rejected", sku, productId: null, problems: decision.problems };
    }
    const product = savedOf({ decision, current });
    const flagged = decision.flags.length > 0;
    return {
      rowNo: row.rowNo,
      outcome: flagged ? "flagged" : product.inserted ? "created" : "updated",
      sku,
      productId: product.id,
      problems: flagged ? decision.flags : null,
    };
  });
  await tx.execute(sql`
    insert into ${productImportRows} (account_id, livemode, import_id, row_no, outcome, sku, product_id, problems)
    select ${job.accountId}, ${job.livemode}, ${job.id}, r.row_no, r.outcome, r.sku, r.product_id, r.problems
    from json_to_recordset(${jsonParam(
      outcomes.map((o) => ({
        row_no: o.rowNo,
        outcome: o.outcome,
        sku: o.sku,
        product_id: o.productId,
        problems: o.problems,
      })),
    )}) as r(row_no integer, outcome text, sku text, product_id text, problems jsonb)`);
  return outcomes;
}

interface StockMove {
  product_id: string;
  /** Exact decimal texts. */
  quantity: string;
  stock_after: string;
  kind: "opening" | "import";
}

/** An array parameter whose size the planner sees; well-formed SKUs and ids need no escaping. */
/**
 * Records a batch's movements: opening stock was inserted with its product, so its movement is only
 * written down; an import's difference also moves the product's stock, as applyStockMovements does.
 * No floor is checked: an import sets stock to at least zero. The products to move are named by an
 * array as well as joined, so that they are found by their key however small the planner believes the
 * table (a first import outgrows its statistics).
 */
async function moveStock(tx: Transaction, job: ImportRecord, moves: readonly StockMove[]): Promise<void> {
  const withIds = moves.map((m) => ({ ...m, movement_id: newId("stockMovement") }));
  const openings = withIds.filter((m) => m.kind === "opening");
  const changes = withIds.filter((m) => m.kind === "import");
  if (openings.length > 0) {
    await tx.execute(sql`
      insert into ${stockMovements} (account_id, livemode, id, product_id, quantity, kind, source_id, stock_after)
      select ${job.accountId}, ${job.livemode}, w.movement_id, w.product_id, w.quantity, 'opening', ${job.id}, w.stock_after
      from json_to_recordset(${jsonParam(openings)})
        as w(product_id text, quantity numeric, stock_after numeric, movement_id text)`);
  }
  if (changes.length === 0) return;
  await tx.execute(sql`
    with wanted as (
      select * from json_to_recordset(${jsonParam(changes)}) as w(product_id text, quantity numeric, movement_id text)
    ),
    moved as (
      update ${products} p set stock_on_hand = p.stock_on_hand + w.quantity
      from wanted w
      where p.account_id = ${job.accountId} and p.livemode = ${job.livemode}
        and p.id = any(${textArray(changes.map((m) => m.product_id))}) and p.id = w.product_id
      returning p.id as product_id, w.movement_id, w.quantity, p.stock_on_hand as stock_after
    )
    insert into ${stockMovements} (account_id, livemode, id, product_id, quantity, kind, note, source_id, stock_after)
    select ${job.accountId}, ${job.livemode}, movement_id, product_id, quantity, 'import',
      ${`Stock set by import ${job.id}`}, ${job.id}, stock_after
    from moved`);
}

type SavedProduct = ProductRow & { inserted: boolean };

/** The columns an import sets. */
const PRODUCT_FIELDS = [
  "name",
  "description",
  "price",
  "gst_rate",
  "cess_rate",
  "hsn_code",
  "unit",
  "track_stock",
  "allow_negative_stock",
  "reorder_level",
] as const;

/**
 * One statement for the whole batch; answers each SKU's product as saved, and whether it was inserted:
 * a product that another request created since the batch looked is updated, and counted so.
 */
async function upsertProducts(
  tx: Transaction,
  owner: Owner,
  rows: readonly { id: string; values: ProductValues; opening: Milli }[],
  now: Date,
): Promise<Map<string, SavedProduct>> {
  if (rows.length === 0) return new Map();
  const input = rows.map(({ id, values: v, opening }) => ({
    stock_on_hand: formatMilli(opening),
    id,
    sku: v.sku,
    name: v.name,
    description: v.description,
    price: v.price,
    gst_rate: v.gstRate,
    cess_rate: v.cessRate,
    hsn_code: v.hsnCode,
    unit: v.unit,
    track_stock: v.trackStock,
    allow_negative_stock: v.allowNegativeStock,
    reorder_level: v.reorderLevel,
  }));
  const excluded = (column: (typeof PRODUCT_FIELDS)[number]) => sql.raw(`excluded.${column}`);
  const saved = await tx
    .insert(products)
    .select(
      sql`select ${owner.accountId} as account_id, ${owner.livemode} as livemode, r.id, r.sku, r.name,
        r.description, r.price, r.gst_rate, r.cess_rate, null::date as rates_effective_from, r.hsn_code,
        r.unit, r.track_stock, r.allow_negative_stock, r.reorder_level, r.stock_on_hand, ${now.toISOString()}::timestamptz as created_at,
        ${now.toISOString()}::timestamptz as updated_at
      from json_to_recordset(${jsonParam(input)}) as r(id text, sku text, name text, description text,
        price numeric, gst_rate numeric, cess_rate numeric, hsn_code text, unit text, track_stock boolean,
        allow_negative_stock boolean, reorder_level numeric, stock_on_hand numeric)`,
    )
    .onConflictDoUpdate({
      target: [products.accountId, products.livemode, products.sku],
      set: {
        name: excluded("name"),
        description: excluded("description"),
        price: excluded("price"),
        gstRate: excluded("gst_rate"),
        cessRate: excluded("cess_rate"),
        // A change of rates by an import takes effect today (see the rate history above).
        ratesEffectiveFrom: sql`case when (products.gst_rate, products.cess_rate)
          is distinct from (excluded.gst_rate, excluded.cess_rate) then ${todayInIst(now)}::date
          else products.rates_effective_from end`,
        hsnCode: excluded("hsn_code"),
        unit: excluded("unit"),
        trackStock: excluded("track_stock"),
        allowNegativeStock: excluded("allow_negative_stock"),
        reorderLevel: excluded("reorder_level"),
        updatedAt: now,
      },
      // Unchanged products keep their row and `updated_at` ("when the product's own fields last
      // changed"), and a re-import of the same file writes no product at all.
      setWhere: sql`(${sql.raw(PRODUCT_FIELDS.map((c) => `products.${c}`).join(", "))})
        is distinct from (${sql.raw(PRODUCT_FIELDS.map((c) => `excluded.${c}`).join(", "))})`,
    })
    // xmax is 0 in a row version that an insert made, not an update.
    .returning({ ...getTableColumns(products), inserted: sql<boolean>`(xmax = 0)` });
  return new Map(saved.map((r) => [r.sku, r]));
}
