// Issue #50: printable invoices over HTTP, end to end (loopback, the bundled server on PostgreSQL).
// A 3-line and a 1,000-line e-invoice's GET /v1/invoices/{id}/pdf: latency one at a time, the
// server's CPU per PDF (every thread of its process), PDFs per second at 4 connections, and what a
// stream of 1,000-line PDFs does to other requests (GET /v1/invoices/{id} at 10 connections, with
// and without it). The renderer alone is measured by packages/invoice-pdf/bench/render.mjs.
//
//   node bench/pdf.mjs            (BENCH_SECONDS=5: each loaded phase's length)
import { readFileSync } from "node:fs";
import { createDatabase, load, seedInvoiceSale, startApi, stopApi } from "./support.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const SMALL_ONE_AT_A_TIME = 200;
const LARGE_ONE_AT_A_TIME = 10;

/** The process's CPU time (user + system, all threads) in ms, from /proc (Linux). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const database = await createDatabase();
const api = await startApi({ DATABASE_URL: database.url, BAHI_RATE_LIMIT: "off" });
try {
  const { headers, post, party, invoiceBody } = await seedInvoiceSale(api);
  const small = await post("/v1/invoices", JSON.parse(invoiceBody));
  const items = Array.from({ length: 1000 }, (_, i) => ({
    sku: `B-${(i % 3) + 1}`,
    qty: 1 + (i % 7),
    rate: 99.99,
    description: `Bench item, lot ${i + 1} of the consignment`,
  }));
  const large = await post("/v1/invoices", { party_id: party.id, items });
  const pdfUrl = (invoice) => `${api.url}/v1/invoices/${invoice.id}/pdf`;

  /** `count` PDFs one after the other: latencies (ms, sorted), the server's CPU per PDF, the size. */
  async function oneAtATime(invoice, count) {
    const latencies = [];
    let bytes = 0;
    const cpuStart = cpuMs(api.child.pid);
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      const res = await fetch(pdfUrl(invoice), { headers });
      bytes = (await res.arrayBuffer()).byteLength;
      if (res.status !== 200) throw new Error(`PDF answered ${res.status}`);
      latencies.push(performance.now() - started);
    }
    const cpu = (cpuMs(api.child.pid) - cpuStart) / count;
    latencies.sort((a, b) => a - b);
    return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), cpu, bytes };
  }

  // Warm-up: the thread's first renders, the statements' first plans.
  await oneAtATime(small, 30);
  await oneAtATime(large, 2);
  const smallSerial = await oneAtATime(small, SMALL_ONE_AT_A_TIME);
  const largeSerial = await oneAtATime(large, LARGE_ONE_AT_A_TIME);
  const smallLoaded = await load({ url: pdfUrl(small), headers, connections: 4, duration: seconds });

  const reads = { url: `${api.url}/v1/invoices/${small.id}`, headers, connections: 10, duration: seconds };
  const readsAlone = await load(reads);
  let printing = true;
  let largePrinted = 0;
  const printer = (async () => {
    while (printing) {
      const res = await fetch(pdfUrl(large), { headers });
      await res.arrayBuffer();
      largePrinted++;
    }
  })();
  const readsBeside = await load(reads);
  printing = false;
  await printer;

  const ms = (n) => `${n.toFixed(1)} ms`;
  console.log(`GET /v1/invoices/{id}/pdf on loopback, bundled server on PostgreSQL, node ${process.version}`);
  console.log(
    `3-line e-invoice, one at a time (${SMALL_ONE_AT_A_TIME}): p50 ${ms(smallSerial.p50)}, p99 ${ms(smallSerial.p99)}; server CPU ${ms(smallSerial.cpu)} per PDF; ${smallSerial.bytes} bytes`,
  );
  console.log(
    `1,000-line e-invoice, one at a time (${LARGE_ONE_AT_A_TIME}): p50 ${ms(largeSerial.p50)}, p99 ${ms(largeSerial.p99)}; server CPU ${ms(largeSerial.cpu)} per PDF; ${largeSerial.bytes} bytes`,
  );
  console.log(
    `3-line PDFs at 4 connections, ${seconds} s: ${smallLoaded.rps}/s, p50 ${smallLoaded.p50} ms, p99 ${smallLoaded.p99} ms`,
  );
  console.log(
    `GET /v1/invoices/{id} at 10 connections alone: ${readsAlone.rps}/s, p50 ${readsAlone.p50} ms, p99 ${readsAlone.p99} ms, max ${readsAlone.max} ms`,
  );
  console.log(
    `  beside a stream of 1,000-line PDFs (${largePrinted} made): ${readsBeside.rps}/s, p50 ${readsBeside.p50} ms, p99 ${readsBeside.p99} ms, max ${readsBeside.max} ms`,
  );
} finally {
  await stopApi(api);
  await database.drop();
}
