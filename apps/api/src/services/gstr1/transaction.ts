import { sql } from "drizzle-orm";
import type { Executor, Transaction } from "../../db/client.js";
import { rowsOf } from "../../db/rows.js";

/**
 * A return reads every row of its cursors, so the planner must cost them whole (by default it plans a
 * cursor for its first 10% of rows: nested loops); its sorts of a month's lines fit in memory with a
 * larger work_mem instead of spilling to disk. The settings hold for the transaction only. (JIT, which
 * PostgreSQL picks for queries this size and which costs more than it saves here, is off for every
 * connection: openDatabase.)
 */
async function configure(tx: Transaction): Promise<void> {
  await tx.execute(
    sql`select set_config('cursor_tuple_fraction', '1', true), set_config('work_mem', '64MB', true)`,
  );
}

/**
 * Runs the reads of one return in one snapshot, so that every section (and the summary's sums) sees
 * the same documents even while invoices are being issued: the sections then add up to each other.
 */
export function inOneSnapshot<T>(db: Executor, read: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    await configure(tx);
    return read(tx);
  });
}

/** A pool (postgres.js) can run another transaction at once; PGlite is a single connection. */
function isPool(db: Executor): boolean {
  return typeof (db as { $client?: { reserve?: unknown } }).$client?.reserve === "function";
}

const SNAPSHOT_ID = /^[0-9A-F]+-[0-9A-F]+-[0-9A-F]+$/;

/**
 * Starts `read` beside the work of `tx`, in the same snapshot: on PostgreSQL in a second transaction
 * of the pool that imports `tx`'s snapshot, so that a second core sums while the first streams; on a
 * single connection it runs in `tx` itself once asked for. Call `result()` before `tx` ends.
 */
export async function readAlongside<T>(
  db: Executor,
  tx: Transaction,
  read: (tx: Transaction) => Promise<T>,
): Promise<{ result(): Promise<T> }> {
  if (!isPool(db)) return { result: () => read(tx) };
  const [row] = rowsOf(await tx.execute(sql`select pg_export_snapshot() as id`)) as { id: string }[];
  const id = row?.id ?? "";
  if (!SNAPSHOT_ID.test(id)) throw new Error(`unexpected snapshot id ${id}`);
  const running = db.transaction(async (side) => {
    await side.execute(sql`set transaction isolation level repeatable read, read only`);
    // SET TRANSACTION SNAPSHOT takes no parameters; the id was checked above.
    await side.execute(sql.raw(`set transaction snapshot '${id}'`));
    await configure(side);
    return read(side);
  });
  // Awaited by result(); until then a failure must not count as unhandled.
  running.catch(() => {});
  return { result: () => running };
}
