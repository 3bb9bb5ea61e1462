// GET /v1/invoices on PostgreSQL over BENCH_INVOICES invoices (default 3,000) made through the API
// (B2B, three lines, each with its IRN and two signed JWTs, as integrators' invoices are): the first
// page of 20 and of 100 under load (10 connections, BENCH_SECONDS each, default 5), with the CPU each
// page costs the server and PostgreSQL, and the same for the first pages of GET /v1/events (each
// event holding its invoice) and of GET /v1/credit_notes (BENCH_CREDIT_NOTES, default 300, each
// crediting a whole invoice, with its own IRN and signatures); then a walk through every invoice, 100 a page, by one client on a
// second node that has read none of them yet (a sync's first pass), and the same walk again.
import {
  createDatabase,
  load,
  loadMeasured,
  seedInvoiceSale,
  startApi,
  startNode,
  stopApi,
} from "./support.mjs";

const INVOICES = Number(process.env.BENCH_INVOICES ?? 3_000);
const duration = Number(process.env.BENCH_SECONDS ?? 5);
const CREDIT_NOTES = Number(process.env.BENCH_CREDIT_NOTES ?? 300);

/** Every page of the list, 100 invoices each, one after the other: pages read and ms per page. */
async function walk(url, headers) {
  let cursor = null;
  let pages = 0;
  let invoices = 0;
  const started = performance.now();
  do {
    const query = cursor ? `limit=100&starting_after=${cursor}` : "limit=100";
    const res = await fetch(`${url}/v1/invoices?${query}`, { headers });
    if (!res.ok) throw new Error(`GET /v1/invoices: ${res.status}`);
    const page = await res.json();
    pages += 1;
    invoices += page.data.length;
    cursor = page.next_cursor;
  } while (cursor);
  const ms = performance.now() - started;
  return { pages, invoices, msPerPage: ms / pages };
}

const database = await createDatabase();
const env = { DATABASE_URL: database.url, BAHI_RATE_LIMIT: "off", BAHI_DB_POOL_SIZE: "20" };
const api = await startApi(env);
let second;
try {
  const { headers, invoiceBody, post } = await seedInvoiceSale(api);
  await load({
    url: `${api.url}/v1/invoices`,
    method: "POST",
    headers,
    body: invoiceBody,
    connections: 8,
    amount: INVOICES,
  });
  const read = { authorization: `Bearer ${api.key}` };
  let credited = 0;
  for (let cursor = null; credited < CREDIT_NOTES; ) {
    const query = cursor ? `limit=100&starting_after=${cursor}` : "limit=100";
    const page = await (await fetch(`${api.url}/v1/invoices?${query}`, { headers: read })).json();
    for (const invoice of page.data.slice(0, CREDIT_NOTES - credited)) {
      await post("/v1/credit_notes", { invoice_id: invoice.id, reason: "correction", whole: true });
      credited += 1;
    }
    cursor = page.next_cursor;
  }
  console.log(
    `GET /v1/invoices over ${INVOICES} invoices (PostgreSQL, loopback, 10 connections, ${duration} s)`,
  );
  console.log(
    "page                      req/s   p50     p99      CPU per page: server (main thread)  PostgreSQL",
  );
  for (const [list, limit] of [
    ["invoices", 20],
    ["invoices", 100],
    ["events", 20],
    ["events", 100],
    ["credit_notes", 20],
    ["credit_notes", 100],
  ]) {
    const r = await loadMeasured(api.child.pid, {
      url: `${api.url}/v1/${list}?limit=${limit}`,
      headers: read,
      connections: 10,
      duration,
    });
    console.log(
      `${`${list}, first page of ${limit}`.padEnd(30)} ${String(r.rps).padStart(7)}  ${String(r.p50).padStart(3)} ms  ${String(r.p99).padStart(4)} ms  ${r.cpuMs.toFixed(2).padStart(7)} ms (${r.mainMs.toFixed(2)} ms)  ${r.postgresMs.toFixed(2).padStart(7)} ms`,
    );
  }
  second = await startNode(env);
  for (const pass of ["first walk on a new node", "the same walk again"]) {
    const w = await walk(second.url, read);
    console.log(
      `${pass.padEnd(25)} ${w.pages} pages of 100 (${w.invoices} invoices): ${w.msPerPage.toFixed(1)} ms a page`,
    );
  }
} finally {
  if (second) await stopApi(second);
  await stopApi(api);
  await database.drop();
}
