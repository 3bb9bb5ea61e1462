import { PgTransaction } from "drizzle-orm/pg-core";
import type { Executor } from "./client.js";

export function inTransaction(db: Executor): boolean {
  return db instanceof PgTransaction;
}

/**
 * Runs `work` in the caller's transaction when `db` is one, and in a transaction of its own when it
 * is the pool: for a service that commits a single statement by itself when it can, and needs a
 * transaction only when it has several to write.
 */
export function atomically<T>(db: Executor, work: (tx: Executor) => Promise<T>): Promise<T> {
  return inTransaction(db) ? work(db) : db.transaction(work);
}
