// Shared by the benchmarks: a throwaway PostgreSQL database, the API as a child process, autocannon.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve as resolvePath } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import postgres from "postgres";

const apiRoot = fileURLToPath(new URL("../apps/api", import.meta.url));
export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export async function createDatabase() {
  const name = `bahi_bench_${randomBytes(4).toString("hex")}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/**
 * Builds and starts what `pnpm start` runs (the bundled server) with a demo account; resolves with
 * its URL and test key. `serverDir` (under apps/api) runs another build instead, e.g. a copy of
 * dist/server made before a change, to measure against it in the same run; `nodeArgs` are Node's
 * flags for this server alone (V8's, which NODE_OPTIONS refuses).
 */
export function startApi(env, { serverDir = "dist/server", nodeArgs: extraArgs = [] } = {}) {
  const built = spawnSync(process.execPath, ["scripts/build.mjs"], { cwd: apiRoot, stdio: "inherit" });
  if (built.status !== 0) throw new Error("the API's build failed");
  return new Promise((resolve, reject) => {
    // BENCH_NODE_ARGS passes flags such as --cpu-prof to the server, to see where its time goes.
    const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
    const child = spawn(process.execPath, [...nodeArgs, ...extraArgs, `${serverDir}/main.js`], {
      cwd: apiRoot,
      env: { ...process.env, PORT: "0", LOG_LEVEL: "warn", BAHI_DEMO: "true", ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk) => {
      if (out.includes("running at")) {
        process.stderr.write(chunk);
        return;
      }
      out += chunk;
      const key = /export BAHI_API_KEY=(sk_test_\w+)/.exec(out)?.[1];
      const url = /running at (http:\/\/\S+)/.exec(out)?.[1];
      if (key && url) resolve({ url, key, accountId: /Demo account (acc_\w+)/.exec(out)?.[1], child });
    });
    child.on("exit", (code) => reject(new Error(`API exited with ${code}:\n${out}`)));
  });
}

const here = fileURLToPath(new URL(".", import.meta.url));

/**
 * One RS256 signature's time on this machine, in µs (RSA-2048, one thread, before any load). A B2B
 * create signs twice (its QR code and the invoice), and this cost differs more between the machines
 * the benchmark has run on (0.2 ms with AVX-512 IFMA, 0.7–1.3 ms without) than anything else a
 * create does, so the creates' ratio is read beside it.
 */
export function signatureMicros() {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const text = Buffer.alloc(2_000, "x");
  for (let i = 0; i < 20; i++) sign("sha256", text, privateKey);
  const count = 200;
  const start = process.hrtime.bigint();
  for (let i = 0; i < count; i++) sign("sha256", text, privateKey);
  return Number(process.hrtime.bigint() - start) / count / 1_000;
}

/**
 * How long the benchmarks load each kind of create, unmeasured, before they measure
 * (BENCH_WARMUP_SECONDS, default 12). A new server's creates at 8 clients ran 300 a second for their
 * first 6 s, 451 for the next 6 and 556–575 after that (27 Nov 2026), while V8 compiled the server's
 * hot code and each of the pool's connections planned the named statements; 3 s left the first
 * client count measuring that.
 */
export const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 12);

/**
 * pgbench running the plain reference transaction (invoice-reference.sql) from `clients` clients for
 * `duration` seconds on the benchmark's account (`vars`: seedInvoiceSale's `referenceVars`); its tps,
 * mean latency, and the median and p99 of its transactions' latencies in ms (from pgbench's log of
 * each transaction), so that the API's p99 can be read against what the plain SQL reaches; and
 * PostgreSQL's CPU time per transaction, to read against the API's per create.
 */
export function pgbenchReference(url, clients, duration, vars) {
  const logs = mkdtempSync(join(tmpdir(), "bahi-pgbench-"));
  const args = ["-n", "-M", "prepared", "-c", String(clients), "-j", "2", "-T", String(duration)];
  args.push("-l", "--log-prefix", join(logs, "tx"), "-f", `${here}invoice-reference.sql`);
  for (const [name, value] of Object.entries(vars)) args.push("-D", `${name}=${value}`);
  let out;
  let latencies;
  let postgresSeconds;
  try {
    const before = postgresCpuSeconds();
    out = execFileSync("pgbench", [...args, url], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    postgresSeconds = postgresCpuSeconds() - before;
    latencies = transactionLatencies(logs);
  } finally {
    rmSync(logs, { recursive: true, force: true });
  }
  // The reference adds some 10,000 invoices to the tables the API writes, in seconds. The API's
  // statements and PostgreSQL's foreign-key checks keep plans made while those tables were small
  // until autovacuum analyzes them, up to a minute later; without this, the API's run after the
  // reference would measure those stale plans.
  if (!process.env.BENCH_NO_ANALYZE) execFileSync("psql", [url, "-qc", "analyze"], { stdio: "ignore" });
  const tps = /tps = ([\d.]+)/.exec(out)?.[1];
  const latency = /latency average = ([\d.]+) ms/.exec(out)?.[1];
  const transactions = Number(/number of transactions actually processed: (\d+)/.exec(out)?.[1]);
  return {
    tps: Math.round(Number(tps)),
    latency: Number(latency),
    postgresMs: (postgresSeconds * 1000) / transactions,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
  };
}

/** Each logged transaction's latency in ms, sorted: the third field of pgbench's log, in µs. */
function transactionLatencies(dir) {
  const latencies = [];
  for (const file of readdirSync(dir))
    for (const line of readFileSync(join(dir, file), "utf8").split("\n"))
      if (line) latencies.push(Number(line.split(" ")[2]) / 1000);
  return latencies.sort((a, b) => a - b);
}

/** The value below which `share` of the sorted values fall (nearest rank), rounded to the ms. */
function percentile(sorted, share) {
  return Math.round(sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)]);
}

/**
 * The invoice benchmarks' account: a registered customer in another state (so each invoice is B2B,
 * with an IRN and two signatures) and three products; `invoiceBody` sells one of each, and `create`
 * is the request that posts it, for `load`.
 */
export async function seedInvoiceSale(api) {
  const headers = { authorization: `Bearer ${api.key}`, "content-type": "application/json" };
  const post = async (path, body) => {
    const res = await fetch(`${api.url}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const party = await post("/v1/parties", {
    type: "customer",
    name: "Sharma Electronics",
    gstin: "27AAPFU0939F1ZV",
    address: { line1: "Shop 14", city: "Mumbai", state_code: "27", pin: "400007" },
  });
  const productIds = [];
  for (const sku of ["B-1", "B-2", "B-3"]) {
    const product = await post("/v1/products", {
      sku,
      name: `Bench item ${sku}`,
      price: 99.99,
      gst_rate: 18,
      hsn_code: "96081019",
      unit: "NOS",
      opening_stock: 9_000_000,
    });
    productIds.push(product.id);
  }
  const invoiceBody = JSON.stringify({
    party_id: party.id,
    items: [
      { sku: "B-1", qty: 1, rate: 99.99 },
      { sku: "B-2", qty: 2, rate: 49.5 },
      { sku: "B-3", qty: 1.5, rate: 10 },
    ],
  });
  // What invoice-reference.sql is given (pgbench -D), so that the reference sells the same products.
  const referenceVars = {
    account: api.accountId,
    party: party.id,
    p1: productIds[0],
    p2: productIds[1],
    p3: productIds[2],
  };
  const create = { url: `${api.url}/v1/invoices`, method: "POST", headers, body: invoiceBody };
  return { headers, post, party, invoiceBody, create, referenceVars };
}

/**
 * Another node of an account that startApi made: the bundled server without the demo, on `env`'s
 * database; `root` is another checkout whose server to run instead (its `apps/api/dist` built), and
 * `nodeArgs` go to Node before the bundle.
 */
export function startNode(env, { root, nodeArgs = [] } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, "dist/server/main.js"], {
      cwd: root ? resolvePath(root, "apps/api") : apiRoot,
      env: { ...process.env, PORT: "0", LOG_LEVEL: "info", BAHI_DEMO: "false", ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    const onData = (chunk) => {
      out += chunk;
      const url = /"url":"(http:\/\/[^"]+)"/.exec(out)?.[1];
      if (url) {
        child.stdout.off("data", onData);
        child.stdout.resume();
        resolve({ url, child });
      }
    };
    child.stdout.on("data", onData);
    child.on("exit", (code) => reject(new Error(`a node exited with ${code}:\n${out}`)));
  });
}

export async function stopApi(api) {
  const exited = new Promise((resolve) => api.child.on("exit", resolve));
  api.child.kill("SIGTERM");
  await exited;
}

/**
 * autocannon's `requests` that send each request under an Idempotency-Key of its own (`prefix-N`), as an
 * integrator retrying safely would.
 */
export function eachUnderItsOwnKey(prefix) {
  let keys = 0;
  return [
    {
      setupRequest: (request) => ({
        ...request,
        headers: { ...request.headers, "idempotency-key": `${prefix}-${keys++}` },
      }),
    },
  ];
}

/**
 * A bounded autocannon run against loopback, for `duration` seconds or `amount` requests; returns
 * requests/s and latency percentiles in ms. `requests` (autocannon's) varies each request, e.g. its key;
 * `onResponse(ms)` hears of each answer as it comes.
 */
export async function load({
  url,
  headers,
  connections = 10,
  duration = 5,
  amount,
  method = "GET",
  body,
  requests,
  onResponse,
}) {
  const setupClient =
    onResponse && ((client) => client.on("response", (_status, _bytes, ms) => onResponse(ms)));
  const result = await autocannon({
    url,
    headers,
    connections,
    duration,
    amount,
    method,
    body,
    requests,
    setupClient,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    const statuses = JSON.stringify(result.statusCodeStats);
    throw new Error(`${result.non2xx} non-2xx answers (${statuses}) and ${result.errors} errors from ${url}`);
  }
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
  };
}

/**
 * `load(options)` that also keeps each answer as [ms since the start, its latency in ms], and awaits
 * `sample(started)` every `everyMs` while it runs (`started`: the start, from Date.now()): for the
 * benchmarks that look at what happened when.
 */
export async function loadWatched(options, sample, everyMs) {
  const started = Date.now();
  const answered = [];
  let running = true;
  const sampler = (async () => {
    while (running) {
      await sample(started);
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  try {
    const figures = await load({ ...options, onResponse: (ms) => answered.push([Date.now() - started, ms]) });
    return { ...figures, answered };
  } finally {
    running = false;
    await sampler;
  }
}

/** The fields of `/proc/<pid>/stat` after the command's name (the first is the state), or null. */
function statFields(statPath) {
  try {
    return readFileSync(statPath, "utf8").split(") ")[1].split(" ");
  } catch {
    return null; // a process that exited between the listing and the read
  }
}

/**
 * CPU seconds, user and system, from statFields: at 11 a process's own (`utime`, `stime`), at 13 those
 * of its children that it waited for (`cutime`, `cstime`).
 */
function cpuOf(fields, at = 11) {
  return (Number(fields[at]) + Number(fields[at + 1])) / 100;
}

/** CPU seconds (user and system) used by a process (`/proc/<pid>/stat`) or one of its threads. */
function cpuSeconds(statPath) {
  const fields = statFields(statPath);
  return fields ? cpuOf(fields) : 0;
}

/** The pids of PostgreSQL's processes (the postmaster, its backends and workers). */
function postgresPids() {
  return execFileSync("pgrep", ["-u", "postgres", "postgres"], { encoding: "utf8" })
    .split("\n")
    .filter(Boolean);
}

/** Whether a PostgreSQL backend serves `database`: its title names it (`postgres: 15/main: user database …`). */
function serves(pid, database) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(` ${database} `);
  } catch {
    return false;
  }
}

/**
 * CPU seconds so far of all of PostgreSQL: its live processes' own, and through the postmaster (the
 * one whose parent is not PostgreSQL) the CPU of the backends and workers that have exited, which it
 * waited for. Without the latter, a backend or autovacuum worker that exited during a run took its
 * CPU out of the sum (a GET once measured -0.007 ms), and pgbench's backends, gone when it ends,
 * could not be measured at all.
 */
function postgresCpuSeconds() {
  const pids = postgresPids();
  let seconds = 0;
  for (const pid of pids) {
    const fields = statFields(`/proc/${pid}/stat`);
    if (!fields) continue;
    seconds += cpuOf(fields);
    if (!pids.includes(fields[1])) seconds += cpuOf(fields, 13);
  }
  return seconds;
}

/**
 * CPU seconds so far of the server (all threads), of its main thread (JavaScript; the rest is
 * the IRP sandbox's signing threads, libuv's pool and V8's collector) and of PostgreSQL (see
 * postgresCpuSeconds), or with `database` of the live backends connected to it alone.
 */
function cpuNow(pid, database) {
  const postgres =
    database === undefined
      ? postgresCpuSeconds()
      : postgresPids()
          .filter((p) => serves(p, database))
          .reduce((sum, p) => sum + cpuSeconds(`/proc/${p}/stat`), 0);
  return {
    server: cpuSeconds(`/proc/${pid}/stat`),
    main: cpuSeconds(`/proc/${pid}/task/${pid}/stat`),
    postgres,
  };
}

/**
 * A load run (see load) with the CPU time per request of the server and of PostgreSQL: what bounds the
 * API. With `database`, PostgreSQL's share is that of the backends serving it alone (see cpuNow).
 */
export async function loadMeasured(pid, options, database) {
  const before = cpuNow(pid, database);
  const started = Date.now();
  const result = await load(options);
  const requests = (result.rps * (Date.now() - started)) / 1000;
  const after = cpuNow(pid, database);
  const perRequest = (name) => ((after[name] - before[name]) * 1000) / requests;
  return {
    ...result,
    cpuMs: perRequest("server"),
    mainMs: perRequest("main"),
    postgresMs: perRequest("postgres"),
  };
}
