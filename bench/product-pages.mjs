// Issue #3: the cost of a page must not grow with its depth, nor a search (`q`) with the catalogue.
// Seeds 100,000 products in one account on PostgreSQL, then measures the first page, a middle page,
// the last page and three searches of GET /v1/products side by side, and prints the plan of the
// deepest query.
import postgres from "postgres";
import { createDatabase, load, startApi, stopApi } from "./support.mjs";

const PRODUCTS = 100_000;
const PAGE = 20;
const duration = Number(process.env.BENCH_SECONDS ?? 5);

const database = await createDatabase();
const api = await startApi({ DATABASE_URL: database.url, BAHI_RATE_LIMIT: "off" });
const sql = postgres(database.url, { max: 1, onnotice: () => {} });
try {
  // Ids are time-sortable in production; here zero-padded counters sort the same way.
  await sql`
    insert into products (account_id, livemode, id, sku, name, price, gst_rate, hsn_code, unit, track_stock, stock_on_hand)
    select ${api.accountId}, false, 'prd_' || lpad(n::text, 26, '0'), 'SKU-' || n, 'Product ' || n,
           (n % 1000) + 0.5, 18, '96081019', 'NOS', true, n % 50
    from generate_series(1, ${PRODUCTS}) as n`;
  // As autovacuum would soon after such an insert: it also moves the search index's pending entries in.
  await sql`vacuum analyze products`;
  const cursor = (n) => `prd_${String(n).padStart(26, "0")}`;
  const pages = [
    ["first page", ""],
    ["middle page (50,000 deep)", `&starting_after=${cursor(PRODUCTS / 2)}`],
    ["last page (99,980 deep)", `&starting_after=${cursor(PAGE + 1)}`],
    ["q=Product 1 (11,111 match)", "&q=Product%201"],
    ["q=99999 (1 match)", "&q=99999"],
    ["q=zzz (none)", "&q=zzz"],
  ];
  const headers = { authorization: `Bearer ${api.key}` };
  await load({ url: `${api.url}/v1/products?limit=${PAGE}`, headers, duration: 2 });
  const results = [];
  for (const [label, query] of pages) {
    const figures = await load({ url: `${api.url}/v1/products?limit=${PAGE}${query}`, headers, duration });
    results.push({ label, ...figures });
  }
  console.log(`GET /v1/products?limit=${PAGE} over ${PRODUCTS} products, 10 connections, ${duration} s each`);
  for (const r of results) {
    console.log(
      `  ${r.label.padEnd(28)} ${String(r.rps).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  ${(r.rps / results[0].rps).toFixed(2)}× first`,
    );
  }
  const plan = await sql.unsafe(
    `explain (analyze, buffers) select * from products where account_id = $1 and livemode = false and id < $2 order by id desc limit ${PAGE + 1}`,
    [api.accountId, cursor(PAGE + 1)],
  );
  console.log("\nPlan of the last page's query:");
  for (const row of plan) console.log(`  ${row["QUERY PLAN"]}`);
} finally {
  await sql.end();
  await stopApi(api);
  await database.drop();
}
