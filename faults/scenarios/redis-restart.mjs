// Fault 4: the Redis that holds the rate-limit counters stopped (SIGTERM) or killed (SIGKILL) under
// load, then started again. Expected: requests keep being served, counted per node meanwhile; every
// answer carries the rate-limit headers with honest values; requests sent while Redis is away are
// counted once each, per node; no 500, no crash; the books check.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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
 * PROBE requests at once without a key, while Redis is away: counted per client address at the free
 * plan's limits (no other client of the fault is counted there), and answered 401 without a database
 * read. Every one must be counted once: the per-minute Remaining values are distinct and
 * consecutive; one that hangs past 15 s is a problem. (A burst past the per-second limit would be the better test, but on 2 busy cores
 * 260 requests take seconds to arrive.)
 */
async function probe(url) {
  const sentAt = Date.now();
  const answers = await Promise.all(
    Array.from({ length: PROBE }, () =>
      fetch(`${url}/v1/account`, { signal: AbortSignal.timeout(15_000) }).then(
        async (a) => {
          await a.arrayBuffer();
          return a;
        },
        (error) => ({
          status: error?.name === "TimeoutError" ? "hung" : "no answer",
          headers: new Headers(),
        }),
      ),
    ),
  );
  const problems = answers.map((a) => dishonest(a, FREE, sentAt)).filter(Boolean);
  // One window: its Reset, rounded up to the second, may differ by one between answers.
  const remaining = answers
    .filter((x) => x.status === 401)
    .map((x) => Number(x.headers.get("x-ratelimit-remaining")))
    .sort((x, y) => x - y);
  if (remaining.some((r, i) => i > 0 && r !== remaining[i - 1] + 1))
    problems.push(`the probe's requests were not counted once each: ${remaining.join(",")}`);
  return {
    counted: answers.filter((a) => a.status === 401).length,
    refused: answers.filter((a) => a.status === 429).length,
    other: answers.filter((a) => a.status !== 401 && a.status !== 429).map((a) => a.status),
    problems,
  };
}

/** The times of the server's log lines that say Redis went away and came back. */
function logTimes(output, message) {
  return output
    .split("\n")
    .filter((l) => l.includes(`"msg":"${message}`))
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
    const stops = [];
    const starts = [];
    const probes = [];
    const servedWhileDown = [];
    for (let i = 0; i < outages; i++) {
      await createsAnswered(load, 10);
      const signal = i % 2 === 0 ? "SIGTERM" : "SIGKILL";
      const before = readers.seen.answers + load.created();
      stops.push(Date.now());
      await redis.stop(signal);
      probes.push(await probe(server.url));
      await sleep(Math.max(0, DOWN_MS - (Date.now() - stops.at(-1))));
      servedWhileDown.push(readers.seen.answers + load.created() - before);
      await redis.start();
      starts.push(Date.now());
      log(
        `${new Date().toISOString()} outage ${i + 1} (${signal}): ${servedWhileDown.at(-1)} answers while down; probe ${probes.at(-1).counted} counted`,
      );
    }
    await createsAnswered(load, 10);
    await readers.stop();
    const answers = await load.stop();
    const output = server.output();
    const alive = server.child.exitCode === null && server.child.signalCode === null;
    server.child.kill("SIGTERM");
    await server.exited;
    const result = await checkBooks(env, books, answers);
    const lostAt = logTimes(output, "rate limiter: Redis unreachable");
    const backAt = logTimes(output, "rate limiter: Redis reachable");
    // Each stop's first "unreachable" after it, each start's first "reachable" after it.
    const fallbackMs = stops.map((t) => (lostAt.find((l) => l >= t - 5) ?? Number.NaN) - t);
    const returnMs = starts.map((t) => (backAt.find((l) => l >= t - 5) ?? Number.NaN) - t);
    const problems = [...result.problems, ...readers.seen.problems];
    for (const [i, b] of probes.entries()) {
      if (b.other.length > 0) problems.push(`outage ${i + 1}: the probe got ${b.other.join(", ")}`);
      problems.push(...b.problems.slice(0, 5).map((p) => `outage ${i + 1} probe: ${p}`));
    }
    if (!alive) problems.push(`the server died:\n${output.slice(-2000)}`);
    if (fallbackMs.some(Number.isNaN)) problems.push("a loss of Redis was not logged");
    if (returnMs.some(Number.isNaN)) problems.push("a return of Redis was not logged");
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
