// Issue #4: what the server's StatisticsKeeper does to creates when it analyses the tables that doubled.
// Each round makes a new database and server, so that `events`, `invoice_items`, `invoices` and
// `stock_movements` grow from nothing, then runs POST /v1/invoices from 32 clients for BENCH_SECONDS
// (default 25; the keeper checks every 10 s) while it reads `pg_stat_user_tables.last_analyze` every
// 100 ms. For each group of analyses it prints the creates answered from the first analysis to 1.5 s
// after the last, how many of them took longer than the round's p99, and how many would have by chance
// (the window's share of the round's creates). BENCH_ROUNDS rounds (default 3).
import postgres from "postgres";
import { createDatabase, loadWatched, seedInvoiceSale, startApi, stopApi } from "./support.mjs";

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const duration = Number(process.env.BENCH_SECONDS ?? 25);
const clients = 32;
const pollMs = 100;
const afterMs = 1_500;
/** Analyses less than this apart belong to one check of the keeper. */
const groupGapMs = 2_000;

async function round(number) {
  const database = await createDatabase();
  const api = await startApi({ DATABASE_URL: database.url, BAHI_RATE_LIMIT: "off", BAHI_DB_POOL_SIZE: "20" });
  const monitor = postgres(database.url, { max: 1 });
  try {
    const { create } = await seedInvoiceSale(api);
    const analyses = new Map();
    const { rps, p50, p90, p99, max, answered } = await loadWatched(
      { ...create, connections: clients, duration },
      async (started) => {
        for (const row of await monitor`select relname, last_analyze from pg_stat_user_tables
            where last_analyze is not null`)
          analyses.set(`${row.relname} ${row.last_analyze.getTime()}`, row.last_analyze.getTime() - started);
      },
      pollMs,
    );
    const overP99 = answered.filter(([, ms]) => ms > p99).length;
    console.log(
      `round ${number}: ${answered.length} creates, ${rps} a second, p50 ${p50} ms, p90 ${p90} ms, p99 ${p99} ms, max ${max} ms; ${overP99} over p99`,
    );
    const groups = [];
    for (const at of [...analyses.values()].sort((a, b) => a - b)) {
      const last = groups.at(-1);
      if (last && at - last.to < groupGapMs) {
        last.to = at;
        last.tables += 1;
      } else groups.push({ from: at, to: at, tables: 1 });
    }
    for (const { from, to, tables } of groups) {
      const inWindow = answered.filter(([at]) => at >= from && at <= to + afterMs);
      const slow = inWindow.filter(([, ms]) => ms > p99).length;
      const byChance = (overP99 * inWindow.length) / answered.length;
      const slowest = Math.max(0, ...inWindow.map(([, ms]) => ms));
      console.log(
        `  ${tables} tables analysed ${(from / 1000).toFixed(2)}–${(to / 1000).toFixed(2)} s: ${inWindow.length} creates answered then and ${afterMs / 1000} s after, ${slow} over p99 (${byChance.toFixed(1)} by chance), slowest ${Math.round(slowest)} ms`,
      );
    }
  } finally {
    await monitor.end();
    await stopApi(api);
    await database.drop();
  }
}

console.log(`POST /v1/invoices from ${clients} clients on a new database, ${duration} s a round`);
for (let number = 1; number <= rounds; number++) await round(number);
