import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../db/client.js";
import { rowsOf } from "../db/rows.js";

/**
 * STALE_STATISTICS_MIN_ROWS: a table is analysed once it holds at least this many rows and more
 * than twice as many as its statistics say. Growth is what leaves plans behind; rows updated in
 * place (a product's stock on every sale) do not, and are left to autovacuum.
 */
export const STALE_STATISTICS_MIN_ROWS = 1_000;
/** How often the process looks for tables whose statistics are stale. */
export const STATISTICS_CHECK_INTERVAL_MS = 10_000;

/**
 * Analyses every table of the schema that has more than doubled since it was last analysed. Each
 * connection keeps its plans until a table's statistics change, the foreign-key checks' plans
 * included, so a plan made while a table was empty stays, however large the table grows: the check
 * of an invoice line's invoice then reads every index entry of the account. Autovacuum analyses tables long
 * before they double, so where it runs this finds nothing to do. Where it does not run (PGlite, or
 * a server with it switched off), this does its analysing. Tables that doubled together are
 * analysed in one transaction. Tables another session is analysing are skipped. Returns the tables
 * analysed.
 */
export async function refreshStaleStatistics(db: Database): Promise<string[]> {
  const stale = rowsOf(
    await db.execute(sql`
      select s.relname as name
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where s.schemaname = current_schema()
        and s.n_live_tup >= ${STALE_STATISTICS_MIN_ROWS}
        and s.n_live_tup > 2 * greatest(c.reltuples, 0)
      order by s.relname`),
  ).map((row) => String(row.name));
  if (stale.length === 0) return stale;
  // In a transaction block, ANALYZE of several tables commits their statistics together; outside one
  // it commits each table's apart, and every connection would plan its statements again each time.
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`analyze (skip_locked) ${sql.join(
        stale.map((name) => sql.identifier(name)),
        sql`, `,
      )}`,
    );
  });
  return stale;
}

/**
 * Runs refreshStaleStatistics every STATISTICS_CHECK_INTERVAL_MS, in the API process; a check still
 * analysing when the next is due lets that one pass.
 */
export class StatisticsKeeper {
  readonly #db: Database;
  readonly #logger: Logger;
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;

  constructor(db: Database, logger: Logger) {
    this.#db = db;
    this.#logger = logger;
  }

  start(intervalMs = STATISTICS_CHECK_INTERVAL_MS): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => {
      this.#running ??= this.#check().finally(() => {
        this.#running = null;
      });
    }, intervalMs);
    this.#timer.unref();
  }

  async #check(): Promise<void> {
    try {
      const analysed = await refreshStaleStatistics(this.#db);
      if (analysed.length > 0) this.#logger.info({ tables: analysed }, "analysed tables that had doubled");
    } catch (error) {
      this.#logger.error({ err: error }, "could not refresh the tables' statistics");
    }
  }

  /** Stops the checks and waits for the one in flight. */
  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running;
  }
}
