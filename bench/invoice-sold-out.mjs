// Issue #4: creates while clients keep trying to sell a product that sells out. 32 clients alternate
// the benchmark's three-line sale with a sale of one unit of a product holding BENCH_STOCK units
// (default 1,500), which runs out during the first round; BENCH_ROUNDS rounds (default 3) of
// BENCH_SECONDS seconds. Prints, each round, the invoices made and the refusals (409) a second.
import autocannon from "autocannon";
import { createDatabase, seedInvoiceSale, startApi, stopApi } from "./support.mjs";

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const duration = Number(process.env.BENCH_SECONDS ?? 8);
const stock = Number(process.env.BENCH_STOCK ?? 1_500);

const database = await createDatabase();
const api = await startApi({ DATABASE_URL: database.url, BAHI_RATE_LIMIT: "off", BAHI_DB_POOL_SIZE: "20" });
try {
  const { headers, post, party, invoiceBody } = await seedInvoiceSale(api);
  await post("/v1/products", {
    sku: "SCARCE",
    name: "Scarce item",
    price: 10,
    gst_rate: 18,
    hsn_code: "96081019",
    unit: "NOS",
    opening_stock: stock,
  });
  await post("/v1/invoices", JSON.parse(invoiceBody));
  const scarce = JSON.stringify({ party_id: party.id, items: [{ sku: "SCARCE", qty: 1, rate: 10 }] });
  console.log(
    `POST /v1/invoices, 32 clients, half of them selling ${stock} units that run out, ${duration} s a round`,
  );
  for (let i = 1; i <= rounds; i++) {
    const r = await autocannon({
      url: `${api.url}/v1/invoices`,
      method: "POST",
      headers,
      connections: 32,
      duration,
      requests: [{ body: invoiceBody }, { body: scarce }],
    });
    const others = Object.keys(r.statusCodeStats).filter((status) => status !== "201" && status !== "409");
    if (others.length > 0 || r.errors > 0)
      throw new Error(`unexpected answers: ${JSON.stringify(r.statusCodeStats)}`);
    const perSecond = (status) => Math.round((r.statusCodeStats[status]?.count ?? 0) / duration);
    console.log(
      `round ${i}: ${perSecond("201")} invoices/s, ${perSecond("409")} refusals/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms`,
    );
  }
} finally {
  await stopApi(api);
  await database.drop();
}
