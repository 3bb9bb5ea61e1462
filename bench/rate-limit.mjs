// Issue #8: what the rate limiter costs. Three API processes over one PostgreSQL database, the limiter
// off, in memory and in Redis, take turns serving GET /v1/products?limit=20, so that the machine's
// drift between runs falls on all three alike.
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { createDatabase, load, stopApi } from "./support.mjs";

const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
const ACCOUNTS = 8;
const PRODUCTS = 20;
const ROUNDS = 3;
const duration = Number(process.env.BENCH_SECONDS ?? 5);
const apiRoot = fileURLToPath(new URL("../apps/api", import.meta.url));

/** `pnpm bahi … --json`, minus pnpm. */
function bahi(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args, "--json"], {
      cwd: apiRoot,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.on("close", (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`bahi ${args[0]}: ${code}`)),
    );
  });
}

/** The API without a demo account, which prints nothing at LOG_LEVEL=warn: ready once /readyz says so. */
async function startNode(env) {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: apiRoot,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: "warn", BAHI_DEMO: "false", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; tries < 300; tries++) {
    if (child.exitCode !== null) throw new Error(`API exited with ${child.exitCode}`);
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("API not ready after 30 s");
}

/**
 * Enterprise accounts taken in turn: a limit of 10,000 requests a minute per account and mode would
 * otherwise refuse part of the load, and a 429 costs less than a page of products.
 */
async function enterpriseKeys(env) {
  const keys = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const account = await bahi(
      [
        "accounts",
        "create",
        "--legal-name",
        `Bench ${i}`,
        "--gstin",
        "29AABCU9603R1ZJ",
        "--address",
        "1 MG Road",
      ].concat(["--city", "Bengaluru", "--pin", "560001", "--plan", "enterprise"]),
      env,
    );
    const key = await bahi(
      ["keys", "create", "--account", account.id, "--mode", "test", "--scopes", "*"],
      env,
    );
    keys.push({ accountId: account.id, secret: key.secret });
  }
  return keys;
}

const database = await createDatabase();
const env = { DATABASE_URL: database.url, BAHI_WORKER: "off" };
const modes = [
  ["off", { BAHI_RATE_LIMIT: "off" }],
  ["memory", { BAHI_RATE_LIMIT: "memory" }],
  ["redis", { BAHI_RATE_LIMIT: "redis", REDIS_URL }],
];
const apis = [];
const sql = postgres(database.url, { max: 1, onnotice: () => {} });
try {
  for (const [, modeEnv] of modes) apis.push(await startNode({ ...env, ...modeEnv }));
  const keys = await enterpriseKeys(env);
  for (const { accountId } of keys) {
    await sql`
      insert into products (account_id, livemode, id, sku, name, price, gst_rate, hsn_code, unit, track_stock, stock_on_hand)
      select ${accountId}, false, 'prd_' || lpad(n::text, 26, '0'), 'SKU-' || n, 'Product ' || n,
             n + 0.5, 18, '96081019', 'NOS', true, n
      from generate_series(1, ${PRODUCTS}) as n`;
  }
  let turn = 0;
  const requests = [
    {
      setupRequest: (request) => ({
        ...request,
        headers: { ...request.headers, authorization: `Bearer ${keys[turn++ % keys.length].secret}` },
      }),
    },
  ];
  const run = (api, seconds) =>
    load({ url: `${api.url}/v1/products?limit=${PRODUCTS}`, requests, duration: seconds });
  for (const api of apis) await run(api, 2);
  const results = modes.map(([label]) => ({ label, runs: [] }));
  // Each round starts with the next mode: the first run after a pause measured low for whichever went first.
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < apis.length; k++) {
      const i = (round + k) % apis.length;
      results[i].runs.push(await run(apis[i], duration));
    }
  }
  const mean = (runs, field) => runs.reduce((sum, r) => sum + r[field], 0) / runs.length;
  const off = mean(results[0].runs, "rps");
  console.log(
    `GET /v1/products?limit=${PRODUCTS}, 10 connections, ${ROUNDS} rounds of ${duration} s each, in turn`,
  );
  for (const { label, runs } of results) {
    const rps = mean(runs, "rps");
    console.log(
      `  limiter ${label.padEnd(7)} ${String(Math.round(rps)).padStart(6)} req/s (${runs.map((r) => r.rps).join(", ")})` +
        `  p50 ${mean(runs, "p50").toFixed(1)} ms  p99 ${mean(runs, "p99").toFixed(1)} ms  ${(rps / off).toFixed(3)}× off`,
    );
  }
} finally {
  await sql.end();
  for (const api of apis) await stopApi(api);
  await database.drop();
}
