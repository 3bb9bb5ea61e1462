// Fault 8, second half: SIGTERM and SIGKILL of the server while it runs a large product import
// (`POST /v1/products/imports`, imported batch by batch by the worker in the server, PostgreSQL). Expected: after
// every signal the database holds exactly the batches the import's record counts as done (never a
// half-applied batch without a record), the next start resumes the import where it stopped, and it
// completes with every row imported once.
import { openBooks } from "../lib/books.mjs";
import { sleep } from "../lib/outcome.mjs";
import { freePort } from "../lib/ports.mjs";
import { startPostgres } from "../lib/postgres.mjs";
import { createAccount, startServer } from "../lib/server.mjs";

/** IMPORT_BATCH_SIZE in apps/api: rows per transaction, so rows done move in these steps. */
const BATCH = 1000;
/** How long an import may take, restarts included. */
const IMPORT_BOUND_MS = 600_000;
const SHUTDOWN_TIMEOUT_MS = 5_000;

function catalogue(rows, prefix) {
  const lines = ["SKU,Item Name,HSN/SAC,GST %,Price,Unit,Opening Stock"];
  for (let i = 0; i < rows; i++)
    lines.push(`${prefix}-${i},Item ${i},96081019,18,${10 + (i % 90)}.50,NOS,${i % 7}`);
  return `${lines.join("\n")}\n`;
}

/** The import as the API says. */
async function readImport(url, key, id) {
  const answer = await fetch(`${url}/v1/products/imports/${id}`, {
    headers: { authorization: `Bearer ${key}` },
    signal: AbortSignal.timeout(60_000),
  });
  if (answer.status !== 200) throw new Error(`GET import: ${answer.status} ${await answer.text()}`);
  return answer.json();
}

/** What the database holds for the import, read while the server is down. */
async function holdings(env, accountId, id, prefix) {
  const db = await openBooks(env);
  try {
    const [record] = await db.query(
      "select status, rows_done, rows_total, created, updated, rejected, failure_reason from product_imports where account_id = $1 and id = $2",
      [accountId, id],
    );
    const [products] = await db.query(
      "select count(*)::int as n, count(distinct sku)::int as skus from products where account_id = $1 and livemode = false and sku like $2",
      [accountId, `${prefix}-%`],
    );
    const [chunks] = await db.query(
      "select count(*)::int as n, coalesce(min(chunk_no), -1)::int as first from product_import_chunks where account_id = $1 and import_id = $2",
      [accountId, id],
    );
    const [rows] = await db.query(
      "select count(*)::int as n from product_import_rows where account_id = $1 and import_id = $2",
      [accountId, id],
    );
    return { record, products: products.n, skus: products.skus, chunks, rows: rows.n };
  } finally {
    await db.close();
  }
}

/** Whether what the database holds is what the import's record says it did; the problem if not. */
function halfApplied(h, rowsTotal) {
  const { record } = h;
  const done = Number(record.rows_done);
  const made = Number(record.created) + Number(record.updated);
  if (h.products !== made || h.skus !== made)
    return `${h.products} products (${h.skus} SKUs) in the database, the import's record says ${made} rows created or updated`;
  if (done % BATCH !== 0 && done !== rowsTotal) return `rows done ${done} is not a whole number of batches`;
  const chunksLeft = Math.ceil((rowsTotal - done) / BATCH);
  if (h.chunks.n !== chunksLeft)
    return `${h.chunks.n} chunks wait, ${chunksLeft} expected after ${done} rows done`;
  if (chunksLeft > 0 && h.chunks.first !== done / BATCH)
    return `the first chunk waiting is ${h.chunks.first}, ${done / BATCH} expected`;
  return null;
}

/** One import of `rows` rows, signalled `signals` times (SIGTERM and SIGKILL in turn) while it runs. */
export async function importSignal({ rows = 20_000, signals = 6, log }) {
  // PostgreSQL, where large imports belong: on PGlite a batch holds the one connection for its whole
  // transaction, and on a busy machine reads of the import wait on it for tens of seconds.
  const pg = await startPostgres();
  const env = { DATABASE_URL: pg.url };
  const serverEnv = {
    ...env,
    PORT: String(await freePort()),
    BAHI_SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
  };
  const { accountId, key } = createAccount(env);
  let server = await startServer(serverEnv);
  const problems = [];
  const exits = [];
  const restartMs = [];
  const doneAtSignals = [];
  try {
    const prefix = `IMP${Date.now().toString(36).toUpperCase()}`;
    const answer = await fetch(`${server.url}/v1/products/imports`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "text/csv" },
      body: catalogue(rows, prefix),
    });
    if (answer.status !== 202) throw new Error(`POST import: ${answer.status} ${await answer.text()}`);
    const { id } = await answer.json();
    const started = Date.now();
    let job = null;
    for (let i = 0; i < signals; i++) {
      // A batch or more done since the last start, and the import not finished: the next is running.
      const since = job?.rows_done ?? 0;
      do {
        await sleep(100);
        job = await readImport(server.url, key, id);
      } while (
        job.rows_done <= since &&
        job.status !== "completed" &&
        Date.now() - started < IMPORT_BOUND_MS
      );
      if (job.status === "completed" || job.status === "failed") {
        problems.push(`the import ended (${job.status}) after ${i} signals: too few rows for ${signals}`);
        break;
      }
      const signal = i % 2 === 0 ? "SIGTERM" : "SIGKILL";
      const signalled = Date.now();
      server.child.kill(signal);
      const exit = await server.exited;
      exits.push({ signal, ms: Date.now() - signalled, code: exit.code });
      const held = await holdings(env, accountId, id, prefix);
      doneAtSignals.push(Number(held.record.rows_done));
      const wrong = halfApplied(held, rows);
      if (wrong) problems.push(`after ${signal} ${i + 1}: ${wrong}`);
      if (signal === "SIGTERM" && exit.code !== 0)
        problems.push(`SIGTERM ${i + 1}: the server exited with ${exit.code ?? exit.signal}, not 0`);
      log(
        `${signal} ${i + 1}: ${held.record.rows_done} of ${rows} rows done, ${held.products} products; exit in ${exits.at(-1).ms} ms`,
      );
      const restarted = Date.now();
      server = await startServer(serverEnv);
      restartMs.push(Date.now() - restarted);
    }
    while (job.status !== "completed" && job.status !== "failed" && Date.now() - started < IMPORT_BOUND_MS) {
      await sleep(250);
      job = await readImport(server.url, key, id);
    }
    server.child.kill("SIGTERM");
    await server.exited;
    const held = await holdings(env, accountId, id, prefix);
    if (held.record.status !== "completed")
      problems.push(`the import ended ${held.record.status}: ${held.record.failure_reason ?? "no reason"}`);
    const wrong = halfApplied(held, rows);
    if (wrong) problems.push(`at the end: ${wrong}`);
    if (Number(held.record.created) !== rows)
      problems.push(`${held.record.created} rows created of ${rows} (${held.record.rejected} rejected)`);
    const lost = Math.max(0, rows - held.products);
    return {
      runs: exits.length,
      checked: rows,
      lost,
      doubled: held.products - held.skus,
      importMs: Date.now() - started,
      doneAtSignals,
      exits,
      slowestRestartMs: Math.max(...restartMs),
      note: `${rows} rows, ${exits.length} signals at ${doneAtSignals.join(", ")} rows done; each time the products matched the import's record; resumed and completed; SIGTERM exits ≤ ${Math.max(...exits.filter((e) => e.signal === "SIGTERM").map((e) => e.ms))} ms`,
      problems,
      ok: problems.length === 0,
    };
  } finally {
    server.child.kill("SIGKILL");
    await pg.remove();
  }
}
