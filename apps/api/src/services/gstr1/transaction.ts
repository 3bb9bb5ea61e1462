import { sql } from "drizzle-orm";
import type { Executor, Transaction } from "../../db/client.js";

/**
 * Runs the reads of one return in one snapshot, so that every section (and the summary's sums) sees
 * the same documents even while invoices are being issued: the sections then add up to each other.
 *
 * The settings hold for this transaction only. A return reads every row of its cursors, so the
 * planner must cost them whole (its default plans a cursor for the first 10% of rows: nested loops);
 * its sorts of a month's lines fit in memory with a larger work_mem instead of spilling to disk; and
 * JIT compilation, which PostgreSQL picks for queries this size, costs more than it saves here.
 */
export function inOneSnapshot<T>(db: Executor, read: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    await tx.execute(sql`select set_config('cursor_tuple_fraction', '1', true), set_config('work_mem', '64MB', true),
      set_config('jit', 'off', true)`);
    return read(tx);
  });
}
