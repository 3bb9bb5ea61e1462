// Fault 2: SIGKILL of whatever delivers webhooks, while deliveries are in flight. `server`: the API
// process that runs the worker beside it (BAHI_WORKER=on, PGlite); `worker`: a `pnpm bahi worker`
// process beside an API that delivers nothing (BAHI_WORKER=off, PostgreSQL), killed while the API
// keeps serving the load. Expected: every event committed reaches the receiver at least once, a
// repeat carries the same `webhook-id`, nothing stays pending, and the books check.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkBooks, openBooks } from "../lib/books.mjs";
import { createsAnswered, startLoad } from "../lib/load.mjs";
import { badAnswers, sleep, tally } from "../lib/outcome.mjs";
import { freePort } from "../lib/ports.mjs";
import { startPostgres } from "../lib/postgres.mjs";
import { deliveryFigures, startReceiver } from "../lib/receiver.mjs";
import { createAccount, setUpBooks, startServer } from "../lib/server.mjs";
import { startWorkerProcess } from "../lib/worker.mjs";

/** How long the receiver waits before it answers each delivery: kills land while deliveries wait. */
const ANSWER_AFTER_MS = 300;
/** The receiver has had nothing for this long: every due attempt has been made. */
const QUIET_MS = 6_000;
/** How long the last deliveries may take once the load stops. */
const DRAIN_BOUND_MS = 120_000;

async function until(test, ms) {
  const started = Date.now();
  while (!test()) {
    if (Date.now() - started > ms) return false;
    await sleep(20);
  }
  return true;
}

async function subscribe(url, key, receiverUrl) {
  const answer = await fetch(`${url}/v1/webhooks`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ url: receiverUrl, events: ["*"] }),
  });
  if (answer.status !== 201) throw new Error(`POST /v1/webhooks: ${answer.status} ${await answer.text()}`);
  return answer.json();
}

/** `kills` SIGKILLs of the `victim` (`server` on PGlite, `worker` on PostgreSQL), each mid-delivery. */
export async function webhookKill({ victim, kills, between = 10, log }) {
  const pg = victim === "worker" ? await startPostgres() : null;
  const dataDir = pg ? null : mkdtempSync(join(tmpdir(), "bahi-faults-hooks-"));
  const env = {
    ...(pg ? { DATABASE_URL: pg.url } : { DATABASE_URL: "", BAHI_DATA_DIR: dataDir }),
    BAHI_WEBHOOK_ALLOWED_HOSTS: "127.0.0.1",
  };
  const port = String(await freePort());
  const target = { url: `http://127.0.0.1:${port}` };
  const receiver = await startReceiver({ answerAfterMs: ANSWER_AFTER_MS });
  const account = createAccount(env);
  const serverEnv = { ...env, PORT: port, BAHI_WORKER: victim === "worker" ? "off" : "on" };
  let server = await startServer(serverEnv);
  let worker = victim === "worker" ? await startWorkerProcess(env) : null;
  const restartMs = [];
  let inFlightAtKills = 0;
  let midDelivery = 0;
  try {
    const webhook = await subscribe(target.url, account.key, receiver.url);
    receiver.setSecret(webhook.secret);
    const books = await setUpBooks(target.url, account);
    const load = startLoad({ target, books, clients: 4 });
    for (let kill = 0; kill < kills; kill++) {
      // New creates first: a restarted sender resends its unrecorded batch at once, and a kill then
      // would starve the load.
      await createsAnswered(load, between);
      const goal = receiver.deliveries.length + between;
      await until(() => receiver.deliveries.length >= goal && receiver.inFlight() > 0, 60_000);
      const inFlight = receiver.inFlight();
      inFlightAtKills += inFlight;
      if (inFlight > 0) midDelivery += 1;
      const started = Date.now();
      if (worker) {
        worker.child.kill("SIGKILL");
        await worker.exited;
        worker = await startWorkerProcess(env);
      } else {
        server.child.kill("SIGKILL");
        await server.exited;
        server = await startServer(serverEnv);
      }
      restartMs.push(Date.now() - started);
      if ((kill + 1) % 5 === 0)
        log(
          `${kill + 1} kills, ${receiver.deliveries.length} deliveries, ${load.created()} creates answered 201`,
        );
    }
    await createsAnswered(load, between);
    const answers = await load.stop();
    // The last attempts: every due one is made at once; the receiver goes quiet when none is left.
    const drainStarted = Date.now();
    let lastCount = -1;
    let quietSince = Date.now();
    while (Date.now() - drainStarted < DRAIN_BOUND_MS) {
      if (receiver.deliveries.length !== lastCount) {
        lastCount = receiver.deliveries.length;
        quietSince = Date.now();
      } else if (Date.now() - quietSince >= QUIET_MS && receiver.inFlight() === 0) break;
      await sleep(100);
    }
    worker?.child.kill("SIGTERM");
    await worker?.exited;
    server.child.kill("SIGTERM");
    await server.exited;
    const result = await checkBooks(env, books, answers);
    const db = await openBooks(env);
    let committed;
    let pending;
    let undelivered;
    try {
      const owner = [books.accountId, webhook.created_at];
      committed = await db.query(
        "select id from events where account_id = $1 and livemode = false and created_at >= $2",
        owner,
      );
      // The outbox: an event written after the subscription without its first attempt was never queued.
      undelivered = await db.query(
        `select e.id from events e where e.account_id = $1 and e.livemode = false and e.created_at >= $2
           and not exists (select 1 from webhook_deliveries d where d.account_id = e.account_id
             and d.livemode = e.livemode and d.event_id = e.id and d.webhook_id = $3)`,
        [...owner, webhook.id],
      );
      pending = await db.query(
        "select id from webhook_deliveries where account_id = $1 and webhook_id = $2 and status = 'pending'",
        [books.accountId, webhook.id],
      );
    } finally {
      await db.close();
    }
    const figures = deliveryFigures(
      receiver.deliveries,
      committed.map((e) => e.id),
    );
    const problems = [...result.problems, ...figures.problems];
    for (const e of undelivered.slice(0, 20)) problems.push(`event ${e.id} has no delivery attempt`);
    if (pending.length > 0) problems.push(`${pending.length} delivery attempts still pending at the end`);
    const bad = badAnswers(answers);
    return {
      runs: kills,
      ...result,
      // The table's answers, lost and doubled are the books' and the deliveries' together.
      checked: result.checked + figures.events,
      lost: result.lost + figures.lost,
      events: figures.events,
      deliveries: figures.deliveries,
      repeats: figures.repeats,
      lostEvents: figures.lost,
      midDelivery,
      inFlightAtKills,
      cutBySender: receiver.cut(),
      statuses: tally(answers),
      bad: bad.length,
      slowestRestartMs: Math.max(...restartMs),
      note: `${figures.deliveries} deliveries of ${figures.events} events, ${figures.repeats} repeats (same webhook-id), ${figures.lost} lost; ${midDelivery} of ${kills} kills mid-delivery (${inFlightAtKills} answers pending); restart ≤ ${Math.max(...restartMs)} ms`,
      problems,
      ok: bad.length === 0 && problems.length === 0 && midDelivery === kills,
    };
  } finally {
    worker?.child.kill("SIGKILL");
    server.child.kill("SIGKILL");
    await receiver.close();
    await pg?.remove();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}
