// Issue #10: a 50,000-row CSV through POST /v1/products/imports on PostgreSQL, timed from the POST to
// `completed` (the API's in-process worker importing it), then the same file again (every row an
// update, no stock moving).
import { createDatabase, startApi, stopApi } from "./support.mjs";

const ROWS = Number(process.env.BENCH_ROWS ?? 50_000);
// A client polls every few seconds, as the spec advises; half a second keeps the timing fine enough.
const POLL_MS = 500;

/** Goods with Indian-format prices, HSN codes, opening stock, and one row in fifty without an HSN. */
function catalogue(rows) {
  const lines = ["SKU,Item Name,HSN/SAC,GST %,Price,Unit,Opening Stock,Reorder Level"];
  for (let i = 0; i < rows; i++) {
    const hsn = i % 50 === 0 ? "" : "96081019";
    lines.push(
      `SKU-${i},"Item ${i}, assorted",${hsn},18,"₹1,${String(i % 100).padStart(2, "0")},999.50",NOS,${i % 500},5`,
    );
  }
  return `${lines.join("\n")}\n`;
}

async function timedImport(api, csv) {
  const started = performance.now();
  const res = await fetch(`${api.url}/v1/products/imports`, {
    method: "POST",
    headers: { authorization: `Bearer ${api.key}`, "content-type": "text/csv" },
    body: csv,
  });
  if (res.status !== 202) throw new Error(`POST answered ${res.status}: ${await res.text()}`);
  const accepted = performance.now() - started;
  const { id } = await res.json();
  for (;;) {
    const job = await (
      await fetch(`${api.url}/v1/products/imports/${id}`, { headers: { authorization: `Bearer ${api.key}` } })
    ).json();
    if (job.status === "completed" || job.status === "failed") {
      return { job, accepted, total: performance.now() - started };
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

const database = await createDatabase();
const api = await startApi({ DATABASE_URL: database.url, BAHI_RATE_LIMIT: "off" });
try {
  const csv = catalogue(ROWS);
  console.log(
    `Product import of ${ROWS} rows (${(Buffer.byteLength(csv) / 1_048_576).toFixed(1)} MiB CSV) on PostgreSQL`,
  );
  for (const run of ["first import (creates)", "same file again (updates)"]) {
    const { job, accepted, total } = await timedImport(api, csv);
    console.log(
      `${run}: ${job.status}, ${JSON.stringify(job.counts)}; 202 after ${(accepted / 1000).toFixed(2)} s, ` +
        `completed after ${(total / 1000).toFixed(2)} s (${Math.round(ROWS / (total / 1000))} rows/s)`,
    );
  }
} finally {
  await stopApi(api);
  await database.drop();
}
