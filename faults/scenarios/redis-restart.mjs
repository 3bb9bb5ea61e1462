// Fault 4: the Redis that holds the rate-limit counters stopped (SIGTERM) or killed (SIGKILL) under
// load, then started again. Expected: requests keep being served, counted per node meanwhile; every
// answer carries the rate-limit headers with honest values; requests sent while Redis is away are
// counted once each, per node; no 500, no crash; the books check.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { checkBooks } from "../lib/books.mjs";
import { createsAnswered, startLoad } from "../lib/load.mjs";
import { badAnswers, sleep, tally } from "../lib/outcome.mjs";
import { freePort } from "../lib/ports.mjs";
import { startRedis } from "../lib/redis.mjs";
import { createAccount, setUpBooks, startServer } from "../lib/server.mjs";

/** How long Redis stays away each time. */
const DOWN_MS = 3_000;
/** The plans' limits (DESIGN.md): free 200/s and 1,000/min; enterprise ten times both. */
const FREE = { second: 200, minute: 1_000 };
const ENTERPRISE = { second: 2_000, minute: 10_000 };
/** Requests without a key sent at once during each outage. */
const PROBE = 60;

/** What is wrong with one answer's rate-limit headers, for a key on a plan with `limits`; null if nothing. */
function dishonest(answer, limits, sentAt) {
  const h = answer.headers;
  const names = [
    "x-ratelimit-limit",
    "x-ratelimit-remaining",
    "x-ratelimit-reset",
    "ratelimit-policy",
    "ratelimit",
  ];
  const missing = names.filter((n) => h.get(n) === null);
  if (missing.length > 0) return `${answer.status} without ${missing.join(", ")}`;
  if (Number(h.get("x-ratelimit-limit")) !== limits.minute)
    return `X-RateLimit-Limit ${h.get("x-ratelimit-limit")}, the plan's is ${limits.minute}`;
  const remaining = Number(h.get("x-ratelimit-remaining"));
  if (!Number.isInteger(remaining) || remaining < 0 || remaining > limits.minute)
    return `X-RateLimit-Remaining ${h.get("x-ratelimit-remaining")}`;
  const reset = Number(h.get("x-ratelimit-reset"));
  const now = Date.now() / 1000;
  if (!(reset >= Math.floor(sentAt / 1000) && reset <= Math.ceil(now) + 60))
    return `X-RateLimit-Reset ${reset} is not within the minute from ${Math.floor(now)}`;
  const policy = `"second";q=${limits.second};w=1, "minute";q=${limits.minute};w=60`;
  if (h.get("ratelimit-policy") !== policy) return `RateLimit-Policy ${h.get("ratelimit-policy")}`;
  if (!/^"(second|minute)";r=\d+;t=\d+$/.test(h.get("ratelimit"))) return `RateLimit ${h.get("ratelimit")}`;
  if (answer.status === 429 && !(Number(h.get("retry-after")) >= 1)) return "429 without Retry-After";
  return null;
}

/** Reads in a loop beside the load, checking every answer's headers; `mark()` counts from then on. */
function startReaders(url, key, clients = 2) {
  const seen = { answers: 0, statuses: {}, problems: [], slowestMs: 0, since: 0 };
  let running = true;
  async function reader() {
    while (running) {
      const sentAt = Date.now();
      try {
        const answer = await fetch(`${url}/v1/invoices?limit=1`, {
          headers: { authorization: `Bearer ${key}` },
          signal: AbortSignal.timeout(15_000),
        });
        await answer.arrayBuffer();
        seen.answers += 1;
        seen.statuses[answer.status] = (seen.statuses[answer.status] ?? 0) + 1;
        seen.slowestMs = Math.max(seen.slowestMs, Date.now() - sentAt);
        const wrong = dishonest(answer, ENTERPRISE, sentAt);
        if (wrong && seen.problems.length < 20) seen.problems.push(`read: ${wrong}`);
      } catch (error) {
        seen.statuses[error?.name ?? "error"] = (seen.statuses[error?.name ?? "error"] ?? 0) + 1;
        if (seen.problems.length < 20) seen.problems.push(`read: no answer (${error?.name})`);
      }
      await sleep(20);
    }
  }
  const loops = Array.from({ length: clients }, reader);
  return {
    seen,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/**
 * WARM_WITHIN_MS: how long the probe's keep-alive connections may take to open. Opened before Redis
 * stops, so that what the probe measures is the server's counting, not how fast a node busy with
 * PGlite's queries (which run on its event loop) accepts 60 new connections.
 */
const WARM_WITHIN_MS = 60_000;
/** FRESH_ROUND_MS: a round of requests on the open connections this quick leaves none near its idle timeout. */
const FRESH_ROUND_MS = 1_000;
/**
 * SHARED_AGAIN_WITHIN_MS: how soon after Redis answers again the node must count there again: its
 * reconnect delay (REDIS_RECONNECT_MAX_DELAY_MS, 200 ms) plus a connection, with room for timers that
 * run late on 2 busy cores.
 */
const SHARED_AGAIN_WITHIN_MS = 3_000;

/** One GET on `agent`'s connections; resolves with the status, headers and whether the connection was reused. */
function get(url, path, agent, timeoutMs = 15_000) {
  return new Promise((resolve) => {
    const req = request(`${url}${path}`, { agent, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on("end", () =>
        resolve({
          status: res.statusCode,
          headers: new Headers(Object.entries(res.headers).map(([k, v]) => [k, String(v)])),
          reused: req.reusedSocket,
        }),
      );
      res.on("error", () =>
        resolve({ status: "no answer", headers: new Headers(), reused: req.reusedSocket }),
      );
    });
    req.on("timeout", () => req.destroy(Object.assign(new Error("timed out"), { name: "TimeoutError" })));
    req.on("error", (error) =>
      resolve({
        status: error?.name === "TimeoutError" ? "hung" : "no answer",
        headers: new Headers(),
        reused: req.reusedSocket,
      }),
    );
    req.end();
  });
}

/**
 * PROBE keep-alive connections, opened (with `GET /healthz`, which is not counted) before each stop;
 * the probe then sends one request on each, at once.
 */
function probeConnections(url) {
  const agent = new Agent({ keepAlive: true, maxSockets: PROBE, maxFreeSockets: PROBE });
  return {
    agent,
    /**
     * Opens the connections, then sends a request on each again until one round finds every one
     * open and takes under FRESH_ROUND_MS: the server closes a connection idle for 5 s, and opening
     * 60 on a busy node can take longer than that. Resolves with how long it all took.
     */
    async warm() {
      const started = Date.now();
      for (;;) {
        const roundStarted = Date.now();
        const answers = await Promise.all(
          Array.from({ length: PROBE }, () => get(url, "/healthz", agent, WARM_WITHIN_MS)),
        );
        const fresh = answers.every((a) => a.status === 200 && a.reused);
        if (fresh && Date.now() - roundStarted < FRESH_ROUND_MS) return Date.now() - started;
        if (Date.now() - started > WARM_WITHIN_MS)
          throw new Error(`the probe's connections did not open: ${answers.map((a) => a.status)}`);
      }
    },
    close: () => agent.destroy(),
  };
}

/**
 * PROBE requests at once without a key, while Redis is away, one on each of the probe's open
 * connections: counted per client address at the free plan's limits (no other client of the fault is
 * counted there), and answered 401 without a database read. Every one must be counted once: the
 * per-minute Remaining values are distinct and consecutive; one that hangs past 15 s is a problem, and
 * so is one that had to open a connection of its own.
 */
async function probe(url, connections) {
  const sentAt = Date.now();
  const answers = await Promise.all(
    Array.from({ length: PROBE }, () => get(url, "/v1/account", connections.agent)),
  );
  const ms = Date.now() - sentAt;
  const problems = answers.map((a) => dishonest(a, FREE, sentAt)).filter(Boolean);
  const fresh = answers.filter((a) => !a.reused).length;
  if (fresh > 0) problems.push(`${fresh} of the probe's requests opened a connection of their own`);
  // One window: its Reset, rounded up to the second, may differ by one between answers.
  const remaining = answers
    .filter((x) => x.status === 401)
    .map((x) => Number(x.headers.get("x-ratelimit-remaining")))
    .sort((x, y) => x - y);
  if (remaining.some((r, i) => i > 0 && r !== remaining[i - 1] + 1))
    problems.push(`the probe's requests were not counted once each: ${remaining.join(",")}`);
  return {
    ms,
    counted: answers.filter((a) => a.status === 401).length,
    refused: answers.filter((a) => a.status === 429).length,
    other: answers.filter((a) => a.status !== 401 && a.status !== 429).map((a) => a.status),
    problems,
  };
}

const execFileAsync = promisify(execFile);

/** The count Redis holds for the probe's address in the free plan's minute window (0 when none). */
async function sharedCount(redis) {
  const port = new URL(redis.url).port;
  const { stdout } = await execFileAsync("redis-cli", [
    "-p",
    port,
    "GET",
    "bahi:rl:x1:minute:address:127.0.0.1",
  ]);
  return Number(stdout.trim() || 0);
}

/**
 * Once Redis is back: the time from its start to the server's "Redis reachable" line, and then a
 * request without a key whose count must land in Redis (and its Remaining say so). Null and a
 * problem when the node is not counting there again within SHARED_AGAIN_WITHIN_MS.
 */
async function sharedAgain(server, redis, connections, startedAt) {
  let backAt;
  while (Date.now() - startedAt < SHARED_AGAIN_WITHIN_MS + 1_000) {
    backAt = logTimes(server.output(), "rate limiter: Redis reachable").find((t) => t >= startedAt - 5);
    if (backAt !== undefined) break;
    await sleep(50);
  }
  if (backAt === undefined)
    return {
      ms: null,
      problem: `counting not shared again ${SHARED_AGAIN_WITHIN_MS} ms after Redis was back`,
    };
  const ms = backAt - startedAt;
  const before = await sharedCount(redis);
  const answer = await get(server.url, "/v1/account", connections.agent);
  const after = await sharedCount(redis);
  const remaining = Number(answer.headers.get("x-ratelimit-remaining"));
  // A minute window that ran out between the two reads starts again at 1.
  if ((after !== before + 1 && after !== 1) || remaining !== FREE.minute - after)
    return {
      ms,
      problem: `after "reachable", a request was counted ${after - before} times in Redis (Remaining ${remaining}, Redis holds ${after})`,
    };
  if (ms > SHARED_AGAIN_WITHIN_MS)
    return { ms, problem: `counting shared again only ${ms} ms after Redis was back` };
  return { ms, problem: null };
}

/** The times of the server's log lines that say Redis went away and came back. */
function logTimes(output, message) {
  return output
    .split("\n")
    .filter((l) => l.includes(`"msg":"${message}`) && l.endsWith("}"))
    .map((l) => Date.parse(JSON.parse(l).time));
}

export async function redisRestart({ outages, log }) {
  const redis = await startRedis();
  const dataDir = mkdtempSync(join(tmpdir(), "bahi-faults-redis-"));
  const env = { DATABASE_URL: "", BAHI_DATA_DIR: dataDir };
  let server;
  try {
    const loadAccount = createAccount(env, "*", "enterprise");
    server = await startServer({ ...env, REDIS_URL: redis.url, PORT: String(await freePort()) });
    const books = await setUpBooks(server.url, loadAccount);
    const load = startLoad({ target: server, books, clients: 4 });
    const readers = startReaders(server.url, loadAccount.key);
    const connections = probeConnections(server.url);
    const stops = [];
    const starts = [];
    const probes = [];
    const warmMs = [];
    const shared = [];
    const servedWhileDown = [];
    for (let i = 0; i < outages; i++) {
      await createsAnswered(load, 10);
      warmMs.push(await connections.warm());
      const signal = i % 2 === 0 ? "SIGTERM" : "SIGKILL";
      const before = readers.seen.answers + load.created();
      stops.push(Date.now());
      await redis.stop(signal);
      probes.push(await probe(server.url, connections));
      await sleep(Math.max(0, DOWN_MS - (Date.now() - stops.at(-1))));
      servedWhileDown.push(readers.seen.answers + load.created() - before);
      await redis.start();
      starts.push(Date.now());
      // The next outage starts once this one is over: counting shared again (or its bound passed).
      shared.push(await sharedAgain(server, redis, connections, starts.at(-1)));
      log(
        `${new Date().toISOString()} outage ${i + 1} (${signal}): ${servedWhileDown.at(-1)} answers while down; probe ${probes.at(-1).counted} counted in ${probes.at(-1).ms} ms (connections opened in ${warmMs.at(-1)} ms); shared again ${shared.at(-1).ms} ms after the start`,
      );
    }
    connections.close();
    await createsAnswered(load, 10);
    await readers.stop();
    const answers = await load.stop();
    const output = server.output();
    const alive = server.child.exitCode === null && server.child.signalCode === null;
    server.child.kill("SIGTERM");
    await server.exited;
    const result = await checkBooks(env, books, answers);
    const lostAt = logTimes(output, "rate limiter: Redis unreachable");
    // Each stop's first "unreachable" after it.
    const fallbackMs = stops.map((t) => (lostAt.find((l) => l >= t - 5) ?? Number.NaN) - t);
    const returnMs = shared.map((x) => x.ms ?? Number.NaN);
    const problems = [...result.problems, ...readers.seen.problems];
    for (const [i, b] of probes.entries()) {
      if (b.other.length > 0) problems.push(`outage ${i + 1}: the probe got ${b.other.join(", ")}`);
      problems.push(...b.problems.slice(0, 5).map((p) => `outage ${i + 1} probe: ${p}`));
    }
    if (!alive) problems.push(`the server died:\n${output.slice(-2000)}`);
    if (fallbackMs.some(Number.isNaN)) problems.push("a loss of Redis was not logged");
    for (const [i, x] of shared.entries()) if (x.problem) problems.push(`outage ${i + 1}: ${x.problem}`);
    if (readers.seen.statuses[500]) problems.push(`${readers.seen.statuses[500]} reads answered 500`);
    const bad = badAnswers(answers);
    // Where the bad answers fall against the outages: sent while Redis was away, or not.
    for (const a of bad.slice(0, 10)) {
      const i = stops.findLastIndex((t) => t <= a.at);
      const where =
        i < 0
          ? "before the first stop"
          : `${a.at - stops[i]} ms after stop ${i + 1} (down ${starts[i] - stops[i]} ms)`;
      problems.push(`${a.op} ${a.status} after ${a.ms} ms, sent ${where}`);
    }
    const counted = probes.reduce((n, b) => n + b.counted + b.refused, 0);
    return {
      runs: outages,
      ...result,
      checked: result.checked + readers.seen.answers + probes.length * PROBE,
      statuses: tally(answers),
      reads: readers.seen.statuses,
      slowestReadMs: readers.seen.slowestMs,
      servedWhileDown,
      probed: counted,
      probeMs: probes.map((b) => b.ms),
      warmMs,
      fallbackMs,
      returnMs,
      bad: bad.length,
      alive,
      note: `${readers.seen.answers} reads with honest headers (slowest ${readers.seen.slowestMs} ms), ≥ ${Math.min(...servedWhileDown)} answers in each ${DOWN_MS / 1000} s outage; ${counted} probes while away each counted once; per node ≤ ${Math.max(...fallbackMs)} ms after the stop, shared again ≤ ${Math.max(...returnMs)} ms after the start`,
      problems,
      ok: alive && bad.length === 0 && problems.length === 0,
    };
  } finally {
    server?.child.kill("SIGKILL");
    await redis.remove();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
