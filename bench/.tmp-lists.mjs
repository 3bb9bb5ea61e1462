import { createDatabase, load, loadMeasured, seedInvoiceSale, startApi, stopApi } from "./support.mjs";

const database = await createDatabase();
const api = await startApi({ DATABASE_URL: database.url, BAHI_RATE_LIMIT: "off", BAHI_DB_POOL_SIZE: "20" });
try {
  const { headers, invoiceBody, post } = await seedInvoiceSale(api);
  await load({
    url: `${api.url}/v1/invoices`,
    method: "POST",
    headers,
    body: invoiceBody,
    connections: 8,
    amount: 1000,
  });
  const list = await (await fetch(`${api.url}/v1/invoices?limit=100`, { headers })).json();
  for (const inv of list.data.slice(0, 60)) {
    await post("/v1/credit_notes", { invoice_id: inv.id, reason: "correction", whole: true });
  }
  const read = { authorization: `Bearer ${api.key}` };
  for (const path of (
    process.env.P ??
    "/v1/events?limit=100,/v1/credit_notes?limit=20,/v1/credit_notes?limit=100,/v1/payments?limit=100,/v1/parties?limit=100,/v1/products?limit=100"
  ).split(",")) {
    const r = await loadMeasured(api.child.pid, {
      url: `${api.url}${path}`,
      headers: read,
      connections: 10,
      duration: 4,
    });
    console.log(
      path.padEnd(30),
      r.rps,
      "req/s p99",
      r.p99,
      "| server",
      r.cpuMs.toFixed(2),
      "main",
      r.mainMs.toFixed(2),
      "pg",
      r.postgresMs.toFixed(2),
    );
  }
} finally {
  await stopApi(api);
  await database.drop();
}
