// Invoice creates and reads at fixed rates (open loop: each request is sent when it is due, whatever
// the earlier ones do, and its latency counts from that moment, so a stall is not hidden by the
// requests it kept from being sent), on PostgreSQL with rate limiting off:
//   - the embedded signer (the sandbox): create p99 at 100/s and 200/s, GET by id p99 at 500/s;
//   - the simulated IRP (`pnpm bahi irp-sim`, its own process) at a 300 ms median latency: create p99
//     at 100/s against the IRP's own p99;
//   - creates per second at saturation (256 connections, closed loop) with each, as a ratio.
// BENCH_PHASE_SECONDS (10) per phase, BENCH_WARMUP_SECONDS (8) of unmeasured creates first.
import { spawn } from "node:child_process";
import { Agent, request } from "node:http";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { createDatabase, seedInvoiceSale, startApi, stopApi } from "./support.mjs";

const PHASE_SECONDS = Number(process.env.BENCH_PHASE_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 8);
const IRP_MEDIAN_MS = 300;
const IRP_P99_MS = 900;
const SATURATION_CONNECTIONS = 256;

const agent = new Agent({ keepAlive: true, maxSockets: 512 });

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
async function openLoop(rate, seconds, next, name = null) {
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const latencies = [];
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
    statuses: Object.fromEntries(statuses),
    p50: round(percentile(latencies, 0.5)),
    p99: round(percentile(latencies, 0.99)),
    max: round(latencies.at(-1)),
  };
  if (name) console.log(`  ${name}: ${JSON.stringify(result)}`);
  return result;
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
  return { rps: Math.round(answered / seconds), failed, statuses: Object.fromEntries(statuses) };
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

console.log(
  `load average (1, 5, 15 min) at the start: ${loadavg()
    .map((l) => l.toFixed(1))
    .join(", ")}`,
);
const database = await createDatabase();
const api = await startApi({
  DATABASE_URL: database.url,
  BAHI_RATE_LIMIT: "off",
  BAHI_WEBHOOK_ALLOWED_HOSTS: "127.0.0.1",
});
const sim = await startSimulator();
try {
  const sale = await seedInvoiceSale(api);
  const create = () => ({ url: sale.create.url, init: sale.create });
  const ids = [];
  console.log(`warm-up: ${WARMUP_SECONDS} s of creates at 100/s`);
  await openLoop(100, WARMUP_SECONDS, create);
  const embedded100 = await openLoop(100, PHASE_SECONDS, create, "embedded 100/s");
  const embedded200 = await openLoop(200, PHASE_SECONDS, create, "embedded 200/s");
  const listed = await fetch(`${api.url}/v1/invoices?limit=100`, { headers: sale.headers }).then((r) =>
    r.json(),
  );
  for (const invoice of listed.data) ids.push(invoice.id);
  const reads = await openLoop(
    500,
    PHASE_SECONDS,
    (i) => ({
      url: `${api.url}/v1/invoices/${ids[i % ids.length]}`,
      init: { method: "GET", headers: sale.headers },
    }),
    "GET 500/s",
  );
  const embeddedMax = await closedLoop(SATURATION_CONNECTIONS, PHASE_SECONDS, create);
  console.log(`  embedded saturation: ${JSON.stringify(embeddedMax)}`);

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
  // The first creates authenticate; the rest share the session.
  await openLoop(50, 3, create);
  const live100 = await openLoop(100, PHASE_SECONDS, create, "simulated IRP 100/s");
  const liveMax = await closedLoop(SATURATION_CONNECTIONS, PHASE_SECONDS, create);
  console.log(`  simulated IRP saturation: ${JSON.stringify(liveMax)}`);
  const pending = await fetch(`${api.url}/v1/invoices?limit=100`, { headers: sale.headers })
    .then((r) => r.json())
    .then((page) => page.data.filter((i) => i.einvoice_status !== "registered").length);

  const rows = [
    ["embedded signer: create at 100/s", embedded100],
    ["embedded signer: create at 200/s", embedded200],
    ["GET /v1/invoices/{id} at 500/s", reads],
    [`simulated IRP (median ${IRP_MEDIAN_MS} ms, p99 ${IRP_P99_MS} ms): create at 100/s`, live100],
  ];
  console.log("\nopen loop (latency from each request's due time, ms)");
  for (const [name, r] of rows) {
    console.log(`  ${name}: p50 ${r.p50}, p99 ${r.p99}, max ${r.max}  ${JSON.stringify(r.statuses)}`);
  }
  console.log(`\nsaturation (${SATURATION_CONNECTIONS} connections, closed loop)`);
  console.log(`  embedded signer: ${embeddedMax.rps} creates/s (${embeddedMax.failed} failed)`);
  console.log(`  simulated IRP:   ${liveMax.rps} creates/s (${liveMax.failed} failed)`);
  console.log(`  ratio: ${(liveMax.rps / embeddedMax.rps).toFixed(2)}×`);
  console.log(`  of the last 100 invoices, ${pending} not yet registered when read`);
  console.log(
    `load average (1, 5, 15 min) at the end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(", ")}`,
  );
} finally {
  sim.child.kill("SIGTERM");
  await stopApi(api);
  await database.drop();
  agent.destroy();
}
