// Issue #4: creates of one account on one series from two API processes on the same PostgreSQL
// database (two nodes), against one process taking the same load. 32 clients in all, 16 on each
// node (or both halves on the one), rounds alternating one and two nodes: BENCH_ROUNDS pairs
// (default 2) of BENCH_SECONDS seconds. Each node guesses numbers for itself (see NumberGuesses), so
// its guesses miss whatever the other node took meanwhile.
import autocannon from "autocannon";
import { createDatabase, seedInvoiceSale, startApi, startNode, stopApi } from "./support.mjs";

const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const duration = Number(process.env.BENCH_SECONDS ?? 8);

const database = await createDatabase();
const env = { DATABASE_URL: database.url, BAHI_RATE_LIMIT: "off", BAHI_DB_POOL_SIZE: "20" };
const first = await startApi(env);
const second = await startNode(env);
try {
  const { headers, invoiceBody, post } = await seedInvoiceSale(first);
  await post("/v1/invoices", JSON.parse(invoiceBody));
  const load = (node) =>
    autocannon({
      url: `${node.url}/v1/invoices`,
      method: "POST",
      headers,
      body: invoiceBody,
      connections: 16,
      duration,
    });
  console.log(`POST /v1/invoices, one account, 32 clients, ${duration} s a round (PostgreSQL, loopback)`);
  for (let i = 1; i <= rounds; i++) {
    for (const nodes of [
      [first, first],
      [first, second],
    ]) {
      const results = await Promise.all(nodes.map(load));
      if (results.some((r) => r.non2xx > 0 || r.errors > 0)) throw new Error("a create failed");
      const total = Math.round(results.reduce((sum, r) => sum + r.requests.average, 0));
      const p99 = results.map((r) => r.latency.p99).join(" / ");
      console.log(
        `round ${i}, ${nodes[0] === nodes[1] ? "one node " : "two nodes"}: ${total} creates/s, p99 ${p99} ms`,
      );
    }
  }
} finally {
  await Promise.all([stopApi(second), stopApi(first)]);
  await database.drop();
}
