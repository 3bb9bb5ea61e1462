import { type SQL, sql } from "drizzle-orm";
import type { Transaction } from "../../db/client.js";
import { rowsOf } from "../../db/rows.js";

/** Rows fetched per round trip: enough to amortise it, few enough to keep memory flat. */
const BATCH_ROWS = 2_000;

/**
 * Runs `query` through a server-side cursor and hands its rows over batch by batch, so that a scan of
 * 100,000 invoices never sits in memory at once. Plain DECLARE/FETCH, which both postgres.js and
 * PGlite speak; it needs the transaction the cursor lives in.
 */
export async function forEachBatch<Row>(
  tx: Transaction,
  query: SQL,
  visit: (rows: readonly Row[]) => Promise<void>,
): Promise<void> {
  // One name for every cursor: each is closed before the next is declared in the same transaction,
  // and a name of its own would make each statement's text new (see namedStatements).
  const name = sql.raw("gstr1_cursor");
  await tx.execute(sql`declare ${name} no scroll cursor for ${query}`);
  const fetchBatch = async () =>
    rowsOf(await tx.execute(sql`fetch forward ${sql.raw(String(BATCH_ROWS))} from ${name}`)) as Row[];
  // The next batch is asked for before this one is handled: the database fills it while Node writes
  // (two cores at work instead of taking turns). Only one batch waits ahead, so memory stays flat.
  let next: Promise<Row[]> | null = fetchBatch();
  while (next) {
    const rows: Row[] = await next;
    next = rows.length === BATCH_ROWS ? fetchBatch() : null;
    if (rows.length > 0) await visit(rows);
  }
  await tx.execute(sql`close ${name}`);
}
