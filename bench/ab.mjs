// Two builds of the API measured at the same time, under the same load: this checkout (B) and
// another (A, `BENCH_AB_OTHER=/path/to/checkout`, built). The machines here swing by up to 2× within
// minutes, so runs taken one after the other cannot tell a change of 10% from the machine; runs taken
// together can. Each round loads both servers at once, creates (three lines, 8 clients each, or
// BENCH_AB_CLIENTS; with BENCH_AB_KEYED=1 each under an Idempotency-Key of its own) and then
// GET /v1/invoices/{id} (32 connections each), and prints each server's requests a second, p99 and
// CPU per request (main thread apart) and its database's backends' CPU per request, with B's over A's.
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  createDatabase,
  eachUnderItsOwnKey,
  loadMeasured,
  seedInvoiceSale,
  startApi,
  stopApi,
  warmupSeconds,
} from "./support.mjs";

// BENCH_AB_OTHER=. measures this checkout against itself, each side with its own environment
// (BENCH_AB_A_OFF and BENCH_AB_B_OFF: pieces of apps/api/src/speed to turn off, as BAHI_SPEED_OFF).
if (!process.env.BENCH_AB_OTHER)
  throw new Error("BENCH_AB_OTHER must name the other checkout (built), or . for this one");
const otherRoot = resolve(fileURLToPath(new URL("..", import.meta.url)), process.env.BENCH_AB_OTHER);
const other = await import(pathToFileURL(`${otherRoot}/bench/support.mjs`).href);
const speedOff = (side) => {
  const off = process.env[`BENCH_AB_${side}_OFF`];
  return off ? { BAHI_SPEED_OFF: off } : {};
};
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const duration = Number(process.env.BENCH_SECONDS ?? 8);
const createClients = Number(process.env.BENCH_AB_CLIENTS ?? 8);
const keyed = process.env.BENCH_AB_KEYED ? eachUnderItsOwnKey("ab") : undefined;
const env = { BAHI_RATE_LIMIT: "off", BAHI_DB_POOL_SIZE: "20" };

const databases = [await createDatabase(), await createDatabase()];
const servers = [];
try {
  servers.push(await other.startApi({ ...env, ...speedOff("A"), DATABASE_URL: databases[0].url }));
  servers.push(await startApi({ ...env, ...speedOff("B"), DATABASE_URL: databases[1].url }));
  const sides = [];
  for (const [i, api] of servers.entries()) {
    const sale = await seedInvoiceSale(api);
    const sample = await sale.post("/v1/invoices", JSON.parse(sale.invoiceBody));
    sides.push({
      api,
      database: new URL(databases[i].url).pathname.slice(1),
      create: {
        url: `${api.url}/v1/invoices`,
        method: "POST",
        headers: sale.headers,
        body: sale.invoiceBody,
        requests: keyed,
      },
      get: { url: `${api.url}/v1/invoices/${sample.id}`, headers: { authorization: `Bearer ${api.key}` } },
    });
  }
  const together = (kind, connections, seconds) =>
    Promise.all(
      sides.map((s) =>
        loadMeasured(s.api.child.pid, { ...s[kind], connections, duration: seconds }, s.database),
      ),
    );
  // Unmeasured, so that both have compiled their hot code, opened their pools and numbered a series.
  await together("create", 8, warmupSeconds);
  const sideName = (side, root) =>
    `${root}${process.env[`BENCH_AB_${side}_OFF`] ? ` without ${process.env[`BENCH_AB_${side}_OFF`]}` : ""}`;
  console.log(
    `A: ${sideName("A", otherRoot)}; B: ${sideName("B", "this checkout")}. ${duration} s a run, both servers loaded at once.`,
  );
  console.log(
    "round  load                    A req/s  B req/s  B/A   A p99  B p99   A main ms  B main ms  B/A   A CPU ms  B CPU ms  B/A   A PG ms  B PG ms  B/A",
  );
  for (let round = 1; round <= rounds; round++) {
    for (const [kind, connections, name] of [
      ["create", createClients, `POST /v1/invoices, ${createClients}`],
      ["get", 32, "GET /v1/invoices/{id}, 32"],
    ]) {
      const [a, b] = await together(kind, connections, duration);
      const ratio = (x, y) => (y / x).toFixed(2).padStart(5);
      console.log(
        `${String(round).padStart(5)}  ${name.padEnd(22)} ${String(a.rps).padStart(8)} ${String(b.rps).padStart(8)} ${ratio(a.rps, b.rps)}  ${String(a.p99).padStart(5)}  ${String(b.p99).padStart(5)}  ${a.mainMs.toFixed(3).padStart(9)}  ${b.mainMs.toFixed(3).padStart(9)} ${ratio(a.mainMs, b.mainMs)}  ${a.cpuMs.toFixed(3).padStart(8)}  ${b.cpuMs.toFixed(3).padStart(8)} ${ratio(a.cpuMs, b.cpuMs)}  ${a.postgresMs.toFixed(3).padStart(7)}  ${b.postgresMs.toFixed(3).padStart(7)} ${ratio(a.postgresMs, b.postgresMs)}`,
      );
    }
  }
} finally {
  for (const api of servers) await stopApi(api);
  for (const database of databases) await database.drop();
}
