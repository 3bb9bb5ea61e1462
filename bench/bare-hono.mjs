// The ceiling for this machine: Hono on @hono/node-server answering a small JSON body, nothing else.
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const app = new Hono();
app.get("/hello", (c) => c.json({ id: "inv_01", object: "invoice", total: 354 }));
const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info) => {
  process.stdout.write(`listening http://127.0.0.1:${info.port}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
