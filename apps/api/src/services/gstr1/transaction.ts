import { sql } from "drizzle-orm";
import type { Executor, Transaction } from "../../db/client.js";

/**
 * Runs the reads of one return in one snapshot, so that every section (and the summary's sums) sees
 * the same documents even while invoices are being issued: the sections then add up to each other.
 */
export function inOneSnapshot<T>(db: Executor, read: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    return read(tx);
  });
}
