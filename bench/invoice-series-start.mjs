// Issue #4: creates on a series that has no invoice yet (a new account, or any account on 1 April),
// with clients that never pause. The first creates of a series take their numbers under its lock;
// the rest should wait for them and go back to guessing. Each round starts a new database, so that
// every round starts a new series: BENCH_CLIENTS clients (default 32), BENCH_ROUNDS rounds of
// BENCH_SECONDS seconds; BENCH_KEYED=1 sends each create with an Idempotency-Key of its own.
import { createDatabase, load, startApi, stopApi } from "./support.mjs";

const clients = Number(process.env.BENCH_CLIENTS ?? 32);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const duration = Number(process.env.BENCH_SECONDS ?? 8);
const keyed = process.env.BENCH_KEYED === "1";
let keys = 0;
const withKey = [
  {
    setupRequest: (request) => ({
      ...request,
      headers: { ...request.headers, "idempotency-key": `series-${keys++}` },
    }),
  },
];

async function round() {
  const database = await createDatabase();
  const api = await startApi({ DATABASE_URL: database.url, BAHI_RATE_LIMIT: "off", BAHI_DB_POOL_SIZE: "20" });
  try {
    const headers = { authorization: `Bearer ${api.key}`, "content-type": "application/json" };
    const post = async (path, body) => {
      const res = await fetch(`${api.url}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const party = await post("/v1/parties", {
      type: "customer",
      name: "Sharma Electronics",
      gstin: "27AAPFU0939F1ZV",
      address: { line1: "Shop 14", city: "Mumbai", state_code: "27", pin: "400007" },
    });
    for (const sku of ["B-1", "B-2", "B-3"]) {
      await post("/v1/products", {
        sku,
        name: `Bench item ${sku}`,
        price: 99.99,
        gst_rate: 18,
        hsn_code: "96081019",
        unit: "NOS",
        opening_stock: 9_000_000,
      });
    }
    const body = JSON.stringify({
      party_id: party.id,
      items: [
        { sku: "B-1", qty: 1, rate: 99.99 },
        { sku: "B-2", qty: 2, rate: 49.5 },
        { sku: "B-3", qty: 1.5, rate: 10 },
      ],
    });
    return await load({
      url: `${api.url}/v1/invoices`,
      method: "POST",
      headers,
      body,
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
