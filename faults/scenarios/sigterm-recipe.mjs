// Fault 8: issue #43's recipe. A supervisor starts the server detached with its output on pipes, makes
// a dozen requests, sends SIGTERM to the process group and exits at once: the server's stdout has no
// reader any more. The server must exit within BAHI_SHUTDOWN_TIMEOUT_MS (+10 s at the very most),
// and free its data directory for the next start.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sleep } from "../lib/outcome.mjs";
import { apiRoot, createAccount, startServer } from "../lib/server.mjs";

const SHUTDOWN_TIMEOUT_MS = 2_000;
const GRACE_MS = 10_000;

const supervisor = `
import { spawn } from "node:child_process";
const [key, dataDir, timeout] = process.argv.slice(1);
const server = spawn(process.execPath, ["dist/server/main.js"], {
  stdio: ["ignore", "pipe", "pipe"],
  detached: true,
  env: { ...process.env, BAHI_DATA_DIR: dataDir, DATABASE_URL: "", PORT: "0", LOG_LEVEL: "info",
    BAHI_SHUTDOWN_TIMEOUT_MS: timeout },
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
  fetch(url + "/v1/parties", { headers: auth }),
  fetch(url + "/v1/invoices", { method: "POST", headers: json, body: "{nope" }),
  fetch(url + "/v1/nothing-here", { headers: auth }),
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

function alive(pid) {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

function runSupervisor(key, dataDir) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--input-type=module", "-e", supervisor, key, dataDir, String(SHUTDOWN_TIMEOUT_MS)],
      { cwd: apiRoot, stdio: ["ignore", "pipe", "pipe"] },
    );
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

export async function sigtermRecipe({ runs, log }) {
  const dataDir = mkdtempSync(join(tmpdir(), "bahi-faults-recipe-"));
  const env = { DATABASE_URL: "", BAHI_DATA_DIR: dataDir };
  const exits = [];
  let stuck = 0;
  try {
    // A key that may read invoices only: the recipe provokes a 403 too.
    const { key } = createAccount(env, "invoices:read");
    for (let run = 0; run < runs; run++) {
      const pid = await runSupervisor(key, dataDir);
      const signalled = Date.now();
      while (alive(pid) && Date.now() - signalled < SHUTDOWN_TIMEOUT_MS + GRACE_MS + 5_000) await sleep(20);
      if (alive(pid)) {
        stuck += 1;
        log(`run ${run + 1}: pid ${pid} still alive past the deadline; killed`);
        process.kill(pid, "SIGKILL");
      } else exits.push(Date.now() - signalled);
    }
    // The next start opens the directory: no live process holds it.
    const next = await startServer(env);
    next.child.kill("SIGTERM");
    await next.exited;
    const slowest = Math.max(...exits);
    return {
      runs,
      checked: runs,
      lost: 0,
      doubled: 0,
      stuck,
      slowestExitMs: slowest,
      ok: stuck === 0 && slowest < SHUTDOWN_TIMEOUT_MS + GRACE_MS,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
