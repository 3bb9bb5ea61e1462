#!/usr/bin/env node
// Starts a real Bahi (the built server) with fresh accounts and keys, captures one webhook delivery it
// signs, then runs a command with BAHI_CONFORMANCE_* variables naming all of it, and stops the server.
//
// usage: node packages/conformance/with-server.mjs [--prism] -- COMMAND [ARG...]
//   On PostgreSQL when BAHI_CONFORMANCE_DATABASE_URL (or TEST_DATABASE_URL) is set, else on a new
//   PGlite directory. With --prism the runners reach the server through Stoplight Prism's validating
//   proxy (`prism proxy --errors`), which fails any request or answer that breaks the contract.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "../..");
const STARTUP_TIMEOUT_MS = 60_000;
const DELIVERY_TIMEOUT_MS = 30_000;

const separator = process.argv.indexOf("--");
const flags = process.argv.slice(2, separator === -1 ? undefined : separator);
const command = separator === -1 ? [] : process.argv.slice(separator + 1);
if (command.length === 0) {
  console.error("usage: with-server.mjs [--prism] -- COMMAND [ARG...]");
  process.exit(2);
}
const viaPrism = flags.includes("--prism");

const adminDatabaseUrl = process.env.BAHI_CONFORMANCE_DATABASE_URL || process.env.TEST_DATABASE_URL || "";
const scratch = mkdtempSync(join(tmpdir(), "bahi-conformance-"));
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** On PostgreSQL, a database of the run's own beside the one named, so that runs never meet. */
function psql(url, statement) {
  const result = spawnSync("psql", [url, "-qAtc", statement], { encoding: "utf8" });
  if (result.status !== 0) throw new Error(`psql: ${result.stderr}`);
}
const ownDatabase = adminDatabaseUrl ? `bahi_conformance_${run}` : null;
if (ownDatabase) psql(adminDatabaseUrl, `create database ${ownDatabase}`);
const databaseUrl = ownDatabase
  ? Object.assign(new URL(adminDatabaseUrl), { pathname: `/${ownDatabase}` }).href
  : "";
const baseEnv = {
  ...process.env,
  LOG_LEVEL: "warn",
  BAHI_DEMO: "false",
  BAHI_RATE_LIMIT: "memory",
  BAHI_WEBHOOK_ALLOWED_HOSTS: "127.0.0.1",
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { BAHI_DATA_DIR: join(scratch, "data") }),
};
delete baseEnv.REDIS_URL;

function freePort() {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** `pnpm -s bahi …` as JSON; the CLI needs the data directory to itself, so it runs before the server. */
function cli(...args) {
  const result = spawnSync("pnpm", ["-s", "bahi", ...args, "--json"], {
    cwd: root,
    env: baseEnv,
    encoding: "utf8",
  });
  if (result.status !== 0)
    throw new Error(`bahi ${args.join(" ")} failed:\n${result.stderr}${result.stdout}`);
  return JSON.parse(result.stdout);
}

function newAccount(name) {
  return cli(
    "accounts",
    "create",
    "--legal-name",
    name,
    "--gstin",
    "29AABCU9603R1ZJ",
    "--address",
    "12 MG Road",
    "--city",
    "Bengaluru",
    "--pin",
    "560001",
    "--plan",
    "growth",
  );
}

const key = (account, scopes) =>
  cli("keys", "create", "--account", account.id, "--mode", "test", "--scopes", scopes).secret;

/** Until `url` answers `ready` (any answer at all, when `ready` is null: Prism knows no /readyz). */
async function waitForReady(url, child, ready = (answer) => answer.ok) {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      if (ready(await fetch(`${url}/readyz`))) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} was not ready within ${STARTUP_TIMEOUT_MS} ms`);
}

/** One delivery of `party.created`, as the receiver got it: its headers and raw body. */
async function captureDelivery(url, apiKey) {
  let delivered;
  const received = new Promise((resolve) => {
    delivered = resolve;
  });
  const receiver = createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      res.writeHead(204).end();
      delivered({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
    });
  });
  const port = await new Promise((resolve) =>
    receiver.listen(0, "127.0.0.1", () => resolve(receiver.address().port)),
  );
  const call = async (path, body) => {
    const answer = await fetch(`${url}${path}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`POST ${path}: ${answer.status} ${await answer.text()}`);
    return answer.json();
  };
  const webhook = await call("/v1/webhooks", {
    url: `http://127.0.0.1:${port}/hook`,
    events: ["party.created"],
  });
  await call("/v1/parties", {
    type: "customer",
    name: "Webhook Receiver Test",
    address: { line1: "1 Residency Road", city: "Bengaluru", state_code: "29", pin: "560025" },
  });
  const timeout = new Promise((_, reject) =>
    setTimeout(() => reject(new Error("no webhook delivery arrived")), DELIVERY_TIMEOUT_MS).unref(),
  );
  const delivery = await Promise.race([received, timeout]);
  receiver.close();
  const pick = (name) => delivery.headers[name];
  return {
    secret: webhook.secret,
    headers: {
      "webhook-id": pick("webhook-id"),
      "webhook-timestamp": pick("webhook-timestamp"),
      "webhook-signature": pick("webhook-signature"),
    },
    body: delivery.body,
  };
}

function stop(child) {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", resolve);
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 15_000).unref();
  });
}

let server;
let prism;
const prismLog = join(scratch, "prism.log");
let code = 1;
try {
  // CI builds the server once before its conformance runs start at once (BAHI_SERVER_BUILT=1): a
  // build here would rewrite dist/server under the servers of the others.
  if (process.env.BAHI_SERVER_BUILT !== "1") {
    const build = spawnSync(
      "pnpm",
      ["exec", "turbo", "run", "build", "--filter=@bahi/api", "--output-logs=errors-only"],
      { cwd: root, stdio: "inherit" },
    );
    if (build.status !== 0) throw new Error("building the server failed");
  }
  const main = newAccount(`Conformance Traders ${run}`);
  const limited = newAccount(`Conformance Rate Limits ${run}`);
  const keys = {
    api: key(main, "*"),
    restricted: key(main, "parties:read"),
    rateLimited: key(limited, "*"),
  };
  const port = await freePort();
  server = spawn(process.execPath, ["dist/server/main.js"], {
    cwd: join(root, "apps/api"),
    env: { ...baseEnv, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const serverUrl = `http://127.0.0.1:${port}`;
  await waitForReady(serverUrl, server);
  const webhook = await captureDelivery(serverUrl, keys.api);
  let baseUrl = serverUrl;
  if (viaPrism) {
    const prismPort = await freePort();
    prism = spawn(
      "pnpm",
      [
        "exec",
        "prism",
        "proxy",
        "--errors",
        "-h",
        "127.0.0.1",
        "-p",
        String(prismPort),
        join(root, "packages/contract/generated/openapi.json"),
        serverUrl,
      ],
      { cwd: here, stdio: ["ignore", openSync(prismLog, "w"), "inherit"] },
    );
    baseUrl = `http://127.0.0.1:${prismPort}`;
    await waitForReady(baseUrl, prism, () => true);
  }
  const webhookFile = join(scratch, "webhook.json");
  writeFileSync(webhookFile, JSON.stringify(webhook, null, 2));
  const child = spawn(command[0], command.slice(1), {
    stdio: "inherit",
    env: {
      ...process.env,
      BAHI_CONFORMANCE_BASE_URL: baseUrl,
      BAHI_CONFORMANCE_API_KEY: keys.api,
      BAHI_CONFORMANCE_RESTRICTED_KEY: keys.restricted,
      BAHI_CONFORMANCE_RATE_LIMITED_KEY: keys.rateLimited,
      BAHI_CONFORMANCE_RUN: run,
      BAHI_CONFORMANCE_WEBHOOK: webhookFile,
      BAHI_CONFORMANCE_SCENARIO: join(here, "scenario.json"),
      BAHI_CONFORMANCE_VECTORS: join(here, "standard-webhooks-vectors.json"),
      BAHI_CONFORMANCE_VIA_PRISM: viaPrism ? "1" : "0",
      BAHI_CONFORMANCE_DIRECT_URL: serverUrl,
    },
  });
  code = await new Promise((resolve) => child.on("exit", (c, signal) => resolve(signal ? 1 : (c ?? 1))));
  if (prism) {
    // Prism logs each request; what it found against the contract is marked ✖ (an error) or ⚠.
    const findings = readFileSync(prismLog, "utf8")
      .split("\n")
      .filter((line) => /✖|⚠/.test(line) && !/\/readyz/.test(line));
    for (const line of findings) console.error(`prism: ${line}`);
    console.error(`prism: ${findings.length} finding(s) against the contract`);
    if (findings.length > 0 && code === 0) code = 1;
  }
} catch (error) {
  console.error(`with-server: ${error.message}`);
} finally {
  await stop(prism);
  await stop(server);
  rmSync(scratch, { recursive: true, force: true });
  if (ownDatabase) psql(adminDatabaseUrl, `drop database if exists ${ownDatabase} with (force)`);
}
process.exit(code);
