// Fault 1 (and 6 with `retry`): SIGKILL of the server mid-load, then a restart on the same port and
// database; the books are checked once the load stops.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkBooks } from "../lib/books.mjs";
import { createsAnswered, startLoad } from "../lib/load.mjs";
import { badAnswers, tally } from "../lib/outcome.mjs";
import { freePort } from "../lib/ports.mjs";
import { startPostgres } from "../lib/postgres.mjs";
import { createAccount, setUpBooks, startServer } from "../lib/server.mjs";

/** `kills` SIGKILLs, each after `between` more creates answered 201, on `driver` (pglite | postgres). */
export async function killAndRestart({ driver, kills, between = 8, retry = false, log }) {
  const pg = driver === "postgres" ? await startPostgres() : null;
  const dataDir = driver === "pglite" ? mkdtempSync(join(tmpdir(), "bahi-faults-data-")) : null;
  const env = pg ? { DATABASE_URL: pg.url } : { DATABASE_URL: "", BAHI_DATA_DIR: dataDir };
  const port = String(await freePort());
  const target = { url: `http://127.0.0.1:${port}` };
  const account = createAccount(env);
  let server = await startServer({ ...env, PORT: port });
  const reopenMs = [];
  let reopenFailures = 0;
  try {
    const books = await setUpBooks(target.url, account);
    const load = startLoad({ target, books, clients: 4, retry });
    for (let kill = 0; kill < kills; kill++) {
      await createsAnswered(load, between);
      server.child.kill("SIGKILL");
      await server.exited;
      const started = Date.now();
      for (;;) {
        try {
          server = await startServer({ ...env, PORT: port });
          break;
        } catch (error) {
          // A directory that does not reopen is what this fault measures: counted, then tried again.
          reopenFailures += 1;
          log(`kill ${kill + 1}: the server did not start again: ${String(error).slice(0, 2000)}`);
          if (reopenFailures > 3) throw error;
        }
      }
      reopenMs.push(Date.now() - started);
      if ((kill + 1) % 10 === 0) log(`${kill + 1} kills, ${load.created()} creates answered 201`);
    }
    await createsAnswered(load, between);
    const answers = await load.stop();
    server.child.kill("SIGTERM");
    await server.exited;
    const result = await checkBooks(env, books, answers);
    const bad = badAnswers(answers);
    return {
      runs: kills,
      ...result,
      statuses: tally(answers),
      bad: bad.length,
      reopenFailures,
      slowestReopenMs: Math.max(...reopenMs),
      ok: bad.length === 0 && result.problems.length === 0 && reopenFailures === 0,
    };
  } finally {
    server.child.kill("SIGKILL");
    await pg?.remove();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}
