import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { SHUTDOWN_GRACE_MS } from "../src/config.js";
import { runCli, type ServerProcess, startServerProcess } from "./support/processes.js";

const apiRoot = fileURLToPath(new URL("..", import.meta.url));
const SHUTDOWN_TIMEOUT_MS = 2_000;

/** Whether a process of that id still runs (a zombie whose parent has exited, and no reaper, is gone). */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

async function goneWithin(pid: number, ms: number): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if (!alive(pid)) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}

/**
 * The supervisor of issue #43, as a process of its own: starts the server detached with its output
 * on pipes, makes a dozen requests (401s, a 403, malformed JSON, a 404, a 2 MB body, the contract and
 * the docs), sends SIGTERM to the process group and exits at once, so that the server's stdout has no
 * reader any more. Prints the server's pid.
 */
const supervisor = `
import { spawn } from "node:child_process";
import { once } from "node:events";
const [key, dataDir] = process.argv.slice(1);
const server = spawn(process.execPath, ["dist/server/main.js"], {
  stdio: ["ignore", "pipe", "pipe"],
  detached: true,
  env: { ...process.env, BAHI_DATA_DIR: dataDir, DATABASE_URL: "", PORT: "0", LOG_LEVEL: "info",
    BAHI_SHUTDOWN_TIMEOUT_MS: "${SHUTDOWN_TIMEOUT_MS}" },
});
let out = "";
const url = await new Promise((resolve, reject) => {
  server.stdout.on("data", (d) => {
    out += d;
    const line = out.split("\\n").find((l) => l.includes('"msg":"listening"'));
    if (line) resolve(JSON.parse(line).url);
  });
  server.on("exit", () => reject(new Error(out)));
});
const auth = { authorization: "Bearer " + key };
const json = { ...auth, "content-type": "application/json" };
const calls = [
  fetch(url + "/v1/invoices"),
  fetch(url + "/v1/invoices", { headers: { authorization: "Bearer sk_test_unknown" } }),
  fetch(url + "/v1/parties", { headers: { authorization: "Basic eDp5" } }),
  fetch(url + "/v1/parties", { headers: auth }),
  fetch(url + "/v1/parties", { method: "POST", headers: json, body: "{nope" }),
  fetch(url + "/v1/invoices", { method: "POST", headers: json, body: "{nope" }),
  fetch(url + "/v1/nothing-here", { headers: auth }),
  fetch(url + "/v1/invoices/inv_missing", { headers: auth }),
  fetch(url + "/v1/parties", { method: "POST", headers: json, body: "x".repeat(2_000_000) }).catch(() => null),
  fetch(url + "/openapi.json"),
  fetch(url + "/docs"),
  fetch(url + "/healthz"),
];
for (const answer of await Promise.all(calls)) await answer?.arrayBuffer().catch(() => {});
process.stdout.write(JSON.stringify({ pid: server.pid }) + "\\n");
process.kill(-server.pid, "SIGTERM");
process.exit(0);
`;

function runSupervisor(key: string, dataDir: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", supervisor, key, dataDir], {
      cwd: apiRoot,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    child.on("close", (code) => {
      const pid = /\{"pid":(\d+)\}/.exec(out)?.[1];
      if (code === 0 && pid) resolve(Number(pid));
      else reject(new Error(`supervisor exited with ${code}:\n${out}`));
    });
  });
}

describe("the shutdown recipe of issue #43 (a supervisor that signals, then exits)", () => {
  const servers: ServerProcess[] = [];
  const pids: number[] = [];
  afterAll(() => {
    for (const server of servers) server.child.kill("SIGKILL");
    for (const pid of pids) if (alive(pid)) process.kill(pid, "SIGKILL");
  });

  // One data directory for the file (a fresh one costs PGlite seconds), held by one server at a time.
  const dataDir = mkdtempSync(join(tmpdir(), "bahi-recipe-"));
  const env = { BAHI_DATA_DIR: dataDir, DATABASE_URL: "" };

  it("exits within the shutdown timeout, every time, and frees the data directory", async () => {
    const account = await runCli(
      [
        "accounts",
        "create",
        "--legal-name",
        "Acme Traders Private Limited",
        "--gstin",
        "29AABCU9603R1ZJ",
        "--address",
        "12 MG Road",
        "--city",
        "Bengaluru",
        "--pin",
        "560001",
        "--json",
      ],
      env,
    );
    const accountId = (JSON.parse(account.stdout) as { id: string }).id;
    const keys = await runCli(
      ["keys", "create", "--account", accountId, "--mode", "test", "--scopes", "invoices:read", "--json"],
      env,
    );
    const key = (JSON.parse(keys.stdout) as { secret: string }).secret;
    // Before the fix, four runs in five (three in three here) never exited.
    for (let run = 0; run < 3; run++) {
      const pid = await runSupervisor(key, dataDir);
      pids.push(pid);
      const took = await goneWithin(pid, SHUTDOWN_TIMEOUT_MS + SHUTDOWN_GRACE_MS);
      expect(took, `run ${run}: the server (pid ${pid}) was still alive at the deadline`).not.toBeNull();
      expect(took).toBeLessThan(SHUTDOWN_TIMEOUT_MS + 3_000);
    }
    // The next start opens the directory: no live pid holds its lock.
    const next = await startServerProcess(env);
    servers.push(next);
    expect((await fetch(`${next.url}/healthz`)).status).toBe(200);
    next.child.kill("SIGTERM");
    expect(await next.exited).toBe(0);
  }, 90_000);

  it("exits at once on a second signal, while the first waits for a request in flight", async () => {
    const server = await startServerProcess({ ...env, BAHI_SHUTDOWN_TIMEOUT_MS: "60000" });
    servers.push(server);
    // Half a request's headers: the connection stays busy, so the first stop waits up to 60 s for it.
    const socket = connect(Number(new URL(server.url).port), "127.0.0.1");
    await once(socket, "connect");
    socket.on("error", () => {});
    socket.write("GET /readyz HTTP/1.1\r\nHost: bahi\r\n");
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.child.kill("SIGTERM");
    await server.lineWith('"msg":"shutting down');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const second = Date.now();
    server.child.kill("SIGINT");
    expect(await server.exited).toBe(1);
    expect(Date.now() - second).toBeLessThan(1_500);
    expect(server.output()).toContain("second stop signal: exiting at once");
  }, 30_000);

  it("exits by the deadline when stdout's reader stops reading", async () => {
    const shutdownTimeoutMs = 500;
    const server = await startServerProcess({ ...env, BAHI_SHUTDOWN_TIMEOUT_MS: String(shutdownTimeoutMs) });
    servers.push(server);
    // Every request writes a log line; past the pipe's buffer the server's writes wait for a reader.
    server.child.stdout?.pause();
    for (let batch = 0; batch < 40; batch++) {
      await Promise.all(
        Array.from({ length: 50 }, () =>
          fetch(`${server.url}/v1/invoices`, { headers: { authorization: "Bearer sk_test_unknown" } }).then(
            (r) => r.arrayBuffer(),
          ),
        ),
      );
    }
    const signalled = Date.now();
    server.child.kill("SIGTERM");
    const pid = server.child.pid ?? 0;
    const took = await goneWithin(pid, shutdownTimeoutMs + SHUTDOWN_GRACE_MS + 1_000);
    expect(took).not.toBeNull();
    expect(Date.now() - signalled).toBeLessThan(shutdownTimeoutMs + SHUTDOWN_GRACE_MS);
  }, 60_000);
});
