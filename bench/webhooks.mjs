// Issue #7: deliver 10,000 events to a local receiver with 1 and with 2 `pnpm bahi worker` processes on
// PostgreSQL. Two figures per worker count:
// - drain: the events are committed first, then the workers start; events per second from the first
//   arrival to the last (what the workers can do);
// - live: the workers run while the API commits the events (POST /v1/parties, 10 connections); lag from
//   an event's commit to its arrival at the receiver, p50 and p99 (what an integrator waits).
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { createDatabase, startApi, stopApi } from "./support.mjs";

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const apiRoot = fileURLToPath(new URL("../apps/api", import.meta.url));
const ALLOWED = { BAHI_WEBHOOK_ALLOWED_HOSTS: "127.0.0.1" };

/** The integrator's endpoint: answers 200 at once and notes when each event arrived. */
function startReceiver() {
  const arrivals = new Map();
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      const id = req.headers["webhook-id"];
      if (!arrivals.has(id)) arrivals.set(id, performance.timeOrigin + performance.now());
      res.end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve({ server, arrivals, url: `http://127.0.0.1:${server.address().port}` }),
    ),
  );
}

function startWorker(databaseUrl) {
  const child = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", "worker"], {
    cwd: apiRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: "info", ...ALLOWED },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      if (out.includes("webhook worker started")) resolve(child);
    });
    child.on("exit", (code) => reject(new Error(`worker exited with ${code}:\n${out}`)));
  });
}

async function stopWorkers(workers) {
  await Promise.all(
    workers.map((w) => {
      const exited = new Promise((resolve) => w.once("exit", resolve));
      w.kill("SIGTERM");
      return exited;
    }),
  );
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function until(condition) {
  while (!condition()) await new Promise((r) => setTimeout(r, 5));
}

const database = await createDatabase();
const api = await startApi({
  DATABASE_URL: database.url,
  BAHI_RATE_LIMIT: "off",
  BAHI_WORKER: "off",
  ...ALLOWED,
});
const receiver = await startReceiver();
const headers = { authorization: `Bearer ${api.key}`, "content-type": "application/json" };
const party = JSON.stringify({
  type: "customer",
  name: "Sharma Stores",
  address: { line1: "4 Park Street", city: "Kolkata", state_code: "19", pin: "700016" },
});

async function subscribe(path) {
  const res = await fetch(`${api.url}/v1/webhooks`, {
    method: "POST",
    headers,
    body: JSON.stringify({ url: `${receiver.url}${path}`, events: ["party.created"] }),
  });
  if (!res.ok) throw new Error(`subscribe: ${res.status} ${await res.text()}`);
  return (await res.json()).id;
}

const unsubscribe = (id) => fetch(`${api.url}/v1/webhooks/${id}`, { method: "DELETE", headers });

/** Commits EVENTS party.created events through the API; resolves with each event's commit time. */
async function produce() {
  const committed = new Map();
  await autocannon({
    url: `${api.url}/v1/parties`,
    method: "POST",
    headers,
    body: party,
    connections: 10,
    amount: EVENTS,
    setupClient: (client) =>
      client.on("body", (body) =>
        committed.set(JSON.parse(body).id, performance.timeOrigin + performance.now()),
      ),
  });
  return committed;
}

const results = [];
try {
  for (const workerCount of [1, 2]) {
    // Drain: a backlog of committed events, then the workers.
    receiver.arrivals.clear();
    const drainHook = await subscribe(`/drain-${workerCount}`);
    await produce();
    const drainWorkers = await Promise.all(
      Array.from({ length: workerCount }, () => startWorker(database.url)),
    );
    await until(() => receiver.arrivals.size >= EVENTS);
    // From the first arrival, so that the workers' start-up (loading TypeScript) is not counted.
    const times = [...receiver.arrivals.values()];
    const drainSeconds = (Math.max(...times) - Math.min(...times)) / 1000;
    await stopWorkers(drainWorkers);
    await unsubscribe(drainHook);

    // Live: the workers run while the API commits; the party's id maps to its event through the body.
    receiver.arrivals.clear();
    const liveWorkers = await Promise.all(
      Array.from({ length: workerCount }, () => startWorker(database.url)),
    );
    const liveHook = await subscribe(`/live-${workerCount}`);
    const partyArrivals = new Map();
    const onRequest = (req) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        const id = JSON.parse(body).data.object.id;
        if (!partyArrivals.has(id)) partyArrivals.set(id, performance.timeOrigin + performance.now());
      });
    };
    receiver.server.on("request", onRequest);
    const committed = await produce();
    await until(() => partyArrivals.size >= EVENTS);
    receiver.server.off("request", onRequest);
    const lags = [...committed].map(([id, at]) => partyArrivals.get(id) - at).sort((a, b) => a - b);
    await stopWorkers(liveWorkers);
    await unsubscribe(liveHook);
    results.push({
      workers: workerCount,
      drain_events_per_s: Math.round(EVENTS / drainSeconds),
      live_lag_p50_ms: Math.round(percentile(lags, 50)),
      live_lag_p99_ms: Math.round(percentile(lags, 99)),
    });
    console.log(JSON.stringify(results.at(-1)));
  }
  console.table(results);
} finally {
  receiver.server.close();
  await stopApi(api);
  await database.drop();
}
