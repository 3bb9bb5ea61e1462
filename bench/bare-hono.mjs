// The ceilings for this machine: Hono on @hono/node-server answering a small JSON body, nothing else;
// and the same route after one trivial query to PostgreSQL (postgres.js, prepared), the least that any
// read from the database costs, from a pool of 20 and from two connections (where concurrent queries
// are pipelined, as the API's point reads are); and, on two connections again, the query followed by
// the JSON of a real invoice (BENCH_INVOICE_JSON, the benchmark's own), the ceiling of a GET that
// reads from the database and answers that invoice.
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import postgres from "postgres";

const url = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const sql = postgres(url, { max: 20 });
const pipelined = postgres(url, { max: 2 });
const app = new Hono();
app.get("/hello", (c) => c.json({ id: "inv_01", object: "invoice", total: 354 }));
const oneQuery = (client) => async (c) => {
  const [row] = await client`select ${"inv_01"}::text as id, 'invoice' as object, 354 as total`;
  return c.json(row);
};
app.get("/one-query", oneQuery(sql));
app.get("/one-query-pipelined", oneQuery(pipelined));
const invoice = JSON.parse(process.env.BENCH_INVOICE_JSON ?? "{}");
app.get("/one-query-invoice", async (c) => {
  await pipelined`select ${"inv_01"}::text as id, 'invoice' as object, 354 as total`;
  return c.json(invoice);
});
const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
  process.stdout.write(`listening http://127.0.0.1:${info.port}\n`);
});
process.on("SIGTERM", () =>
  server.close(() => Promise.all([sql.end(), pipelined.end()]).then(() => process.exit(0))),
);
