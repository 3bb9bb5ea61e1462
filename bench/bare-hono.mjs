// The ceilings for this machine: Hono on @hono/node-server answering a small JSON body, nothing else;
// and the same route after one trivial query to PostgreSQL (postgres.js, prepared), the least that any
// read from the database costs.
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import postgres from "postgres";

const sql = postgres(process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test", { max: 20 });
const app = new Hono();
app.get("/hello", (c) => c.json({ id: "inv_01", object: "invoice", total: 354 }));
app.get("/one-query", async (c) => {
  const [row] = await sql`select ${"inv_01"}::text as id, 'invoice' as object, 354 as total`;
  return c.json(row);
});
const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
  process.stdout.write(`listening http://127.0.0.1:${info.port}\n`);
});
process.on("SIGTERM", () => server.close(() => sql.end().then(() => process.exit(0))));
