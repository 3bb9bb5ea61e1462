import type { Executor } from "../db/client.js";
import { inTransaction } from "../db/transactions.js";

/**
 * A query built once per pool and run many times. Building a query is most of drizzle's CPU cost per
 * request (turning the builder into SQL text), so hot reads build theirs once with placeholders. A
 * transaction gets a freshly built query: its connection is its own, and it does not outlive it.
 */
export function preparedOn<Query>(build: (db: Executor) => Query): (db: Executor) => Query {
  const built = new WeakMap<Executor, Query>();
  return (db) => {
    if (inTransaction(db)) return build(db);
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
