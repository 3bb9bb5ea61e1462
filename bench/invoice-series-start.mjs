// Issue #4: creates on a series that has no invoice yet (a new account, or any account on 1 April),
// with clients that never pause. The first creates of a series take their numbers under its lock;
// the rest should wait for them and go back to guessing. Each round starts a new database, so that
// every round starts a new series: BENCH_CLIENTS clients (default 32), BENCH_ROUNDS rounds of
// BENCH_SECONDS seconds; BENCH_KEYED=1 sends each create with an Idempotency-Key of its own.
import { createDatabase, eachUnderItsOwnKey, load, seedInvoiceSale, startApi, stopApi } from "./support.mjs";

const clients = Number(process.env.BENCH_CLIENTS ?? 32);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const duration = Number(process.env.BENCH_SECONDS ?? 8);
const keyed = process.env.BENCH_KEYED === "1";
const withKey = eachUnderItsOwnKey("series");

async function round() {
  const database = await createDatabase();
  const api = await startApi({ DATABASE_URL: database.url, BAHI_RATE_LIMIT: "off", BAHI_DB_POOL_SIZE: "20" });
  try {
    const { create } = await seedInvoiceSale(api);
    return await load({
      ...create,
      connections: clients,
      duration,
      requests: keyed ? withKey : undefined,
    });
  } finally {
    await stopApi(api);
    await database.drop();
  }
}

console.log(
  `POST /v1/invoices on a new series${keyed ? ", each with a key of its own" : ""}, ${clients} clients, ${duration} s a round (PostgreSQL, loopback)`,
);
for (let i = 1; i <= rounds; i++) {
  const r = await round();
  console.log(`round ${i}: ${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`);
}
