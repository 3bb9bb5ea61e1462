// Fault 3: PostgreSQL restarted under load, and every API connection cut (pg_terminate_backend).
import { checkBooks } from "../lib/books.mjs";
import { createsAnswered, startLoad } from "../lib/load.mjs";
import { badAnswers, sleep, tally } from "../lib/outcome.mjs";
import { freePort } from "../lib/ports.mjs";
import { startPostgres } from "../lib/postgres.mjs";
import { createAccount, setUpBooks, startServer } from "../lib/server.mjs";

/** Time from the end of a fault until the load's next 201. */
async function recovery(load, since) {
  const before = load.created();
  while (load.created() === before) {
    if (Date.now() - since > 60_000) return null;
    await sleep(10);
  }
  return Date.now() - since;
}

export async function postgresRestart({ restarts = 3, cuts = 3, retry = false, log }) {
  const pg = await startPostgres();
  let server;
  try {
    const env = { DATABASE_URL: pg.url };
    const account = createAccount(env);
    server = await startServer({ ...env, PORT: String(await freePort()) });
    const died = server.exited.then((how) => how);
    const books = await setUpBooks(server.url, account);
    const load = startLoad({ target: server, books, clients: 4, retry });
    const recoveries = [];
    for (let i = 0; i < restarts + cuts; i++) {
      await createsAnswered(load, 40);
      if (i < restarts) {
        log(`restart ${i + 1} at ${Date.now()}`);
        const took = pg.restart();
        const back = await recovery(load, Date.now());
        log(`restart ${i + 1}: PostgreSQL down ${took} ms, creates again ${back} ms after it answered`);
        recoveries.push(back);
      } else {
        log(`cut ${i - restarts + 1} at ${Date.now()}`);
        const ended = await pg.terminateBackends();
        const back = await recovery(load, Date.now());
        log(`cut ${i - restarts + 1}: ${ended} connections ended, creates again ${back} ms later`);
        recoveries.push(back);
      }
    }
    await createsAnswered(load, 40);
    const answers = await load.stop();
    const alive = server.child.exitCode === null && server.child.signalCode === null;
    if (!alive) log(`the server died: ${JSON.stringify(await died)}\n${server.output().slice(-3000)}`);
    const result = await checkBooks(env, books, answers);
    const bad = badAnswers(answers);
    return {
      runs: restarts + cuts,
      answers: answers.length,
      ...result,
      statuses: tally(answers),
      bad: bad.length,
      alive,
      slowestRecoveryMs: Math.max(...recoveries.map((r) => r ?? Number.POSITIVE_INFINITY)),
      hungs: answers.filter((a) => a.status === "hung"),
      ok: alive && bad.length === 0 && result.problems.length === 0 && recoveries.every((r) => r !== null),
    };
  } finally {
    server?.child.kill("SIGKILL");
    await pg.remove();
  }
}
