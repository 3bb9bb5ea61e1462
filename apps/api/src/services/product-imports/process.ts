import { createHash } from "node:crypto";
import { type Milli, parseNumeric, todayInIst } from "@bahi/gst";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.js";
import { productImportChunks, productImportRows, productImports, products } from "../../db/schema.js";
import { newId } from "../../ids.js";
import { recordEvents } from "../events.js";
import type { Owner } from "../owner.js";
import { ownedBy } from "../owner.js";
import { type ProductRow, toProduct } from "../product-view.js";
import { applyStockMovements, type Move } from "../stock.js";
import type { ReadColumn } from "./headers.js";
import { type Decision, decideRow, type ImportRow, type Problem, type ProductValues } from "./rows.js";

/**
 * IMPORT_BATCH_SIZE: rows imported per transaction, with one multi-row statement for each step. Large
 * enough that 50,000 rows take 50 round trips of each statement; small enough that a batch's locks and
 * memory stay small, and that progress (`rows_done`) moves every second or so.
 */
export const IMPORT_BATCH_SIZE = 1000;
/** MAX_BATCH_ATTEMPTS: how often a batch may fail unexpectedly before its import is `failed`. */
export const MAX_BATCH_ATTEMPTS = 3;

type ImportRecord = typeof productImports.$inferSelect;
type Outcome = "created" | "updated" | "flagged" | "rejected";

/** The chunk's rows as stored by `createProductImport`: `[row number, cells, earlier row with the SKU]`. */
export type StoredRow = [number, string[], number | null];

/** One lock per account and mode serialises imports into it, so two imports never race for a new SKU. */
function importLockId(owner: Owner): string {
  const digest = createHash("sha256").update(`product-import:${owner.accountId}:${owner.livemode}`).digest();
  return digest.readBigInt64BE(0).toString();
}

function claimNext(tx: Transaction, only: (Owner & { id: string }) | null) {
  const conditions: (SQL | undefined)[] = [
    inArray(productImports.status, ["queued", "processing"]),
    only ? ownedBy(productImports, only, eq(productImports.id, only.id)) : undefined,
  ];
  return tx
    .select()
    .from(productImports)
    .where(and(...conditions))
    .orderBy(productImports.id)
    .limit(1)
    .for("update", { skipLocked: true });
}

/** What one batch did, for progress bars and tests. */
export interface BatchDone {
  readonly importId: string;
  readonly rowsDone: number;
  readonly rowsTotal: number;
  readonly finished: boolean;
}

/**
 * Imports the next batch of the oldest unfinished import (or of `only`), in one transaction: claimed
 * with FOR UPDATE SKIP LOCKED on the import, so a worker on another node takes another import instead
 * of waiting, and a crash rolls the batch back whole for the next worker to redo. Answers null when
 * there is nothing to do (or all of it is claimed elsewhere).
 */
export async function importNextBatch(
  db: Database,
  now: () => Date,
  only: (Owner & { id: string }) | null = null,
): Promise<BatchDone | null> {
  let claimedId: (Owner & { id: string }) | null = null;
  try {
    return await db.transaction(async (tx) => {
      const [job] = await claimNext(tx, only);
      if (!job) return null;
      claimedId = job;
      await tx.execute(sql`select pg_advisory_xact_lock(${importLockId(job)}::bigint)`);
      return importBatch(tx, job, now());
    });
  } catch (error) {
    if (claimedId) await recordFailure(db, claimedId, error);
    throw error;
  }
}

/** Counts an unexpected failure; the import fails for good after MAX_BATCH_ATTEMPTS in a row. */
async function recordFailure(db: Database, job: Owner & { id: string }, error: unknown): Promise<void> {
  await db
    .update(productImports)
    .set({
      failedAttempts: sql`${productImports.failedAttempts} + 1`,
      status: sql`case when ${productImports.failedAttempts} + 1 >= ${MAX_BATCH_ATTEMPTS} then 'failed' else ${productImports.status} end`,
      failureReason: sql`case when ${productImports.failedAttempts} + 1 >= ${MAX_BATCH_ATTEMPTS}
        then 'The import stopped at row ' || (${productImports.rowsDone} + 2) || ' on an internal error (' || ${
          error instanceof Error ? error.name : "unknown"
        } || '); the rows before it stay imported.' else null end`,
      completedAt: sql`case when ${productImports.failedAttempts} + 1 >= ${MAX_BATCH_ATTEMPTS} then now() else null end`,
    })
    .where(
      ownedBy(
        productImports,
        job,
        eq(productImports.id, job.id),
        inArray(productImports.status, ["queued", "processing"]),
      ),
    );
}

async function importBatch(tx: Transaction, job: ImportRecord, now: Date): Promise<BatchDone> {
  const chunkNo = Math.floor(job.rowsDone / IMPORT_BATCH_SIZE);
  const chunkKey = ownedBy(
    {
      accountId: productImportChunks.accountId,
      livemode: productImportChunks.livemode,
      id: productImportChunks.importId,
    },
    job,
    eq(productImportChunks.importId, job.id),
    eq(productImportChunks.chunkNo, chunkNo),
  );
  const [chunk] = await tx.select().from(productImportChunks).where(chunkKey);
  const rows: ImportRow[] = chunk
    ? (JSON.parse(chunk.cells) as StoredRow[]).map(([rowNo, cells, duplicateOf]) => ({
        rowNo,
        cells,
        duplicateOf,
      }))
    : [];
  const columns = (job.columns as { understood: ReadColumn[] }).understood;
  const outcomes = rows.length > 0 ? await importRows(tx, job, rows, columns, now) : [];
  if (chunk) await tx.delete(productImportChunks).where(chunkKey);
  const count = (o: Outcome) => outcomes.filter((r) => r.outcome === o).length;
  const rowsDone = job.rowsDone + rows.length;
  const finished = rowsDone >= job.rowsTotal;
  await tx
    .update(productImports)
    .set({
      status: finished ? "completed" : "processing",
      rowsDone,
      created: job.created + count("created"),
      updated: job.updated + count("updated"),
      flagged: job.flagged + count("flagged"),
      rejected: job.rejected + count("rejected"),
      failedAttempts: 0,
      completedAt: finished ? now : null,
    })
    .where(ownedBy(productImports, job, eq(productImports.id, job.id)));
  return { importId: job.id, rowsDone, rowsTotal: job.rowsTotal, finished };
}

interface RowOutcome {
  rowNo: number;
  outcome: Outcome;
  sku: string | null;
  productId: string | null;
  problems: readonly Problem[] | null;
}

const skuCell = (row: ImportRow, columns: readonly ReadColumn[]) => {
  const text = row.cells[columns.findIndex((c) => c.field === "sku")]?.trim();
  return text ? text : null;
};

async function importRows(
  tx: Transaction,
  job: ImportRecord,
  rows: readonly ImportRow[],
  columns: readonly ReadColumn[],
  now: Date,
): Promise<RowOutcome[]> {
  const skus = [...new Set(rows.map((r) => skuCell(r, columns)).filter((s): s is string => s !== null))];
  const existing = new Map<string, ProductRow>();
  if (skus.length > 0) {
    const found = await tx
      .select()
      .from(products)
      .where(ownedBy(products, job, inArray(products.sku, skus)))
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
  const ids = await upsertProducts(
    tx,
    job,
    accepted.map((d) => ({ id: d.current?.id ?? newId("product"), values: d.decision.values })),
    now,
  );
  // Why stock is set, not added: the file states the stock the product should have now, so a second
  // import of the same file finds nothing to move, and re-importing never duplicates a movement. A new
  // product's stock is its opening movement; an existing one moves by the difference, as an `import`.
  const openings: Move[] = [];
  const changes: Move[] = [];
  for (const d of accepted) {
    const target: Milli | null = d.decision.stock;
    const id = ids.get(d.decision.values.sku) as string;
    if (target === null) continue;
    if (!d.current) {
      if (target !== 0n) openings.push({ productId: id, quantity: target });
      continue;
    }
    const difference = target - parseNumeric(d.current.stockOnHand, 3);
    if (difference !== 0n) changes.push({ productId: id, quantity: difference });
  }
  await applyStockMovements(tx, job, openings, { kind: "opening", sourceId: job.id });
  await applyStockMovements(tx, job, changes, {
    kind: "import",
    sourceId: job.id,
    note: `Stock set by import ${job.id}`,
  });
  if (accepted.length > 0) {
    const saved = await tx
      .select()
      .from(products)
      .where(ownedBy(products, job, inArray(products.id, [...ids.values()])));
    const createdIds = new Set(accepted.filter((d) => !d.current).map((d) => ids.get(d.decision.values.sku)));
    await recordEvents(
      tx,
      job,
      saved.map((p) => ({
        type: createdIds.has(p.id) ? "product.created" : "product.updated",
        object: toProduct(p),
      })),
    );
  }
  const outcomes: RowOutcome[] = decided.map(({ row, sku, current, decision }) => {
    if (decision.outcome === "rejected") {
      return { rowNo: row.rowNo, outcome: "rejected", sku, productId: null, problems: decision.problems };
    }
    const flagged = decision.flags.length > 0;
    return {
      rowNo: row.rowNo,
      outcome: flagged ? "flagged" : current ? "updated" : "created",
      sku,
      productId: ids.get(decision.values.sku) ?? null,
      problems: flagged ? decision.flags : null,
    };
  });
  await tx.insert(productImportRows).values(
    outcomes.map((o) => ({
      accountId: job.accountId,
      livemode: job.livemode,
      importId: job.id,
      rowNo: o.rowNo,
      outcome: o.outcome,
      sku: o.sku,
      productId: o.productId,
      problems: o.problems,
    })),
  );
  return outcomes;
}

/** One statement for the whole batch; answers each SKU's product id. */
async function upsertProducts(
  tx: Transaction,
  owner: Owner,
  rows: readonly { id: string; values: ProductValues }[],
  now: Date,
): Promise<Map<string, string>> {
  if (rows.length === 0) return new Map();
  const excluded = (column: string) => sql.raw(`excluded.${column}`);
  const saved = await tx
    .insert(products)
    .values(
      rows.map(({ id, values }) => ({ accountId: owner.accountId, livemode: owner.livemode, id, ...values })),
    )
    .onConflictDoUpdate({
      target: [products.accountId, products.livemode, products.sku],
      set: {
        name: excluded("name"),
        description: excluded("description"),
        price: excluded("price"),
        gstRate: excluded("gst_rate"),
        cessRate: excluded("cess_rate"),
        hsnCode: excluded("hsn_code"),
        unit: excluded("unit"),
        trackStock: excluded("track_stock"),
        allowNegativeStock: excluded("allow_negative_stock"),
        reorderLevel: excluded("reorder_level"),
        updatedAt: now,
      },
    })
    .returning({ id: products.id, sku: products.sku });
  return new Map(saved.map((r) => [r.sku, r.id]));
}
