import { type SQL, sql } from "drizzle-orm";
import pino from "pino";
import { expect } from "vitest";
import type { Database } from "../src/db/client.js";
import { rowsOf } from "../src/db/rows.js";
import {
  refreshStaleStatistics,
  STALE_STATISTICS_MIN_ROWS,
  StatisticsKeeper,
} from "../src/speed/statistics.js";
import { it as base } from "./support/fixtures.js";

/** The file's database, its every table of the migrated schema analysed: only the probes below are written to. */
const it = base.extend("db", { scope: "file" }, async ({ database }) => {
  await database.handle.db.execute(sql`analyze`);
  return database.handle.db;
});

/** Runs `statement` and has its writes counted in the statistics at once. */
async function counted(db: Database, statement: SQL): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(statement);
    await tx.execute(sql`select pg_stat_force_next_flush()`);
  });
}

/**
 * Writes rows `from` to `to` into table `name`, made first if `from` is 1. Autovacuum leaves the
 * table alone, so that only the code under test analyses it.
 */
async function probe(db: Database, name: string, to: number, from = 1): Promise<void> {
  const table = sql.identifier(name);
  if (from === 1) {
    await db.execute(sql`create table ${table} (id integer primary key) with (autovacuum_enabled = false)`);
  }
  await counted(db, sql`insert into ${table} select g from generate_series(${from}::int, ${to}::int) g`);
}

async function estimatedRows(db: Database, name: string): Promise<number> {
  const [row] = rowsOf(await db.execute(sql`select reltuples from pg_class where relname = ${name}`));
  return Number(row?.reltuples);
}

it(`analyses a table once it holds ${STALE_STATISTICS_MIN_ROWS} rows and has no statistics, and not before`, async ({
  db,
}) => {
  await probe(db, "probe_below", STALE_STATISTICS_MIN_ROWS - 1);
  await probe(db, "probe_at", STALE_STATISTICS_MIN_ROWS);
  expect(await refreshStaleStatistics(db)).toEqual(["probe_at"]);
  expect(await estimatedRows(db, "probe_at")).toBe(STALE_STATISTICS_MIN_ROWS);
  expect(await estimatedRows(db, "probe_below")).toBeLessThan(0);
  // Fresh statistics: nothing to do until the table has doubled.
  expect(await refreshStaleStatistics(db)).toEqual([]);
});

it("analyses a table again once it has more than doubled, so its cached plans are made afresh; updates in place do not count", async ({
  db,
}) => {
  await probe(db, "probe_growing", 2_000);
  expect(await refreshStaleStatistics(db)).toEqual(["probe_growing"]);
  await probe(db, "probe_growing", 4_000, 2_001);
  await counted(db, sql`update probe_growing set id = id`);
  expect(await refreshStaleStatistics(db)).toEqual([]);
  await probe(db, "probe_growing", 4_001, 4_001);
  expect(await refreshStaleStatistics(db)).toEqual(["probe_growing"]);
  expect(await estimatedRows(db, "probe_growing")).toBe(4_001);
});

it("analyses the tables that doubled in one transaction, so that connections plan their statements again once", async ({
  db,
}) => {
  await probe(db, "probe_together_a", STALE_STATISTICS_MIN_ROWS);
  await probe(db, "probe_together_b", STALE_STATISTICS_MIN_ROWS);
  expect(await refreshStaleStatistics(db)).toEqual(["probe_together_a", "probe_together_b"]);
  const [written] = rowsOf(
    await db.execute(sql`
      select count(*)::int as columns, count(distinct xmin::text)::int as transactions from pg_statistic
      where starelid in ('probe_together_a'::regclass, 'probe_together_b'::regclass)`),
  );
  expect(written).toEqual({ columns: 2, transactions: 1 });
});

it("the keeper checks on its interval, and stop waits for the check in flight", async ({ db }) => {
  await probe(db, "probe_kept", STALE_STATISTICS_MIN_ROWS);
  const lines: string[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(line) });
  const keeper = new StatisticsKeeper(db, logger);
  keeper.start(20);
  await expect
    .poll(() => estimatedRows(db, "probe_kept"), { timeout: 5_000 })
    .toBe(STALE_STATISTICS_MIN_ROWS);
  await keeper.stop();
  expect(lines.map((line) => JSON.parse(line))).toContainEqual(
    expect.objectContaining({ tables: ["probe_kept"], msg: "analysed tables that had doubled" }),
  );
});
