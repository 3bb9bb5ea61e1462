// Invoice creates and reads at fixed rates (open loop: each request is sent when it is due, whatever
// the earlier ones do, and its latency counts from that moment, so a stall is not hidden by the
// requests it kept from being sent), on PostgreSQL with rate limiting off:
//   - the embedded signer (the sandbox): create p99 at 100/s and 200/s, GET by id p99 at 500/s;
//   - the simulated IRP (`pnpm bahi irp-sim`, its own process) at a 300 ms median latency: create p99
//     at 100/s against the IRP's own p99;
//   - creates per second at saturation (256 connections, closed loop) with each, as a ratio;
//   - the CPU time each process spent per create in each phase (Bahi's, and the simulator's, which
//     shares these cores while a real IRP is remote), read from /proc/<pid>/stat, so that what Bahi
//     alone would reach (creates per CPU-second of its process) is known on a loaded machine too.
// BENCH_PHASE_SECONDS (10) per phase, BENCH_WARMUP_SECONDS (8) of unmeasured creates first.
// BENCH_PHASES=irp skips the embedded signer's phases (to profile the IRP path alone:
// BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"); BENCH_PHASES=ab runs only the A/B rounds.
// BENCH_IRP_AB=<piece of speed/>: then rounds through the IRP alternate between this server and a
// second one with BAHI_SPEED_OFF=<piece> (BENCH_AB_ROUNDS, 3 each): creates at BENCH_AB_RATE (20/s,
// below saturation even on a loaded machine) until their registrations are all done, and the
// process's CPU over the round per create (at saturation, creates that outwait the wait finish
// registering in the next phase, so CPU per answer there is only as good as the machine is idle).
// BENCH_PHASES=get runs only GET /v1/invoices/{id} at BENCH_GET_RATE (500/s), in BENCH_AB_ROUNDS
// rounds; with BENCH_GET_AB_SERVER=<a built server's folder under apps/api> (a copy of dist/server
// made before a change) or BENCH_GET_AB_OFF=<piece of speed/>, rounds alternate between that server
// (A) and this build (B), each on a database of its own. BENCH_LOOP_WATCH=1 loads loop-watch.mjs
// into each server: its event loop's delay and the collector's pauses, round by round.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createDatabase, seedInvoiceSale, startApi, stopApi } from "./support.mjs";

const PHASE_SECONDS = Number(process.env.BENCH_PHASE_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 8);
const IRP_MEDIAN_MS = 300;
const IRP_P99_MS = 900;
const SATURATION_CONNECTIONS = 256;

const PHASES = process.env.BENCH_PHASES ?? "all";
const AB_PIECE = process.env.BENCH_IRP_AB ?? "";
const AB_ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 3);
const AB_RATE = Number(process.env.BENCH_AB_RATE ?? 20);
const GET_RATE = Number(process.env.BENCH_GET_RATE ?? 500);
const LOOP_WATCH = process.env.BENCH_LOOP_WATCH === "1";

const agent = new Agent({ keepAlive: true, maxSockets: 512 });

/** Clock ticks a second of /proc's CPU times (USER_HZ: 100 on Linux for every architecture we run). */
const USER_HZ = 100;

/** CPU time (user + system, all threads) a process has used so far, in ms, from /proc/<pid>/stat. */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / USER_HZ;
}

/** Runs `work`, and adds to its result each process's CPU ms per answered request (`answered(result)`). */
async function withCpu(pids, work, answered) {
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMs(pid)]));
  const result = await work();
  const count = answered(result);
  const cpu = {};
  for (const [name, pid] of Object.entries(pids)) {
    cpu[name] = Math.round(((cpuMs(pid) - before[name]) / count) * 100) / 100;
  }
  return { ...result, cpuMsPerRequest: cpu };
}

const loads = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(", ");

function send(url, { method, headers, body }) {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const percentile = (sorted, share) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];

/**
 * Sends `rate` requests a second for `seconds` at evenly spaced due times; each latency is from its
 * due time to its answer. `next()` gives each request's url and init.
 */
async function openLoop(rate, seconds, next, name = null, { keep = false } = {}) {
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const latencies = [];
  // With `keep`, each answer's [due time in ms since the epoch, latency], to set beside the server's stalls.
  const answers = [];
  const statuses = new Map();
  const started = performance.now();
  const inFlight = [];
  let sent = 0;
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && started + sent * interval <= now) {
        const due = started + sent * interval;
        const { url, init } = next(sent);
        sent++;
        inFlight.push(
          send(url, init).then(
            (status) => {
              latencies.push(performance.now() - due);
              if (keep) answers.push([performance.timeOrigin + due, performance.now() - due]);
              statuses.set(status, (statuses.get(status) ?? 0) + 1);
            },
            () => statuses.set("error", (statuses.get("error") ?? 0) + 1),
          ),
        );
      }
      if (sent < total) setTimeout(tick, Math.max(0, started + sent * interval - performance.now()));
      else resolve();
    };
    tick();
  });
  await Promise.all(inFlight);
  latencies.sort((a, b) => a - b);
  const round = (ms) => Math.round(ms * 10) / 10;
  const result = {
    rate,
    sent: total,
    answered: latencies.length,
    statuses: Object.fromEntries(statuses),
    p50: round(percentile(latencies, 0.5)),
    p99: round(percentile(latencies, 0.99)),
    p999: round(percentile(latencies, 0.999)),
    max: round(latencies.at(-1)),
  };
  if (name) console.log(`  ${name}: ${JSON.stringify(result)}`);
  return keep ? { ...result, answers } : result;
}

/** `connections` clients each sending the next request as soon as the last is answered: answers a second. */
async function closedLoop(connections, seconds, next) {
  const until = performance.now() + seconds * 1000;
  let answered = 0;
  let failed = 0;
  const statuses = new Map();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const { url, init } = next();
        try {
          const status = await send(url, init);
          if (status < 300) answered++;
          else failed++;
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        } catch (error) {
          failed++;
          statuses.set(error.code ?? "error", (statuses.get(error.code ?? "error") ?? 0) + 1);
        }
      }
    }),
  );
  return { rps: Math.round(answered / seconds), answered, failed, statuses: Object.fromEntries(statuses) };
}

function startSimulator() {
  const apiRoot = fileURLToPath(new URL("../apps/api", import.meta.url));
  const child = spawn(
    process.execPath,
    [
      "dist/server/cli.js",
      "irp-sim",
      "--port",
      "0",
      "--seed",
      "49",
      "--key-bits",
      "1024",
      "--latency-median-ms",
      String(IRP_MEDIAN_MS),
      "--latency-p99-ms",
      String(IRP_P99_MS),
      "--json",
    ],
    { cwd: apiRoot, stdio: ["ignore", "pipe", "inherit"] },
  );
  return new Promise((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      if (out.includes("\n")) resolve({ ...JSON.parse(out.split("\n")[0]), child });
    });
    child.on("exit", (code) => reject(new Error(`irp-sim exited with ${code}: ${out}`)));
  });
}

/** Points the sale's account at the simulated IRP. */
async function registerThrough(sale, sim) {
  const account = sim.accounts[0];
  await sale.post("/v1/account/einvoice_settings", {
    provider: "nic",
    base_url: sim.url,
    client_id: account.clientId,
    client_secret: account.clientSecret,
    user_name: account.userName,
    password: account.password,
    public_key: sim.publicKeyPem,
    signing_keys: sim.jwks,
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

/** GET_TARGET_MS: issue #49's p99 for GET by id; the answers slower than this are set beside the stalls. */
const GET_TARGET_MS = 5;

/**
 * Of the answers slower than GET_TARGET_MS, how many were in flight during one of the server's
 * collector pauses, during another late turn of its loop, or neither (waiting on PostgreSQL, or on
 * a core that another process held).
 */
function slowAnswers(answers, stalls) {
  const overlaps = (list, [due, ms]) => list.some(([at, long]) => at < due + ms && due < at + long);
  const slow = { total: 0, gc: 0, loop: 0, other: 0 };
  for (const answer of answers) {
    if (answer[1] <= GET_TARGET_MS) continue;
    slow.total++;
    if (overlaps(stalls.gc, answer)) slow.gc++;
    else if (overlaps(stalls.loop, answer)) slow.loop++;
    else slow.other++;
  }
  return slow;
}

/**
 * BENCH_PHASES=get: GETs by id at GET_RATE on this build (B), alternating round by round with
 * another server (A) when one is named, each with a hundred invoices of its own to read.
 * BENCH_GET_AB_ENV (JSON) adds to A's environment, e.g. {"BAHI_WORKER":"off"} or
 * {"BAHI_SPEED_OFF":"point-reads"}, and BENCH_GET_AB_NODE_ARGS gives A's node flags, e.g.
 * "--max-semi-space-size=32" for a young generation twice V8's default.
 */
async function readRounds() {
  const watchDir = mkdtempSync(join(tmpdir(), "bahi-loop-watch-"));
  const sides = [];
  const other = process.env.BENCH_GET_AB_SERVER;
  const off = process.env.BENCH_GET_AB_OFF;
  const otherEnv = JSON.parse(process.env.BENCH_GET_AB_ENV ?? "{}");
  const otherArgs = (process.env.BENCH_GET_AB_NODE_ARGS ?? "").split(" ").filter(Boolean);
  try {
    const starts = [];
    if (other || off || process.env.BENCH_GET_AB_ENV || otherArgs.length > 0) {
      starts.push({
        name: "A",
        label: [
          other ? `apps/api/${other}` : "this build",
          off ? `without ${off}` : "",
          process.env.BENCH_GET_AB_ENV ? `with ${process.env.BENCH_GET_AB_ENV}` : "",
          otherArgs.length > 0 ? `under node ${otherArgs.join(" ")}` : "",
        ]
          .filter(Boolean)
          .join(" "),
        env: { ...otherEnv, ...(off ? { BAHI_SPEED_OFF: off } : {}) },
        serverDir: other ?? "dist/server",
        nodeArgs: otherArgs,
      });
    }
    starts.push({ name: "B", label: "this build", env: {}, serverDir: "dist/server", nodeArgs: [] });
    for (const start of starts) {
      const database = await createDatabase();
      const watchFile = join(watchDir, start.name);
      const nodeOptions = [start.env.NODE_OPTIONS ?? ""];
      const watch = {};
      if (LOOP_WATCH) {
        nodeOptions.push(`--import ${fileURLToPath(new URL("./loop-watch.mjs", import.meta.url))}`);
        watch.BAHI_LOOP_WATCH_FILE = watchFile;
        // BAHI_LOOP_WATCH_PROFILE=<folder>: a CPU profile of each round too.
        if (process.env.BAHI_LOOP_WATCH_PROFILE)
          watch.BAHI_LOOP_WATCH_PROFILE = `${process.env.BAHI_LOOP_WATCH_PROFILE}/${start.name}`;
        watch.BAHI_LOOP_WATCH_ALLOCATIONS = process.env.BAHI_LOOP_WATCH_ALLOCATIONS ?? "";
      }
      const server = await startApi(
        {
          ...env,
          ...start.env,
          ...watch,
          NODE_OPTIONS: nodeOptions.join(" ").trim(),
          DATABASE_URL: database.url,
        },
        { serverDir: start.serverDir, nodeArgs: start.nodeArgs },
      );
      const side = { ...start, database, server, watchFile, rounds: [], signals: 0 };
      sides.push(side);
      const sale = await seedInvoiceSale(server);
      // A hundred invoices to read, one create after the other: a loaded machine falls behind an open loop.
      const ids = [];
      for (let i = 0; i < 100; i++)
        ids.push((await sale.post("/v1/invoices", JSON.parse(sale.invoiceBody))).id);
      side.read = (i) => ({
        url: `${server.url}/v1/invoices/${ids[i % ids.length]}`,
        init: { method: "GET", headers: sale.headers },
      });
      await openLoop(GET_RATE, WARMUP_SECONDS, side.read);
    }
    console.log(sides.map((s) => `${s.name}: ${s.label}`).join("; "));
    console.log(
      `GET /v1/invoices/{id} at ${GET_RATE}/s, ${PHASE_SECONDS} s a round, rounds alternating (ms)`,
    );
    /** Asks the server's loop-watch for its figures since the last time, and waits for them. */
    const signalled = async (side) => {
      if (!LOOP_WATCH) return null;
      side.signals++;
      side.server.child.kill("SIGUSR2");
      const until = performance.now() + 10_000;
      while (performance.now() < until) {
        await new Promise((r) => setTimeout(r, 50));
        let lines = [];
        try {
          lines = readFileSync(side.watchFile, "utf8").split("\n").filter(Boolean);
        } catch {}
        if (lines.length >= side.signals) return JSON.parse(lines[side.signals - 1]);
      }
      throw new Error(`${side.name}'s loop-watch did not answer`);
    };
    for (let round = 1; round <= AB_ROUNDS; round++) {
      for (const side of sides) {
        await signalled(side);
        const generator = process.cpuUsage();
        const r = await withCpu(
          { bahi: side.server.child.pid },
          () => openLoop(GET_RATE, PHASE_SECONDS, side.read, null, { keep: true }),
          (x) => x.answered,
        );
        const used = process.cpuUsage(generator);
        r.generatorMs = Math.round(((used.user + used.system) / 1000 / r.answered) * 100) / 100;
        const watched = await signalled(side);
        side.rounds.push(r);
        let seen = "";
        if (watched) {
          const gcCount = Object.values(watched.gc).reduce((sum, p) => sum + p.count, 0);
          r.gcCount = gcCount;
          seen = `\n    loop delay ${JSON.stringify(watched.loop)}; gc ${JSON.stringify(watched.gc)}, young generation ${watched.youngMb} MB; over ${GET_TARGET_MS} ms: ${JSON.stringify(slowAnswers(r.answers, watched.stalls))}`;
        }
        console.log(
          `  ${side.name} round ${round}: p50 ${r.p50}, p99 ${r.p99}, p99.9 ${r.p999}, max ${r.max} ${JSON.stringify(r.statuses)}; CPU per GET ${r.cpuMsPerRequest.bahi} ms (load generator ${r.generatorMs} ms); load ${loads()}${seen}`,
        );
      }
    }
    for (const side of sides) {
      const of = (pick) => median(side.rounds.map(pick));
      console.log(
        `${side.name} medians: p50 ${of((r) => r.p50)}, p99 ${of((r) => r.p99)}, p99.9 ${of((r) => r.p999)}, max ${of((r) => r.max)}; CPU per GET ${of((r) => r.cpuMsPerRequest.bahi)} ms${LOOP_WATCH ? `; collector pauses ${of((r) => r.gcCount)} a round` : ""}`,
      );
    }
  } finally {
    for (const side of sides) {
      await stopApi(side.server);
      await side.database.drop();
    }
    rmSync(watchDir, { recursive: true, force: true });
  }
}

console.log(`load average (1, 5, 15 min) at the start: ${loads()}`);
const env = { BAHI_RATE_LIMIT: "off", BAHI_WEBHOOK_ALLOWED_HOSTS: "127.0.0.1" };
if (PHASES === "get") {
  await readRounds();
  console.log(`load average (1, 5, 15 min) at the end: ${loads()}`);
  agent.destroy();
  process.exit(0);
}
const database = await createDatabase();
const api = await startApi({ ...env, DATABASE_URL: database.url });
const sim = await startSimulator();
const stops = [];
try {
  const sale = await seedInvoiceSale(api);
  const create = () => ({ url: sale.create.url, init: sale.create });
  const bahi = { bahi: api.child.pid };
  const both = { bahi: api.child.pid, sim: sim.child.pid };
  const ids = [];
  console.log(`warm-up: ${WARMUP_SECONDS} s of creates at 100/s`);
  await openLoop(100, WARMUP_SECONDS, create);
  const rows = [];
  let embeddedMax = null;
  if (PHASES === "all") {
    const byAnswer = (r) => r.answered;
    rows.push([
      "embedded signer: create at 100/s",
      await withCpu(bahi, () => openLoop(100, PHASE_SECONDS, create, "embedded 100/s"), byAnswer),
    ]);
    rows.push([
      "embedded signer: create at 200/s",
      await withCpu(bahi, () => openLoop(200, PHASE_SECONDS, create, "embedded 200/s"), byAnswer),
    ]);
    const listed = await fetch(`${api.url}/v1/invoices?limit=100`, { headers: sale.headers }).then((r) =>
      r.json(),
    );
    for (const invoice of listed.data) ids.push(invoice.id);
    const read = (i) => ({
      url: `${api.url}/v1/invoices/${ids[i % ids.length]}`,
      init: { method: "GET", headers: sale.headers },
    });
    rows.push([
      "GET /v1/invoices/{id} at 500/s",
      await withCpu(bahi, () => openLoop(500, PHASE_SECONDS, read, "GET 500/s"), byAnswer),
    ]);
    embeddedMax = await withCpu(
      bahi,
      () => closedLoop(SATURATION_CONNECTIONS, PHASE_SECONDS, create),
      (r) => r.answered,
    );
    console.log(`  embedded saturation: ${JSON.stringify(embeddedMax)}`);
  }

  await registerThrough(sale, sim);
  // The first creates authenticate; the rest share the session.
  await openLoop(50, 3, create);
  // BENCH_PHASES=ab: only the A/B rounds below.
  if (PHASES !== "ab") {
    rows.push([
      `simulated IRP (median ${IRP_MEDIAN_MS} ms, p99 ${IRP_P99_MS} ms): create at 100/s`,
      await withCpu(
        both,
        () => openLoop(100, PHASE_SECONDS, create, "simulated IRP 100/s"),
        (r) => r.answered,
      ),
    ]);
    const liveMax = await withCpu(
      both,
      () => closedLoop(SATURATION_CONNECTIONS, PHASE_SECONDS, create),
      (r) => r.answered,
    );
    console.log(`  simulated IRP saturation: ${JSON.stringify(liveMax)}`);
    const pending = await fetch(`${api.url}/v1/invoices?limit=100`, { headers: sale.headers })
      .then((r) => r.json())
      .then((page) => page.data.filter((i) => i.einvoice_status !== "registered").length);

    console.log("\nopen loop (latency from each request's due time, ms; CPU ms per answer of each process)");
    for (const [name, r] of rows) {
      console.log(
        `  ${name}: p50 ${r.p50}, p99 ${r.p99}, max ${r.max}  ${JSON.stringify(r.statuses)}  cpu ${JSON.stringify(r.cpuMsPerRequest)}`,
      );
    }
    console.log(`\nsaturation (${SATURATION_CONNECTIONS} connections, closed loop)`);
    const perCpuSecond = (ms) => Math.round(1000 / ms);
    const live = liveMax.cpuMsPerRequest;
    if (embeddedMax) {
      const embedded = embeddedMax.cpuMsPerRequest;
      console.log(
        `  embedded signer: ${embeddedMax.rps} creates/s (${embeddedMax.failed} failed); Bahi ${embedded.bahi} ms CPU per create (${perCpuSecond(embedded.bahi)} creates per CPU-second)`,
      );
    }
    console.log(
      `  simulated IRP:   ${liveMax.rps} creates/s (${liveMax.failed} failed); Bahi ${live.bahi} ms CPU per create (${perCpuSecond(live.bahi)} per CPU-second), simulator ${live.sim} ms`,
    );
    if (embeddedMax) {
      const embedded = embeddedMax.cpuMsPerRequest;
      console.log(`  ratio of creates/s: ${(liveMax.rps / embeddedMax.rps).toFixed(2)}×`);
      console.log(
        `  ratio of Bahi's creates per CPU-second (what Bahi alone would reach, the IRP remote): ${(embedded.bahi / live.bahi).toFixed(2)}×`,
      );
    }
    console.log(`  of the last 100 invoices, ${pending} not yet registered when read`);
  }

  if (AB_PIECE) {
    // A: a second server without the piece, with a simulator of its own (the IRP keys documents by
    // GSTIN and number, and both demo accounts number from 1 with the same GSTIN).
    const otherDatabase = await createDatabase();
    stops.push(() => otherDatabase.drop());
    const other = await startApi({ ...env, DATABASE_URL: otherDatabase.url, BAHI_SPEED_OFF: AB_PIECE });
    stops.push(() => stopApi(other));
    const otherSim = await startSimulator();
    stops.push(() => otherSim.child.kill("SIGTERM"));
    const otherSale = await seedInvoiceSale(other);
    const otherCreate = () => ({ url: otherSale.create.url, init: otherSale.create });
    await registerThrough(otherSale, otherSim);
    await openLoop(AB_RATE, WARMUP_SECONDS, otherCreate);
    const sides = {
      A: {
        pids: { bahi: other.child.pid, sim: otherSim.child.pid },
        api: other,
        sale: otherSale,
        create: otherCreate,
        rounds: [],
      },
      B: { pids: both, api, sale, create, rounds: [] },
    };
    /** Creates at AB_RATE, then waits until the last 100 invoices are registered. */
    const settledRound = async (side) => {
      const sent = await openLoop(AB_RATE, PHASE_SECONDS, side.create);
      const until = performance.now() + 60_000;
      while (performance.now() < until) {
        const page = await fetch(`${side.api.url}/v1/invoices?limit=100`, {
          headers: side.sale.headers,
        }).then((r) => r.json());
        if (page.data.every((i) => i.einvoice_status === "registered")) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      return sent;
    };
    console.log(
      `\nA/B through the simulated IRP: A without ${AB_PIECE}, B with it, rounds alternating, ${AB_RATE} creates/s each`,
    );
    for (let round = 0; round < AB_ROUNDS; round++) {
      for (const [name, side] of Object.entries(sides)) {
        const r = await withCpu(
          side.pids,
          () => settledRound(side),
          (x) => x.answered,
        );
        side.rounds.push(r);
        console.log(
          `  ${name} round ${round + 1}: ${r.answered} creates (p50 ${r.p50} ms), CPU ms per create ${JSON.stringify(r.cpuMsPerRequest)} (load ${loads()})`,
        );
      }
    }
    const bahiMs = (side) => median(side.rounds.map((r) => r.cpuMsPerRequest.bahi));
    console.log(
      `  median Bahi CPU per create: A ${bahiMs(sides.A)} ms, B ${bahiMs(sides.B)} ms: B/A creates per CPU-second ${(bahiMs(sides.A) / bahiMs(sides.B)).toFixed(2)}×`,
    );
  }
  console.log(`load average (1, 5, 15 min) at the end: ${loads()}`);
} finally {
  for (const stop of stops.reverse()) await stop();
  sim.child.kill("SIGTERM");
  await stopApi(api);
  await database.drop();
  agent.destroy();
}
