import { createHash } from "node:crypto";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Database, Transaction } from "../../db/client.js";
import { productImportChunks, productImports, products, stockMovements } from "../../db/schema.js";
import type { Owner } from "../shared/owner.js";
import { ownedBy } from "../shared/owner.js";
import { importRows, type RowOutcome } from "./apply-rows.js";
import type { ImportColumn } from "./headers.js";
import type { ImportRow } from "./rows.js";

/**
 * IMPORT_BATCH_SIZE: rows imported per transaction, with one multi-row statement for each step. Large
 * enough that 50,000 rows take 50 round trips of each statement; small enough that a batch's locks and
 * memory stay small, and that progress (`rows_done`) moves every second or so.
 */
export const IMPORT_BATCH_SIZE = 1000;
/** MAX_BATCH_ATTEMPTS: how often a batch may fail unexpectedly before its import is `failed`. */
export const MAX_BATCH_ATTEMPTS = 3;

type ImportRecord = typeof productImports.$inferSelect;

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
        then 'The import stopped after ' || ${productImports.rowsDone} || ' rows on an internal error (' || ${
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

const isPowerOfTwo = (n: number) => (n & (n - 1)) === 0;

/**
 * A first import can take the products table from empty to 50,000 rows in a minute, long before
 * autovacuum analyses it: plans made for a tiny table (the foreign-key checks of stock movements among
 * them) then scan what has become a large one, and batches slow down as the table grows. Analysing after
 * batches 1, 2, 4, 8, … keeps the statistics within a factor of two of the truth, at a few analyses
 * per import.
 */
async function refreshStatistics(tx: Transaction): Promise<void> {
  await tx.execute(sql`analyze ${products}, ${stockMovements}`);
}

async function importBatch(tx: Transaction, job: ImportRecord, now: Date): Promise<BatchDone> {
  const chunkNo = Math.floor(job.rowsDone / IMPORT_BATCH_SIZE);
  const chunkKey = ownedBy(
    productImportChunks,
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
  const columns = (job.columns as { understood: ImportColumn[] }).understood;
  const outcomes = rows.length > 0 ? await importRows(tx, job, rows, columns, now) : [];
  if (chunk) await tx.delete(productImportChunks).where(chunkKey);
  if (isPowerOfTwo(chunkNo + 1) && rows.length > 0) await refreshStatistics(tx);
  const count = (o: RowOutcome["outcome"]) => outcomes.filter((r) => r.outcome === o).length;
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
