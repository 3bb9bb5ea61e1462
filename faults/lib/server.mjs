// The built server (`apps/api/dist/server/main.js`, what `pnpm start` runs) and its operator CLI, as
// processes of their own, so that a fault can kill them.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const apiRoot = fileURLToPath(new URL("../../apps/api/", import.meta.url));

/** Builds the bundle once when it is missing (`BAHI_FAULTS_BUILD=1` rebuilds it). */
export function ensureBuilt() {
  if (existsSync(`${apiRoot}dist/server/main.js`) && process.env.BAHI_FAULTS_BUILD !== "1") return;
  const built = spawnSync(process.execPath, ["scripts/build.mjs"], { cwd: apiRoot, stdio: "inherit" });
  if (built.status !== 0) throw new Error("building apps/api/dist/server failed");
}

export function cli(args, env) {
  const done = spawnSync(process.execPath, ["dist/server/cli.js", ...args, "--json"], {
    cwd: apiRoot,
    env: { ...process.env, ...env },
    encoding: "utf8",
    timeout: 120_000,
  });
  if (done.status !== 0) throw new Error(`bahi ${args.join(" ")} failed:\n${done.stdout}${done.stderr}`);
  return JSON.parse(done.stdout);
}

/** Starts the server and resolves once it listens; `output()` is everything it wrote. */
export function startServer(env, { timeoutMs = 120_000 } = {}) {
  const child = spawn(process.execPath, ["dist/server/main.js"], {
    cwd: apiRoot,
    env: { ...process.env, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal })));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the server did not listen within ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
    let listening = false;
    child.stdout.on("data", (chunk) => {
      out += chunk;
      // Looked for until found only: splitting megabytes of log at every chunk slowed this process
      // until the server's log buffer overflowed and dropped lines.
      if (listening) return;
      const line = out.split("\n").find((l) => l.includes('"msg":"listening"'));
      if (line) {
        listening = true;
        clearTimeout(timer);
        resolve({ child, url: JSON.parse(line).url, exited, output: () => out });
      }
    });
    child.stderr.on("data", (chunk) => (out += chunk));
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code ?? signal}) before listening:\n${out}`));
    });
  });
}

/**
 * The account (on `plan`, else the default) and its key, made with the operator's CLI before the
 * server starts (a PGlite directory is held by one process at a time).
 */
export function createAccount(env, scopes = "*", plan = null) {
  const account = cli(
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
      ...(plan ? ["--plan", plan] : []),
    ],
    env,
  );
  const key = cli(["keys", "create", "--account", account.id, "--mode", "test", "--scopes", scopes], env);
  return { accountId: account.id, key: key.secret };
}

/** The customer and goods every fault's load works on, created through the API. */
export async function setUpBooks(url, { accountId, key: secret }, { openingStock = 1_000_000 } = {}) {
  const key = { secret };
  const headers = { authorization: `Bearer ${key.secret}`, "content-type": "application/json" };
  const post = async (path, body) => {
    const answer = await fetch(`${url}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
    if (answer.status !== 201) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
    return answer.json();
  };
  const party = await post("/v1/parties", {
    type: "customer",
    name: "Meera Rao",
    address: { line1: "221 Kalidasa Road", city: "Mysuru", state_code: "29", pin: "570002" },
  });
  const product = await post("/v1/products", {
    sku: "PEN-01",
    name: "Ballpoint pen, blue",
    price: 10,
    gst_rate: 18,
    hsn_code: "96081019",
    unit: "NOS",
    opening_stock: openingStock,
  });
  return { accountId, key: secret, partyId: party.id, sku: product.sku, openingStock };
}
