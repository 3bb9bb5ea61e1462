// Issue #4: where the slow creates at 32 clients come from. Each round runs the pgbench reference at
// 32 clients (as bench/invoices.mjs does before the API, so that the tables have grown alike), then
// POST /v1/invoices from 32 clients for BENCH_SECONDS (default 10), and prints:
// - the latency percentiles, and the reference's own median and p99;
// - each half second: the creates answered, how many took over 80 ms, and the slowest;
// - what the series' lane's backend was doing, sampled every 10 ms from pg_stat_activity: waiting on
//   its WAL flush (IO:WALSync), running, or idle. A series' claims run one at a time on that
//   connection, so its time bounds the series.
// BENCH_ROUNDS rounds (default 2).
import postgres from "postgres";
import {
  ADMIN_URL,
  createDatabase,
  load,
  loadWatched,
  pgbenchReference,
  seedInvoiceSale,
  startApi,
  stopApi,
  warmupSeconds,
} from "./support.mjs";

const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const duration = Number(process.env.BENCH_SECONDS ?? 10);
const clients = 32;
const slowMs = 80;
const windowMs = 500;
const sampleEveryMs = 10;

/** The lane's statement starts so (writeIfClaimed's first CTE). */
const isLaneClaim = (row) => row.query.startsWith("with wanted as");

function laneState(rows) {
  const lane = rows.find(isLaneClaim);
  if (lane?.state !== "active") return "idle";
  return lane.wait_event ? `${lane.wait_event_type}:${lane.wait_event}` : "running";
}

const database = await createDatabase();
const api = await startApi({ DATABASE_URL: database.url, BAHI_RATE_LIMIT: "off", BAHI_DB_POOL_SIZE: "20" });
const monitor = postgres(ADMIN_URL, { max: 1 });
const name = new URL(database.url).pathname.slice(1);
try {
  const { create, referenceVars } = await seedInvoiceSale(api);
  await load({ ...create, connections: 8, duration: warmupSeconds });
  console.log(`POST /v1/invoices from ${clients} clients, ${duration} s a round, after pgbench's reference`);
  for (let round = 1; round <= rounds; round++) {
    const reference = pgbenchReference(database.url, clients, duration, referenceVars);
    const states = new Map();
    const l = await loadWatched(
      { ...create, connections: clients, duration },
      async () => {
        const rows = await monitor`select state, wait_event_type, wait_event, query from pg_stat_activity
          where datname = ${name} and backend_type = 'client backend'`;
        const state = laneState(rows);
        states.set(state, (states.get(state) ?? 0) + 1);
      },
      sampleEveryMs,
    );
    console.log(
      `\nround ${round}: pgbench ${reference.tps} tps, p50 ${reference.p50} ms, p99 ${reference.p99} ms; API ${l.rps} creates/s (${(l.rps / reference.tps).toFixed(2)}×), p50 ${l.p50} ms, p90 ${l.p90} ms, p99 ${l.p99} ms, max ${l.max} ms`,
    );
    const windows = new Map();
    for (const [at, ms] of l.answered) {
      const w = windows.get(Math.floor(at / windowMs)) ?? { count: 0, slow: 0, max: 0 };
      w.count += 1;
      if (ms > slowMs) w.slow += 1;
      w.max = Math.max(w.max, ms);
      windows.set(Math.floor(at / windowMs), w);
    }
    console.log(`each ${windowMs} ms: creates / over ${slowMs} ms / slowest ms`);
    console.log(
      [...windows]
        .sort(([a], [b]) => a - b)
        .map(([, w]) => `${w.count}/${w.slow}/${Math.round(w.max)}`)
        .join(" "),
    );
    const samples = [...states.values()].reduce((a, b) => a + b, 0);
    console.log(
      `the lane's backend, ${samples} samples: ${[...states]
        .sort((a, b) => b[1] - a[1])
        .map(([state, n]) => `${state} ${((100 * n) / samples).toFixed(0)}%`)
        .join(", ")}`,
    );
  }
} finally {
  await monitor.end();
  await stopApi(api);
  await database.drop();
}
