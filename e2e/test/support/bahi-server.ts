// The API as `npm start` runs it, for every end-to-end test: the built server (dist/server, built
// once per run by the global setup) on a fresh PGlite directory and a free port, its demo account's
// test key and sign-in link printed; started, waited for and stopped in one way. And the calls of the
// application's API that tests make as a signed-in member.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const apiRoot = fileURLToPath(new URL("../../../apps/api/", import.meta.url));
/** A fresh PGlite database takes its time on a busy two-core machine (CI shares one with others). */
const START_TIMEOUT_MS = 180_000;

/**
 * Builds dist/server from the sources, so that it is the code under test; once per run
 * (`BAHI_SERVER_BUILT=1` says it is done, as in .ci/run's SDK checks).
 */
export function buildServer(): void {
  if (process.env.BAHI_SERVER_BUILT === "1") return;
  const built = spawnSync(process.execPath, ["scripts/build.mjs"], { cwd: apiRoot, encoding: "utf8" });
  if (built.status !== 0) throw new Error(`the API's build failed:\n${built.stderr}`);
  process.env.BAHI_SERVER_BUILT = "1";
}

export interface OwnServer {
  url: string;
  testKey: string;
  /** The demo owner's one-time sign-in link. */
  signInLink: string;
  /** The server's data directory, removed by stop(): a place for a test's own files too. */
  dataDir: string;
  /** Everything the server wrote so far. */
  output: () => string;
  /** Stops the server (SIGTERM), waits for it to exit, and removes its data directory. */
  stop: () => Promise<void>;
}

/**
 * The first match of `pattern` in what the server wrote, waiting up to `timeoutMs` for it: a log line
 * (an emailed link, say) arrives after the answer to the request that caused it.
 */
export async function outputMatch(server: Pick<OwnServer, "output">, pattern: RegExp, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = pattern.exec(server.output());
    if (found || Date.now() > until) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Starts the built server with `env` beside the defaults; resolves once it listens and has printed its key and link. */
export async function startOwnServer(env: Record<string, string> = {}): Promise<OwnServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "bahi-own-server-"));
  const child: ChildProcess = spawn(process.execPath, ["dist/server/main.js"], {
    cwd: apiRoot,
    env: {
      ...process.env,
      PORT: "0",
      LOG_LEVEL: "info",
      BAHI_DATA_DIR: dataDir,
      DATABASE_URL: "",
      REDIS_URL: "",
      BAHI_SMTP_URL: "",
      ...env,
    },
  });
  let out = "";
  const exited = new Promise((done) => child.once("exit", done));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    return await new Promise<OwnServer>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the server did not start in ${START_TIMEOUT_MS / 1000} s:\n${out}`)),
        START_TIMEOUT_MS,
      );
      child.stdout?.on("data", (chunk: Buffer) => {
        out += chunk;
        const listening = out.split("\n").find((line) => line.includes('"msg":"listening"'));
        const key = /export BAHI_API_KEY=(sk_test_\w+)/.exec(out)?.[1];
        const link = /(http:\/\/\S+\/app\/sign-in-link#\S+)/.exec(out)?.[1];
        if (listening && key && link) {
          clearTimeout(timer);
          resolve({
            url: JSON.parse(listening).url,
            testKey: key,
            signInLink: link,
            dataDir,
            output: () => out,
            stop,
          });
        }
      });
      child.stderr?.on("data", (chunk: Buffer) => (out += chunk));
      child.on("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`the server exited with ${code} before listening:\n${out}`));
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A signed-in member as the application's API sees one: the session cookie and its CSRF token. */
export interface MemberSession {
  cookie: string;
  csrf: string;
  accountId: string;
}

/** A running server: where it is, and the demo owner's sign-in link it printed. */
export type Reachable = Pick<OwnServer, "url" | "signInLink">;

/** Signs the demo owner in with the printed link, as the page behind it does. */
export async function redeemSignInLink(server: Reachable): Promise<MemberSession> {
  const token = server.signInLink.split("#")[1] ?? "";
  const response = await fetch(new URL("/app/api/sign_in_links/redeem", server.url), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token }),
  });
  if (response.status !== 200) throw new Error(`sign-in link refused: ${await response.text()}`);
  const session = (await response.json()) as { csrf_token: string; account_id: string };
  const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  return { cookie, csrf: session.csrf_token, accountId: session.account_id };
}

/** A JSON call of the application's API (spec/app) in the member's session. */
export async function appCall(
  server: Reachable,
  session: MemberSession,
  path: string,
  body: unknown,
): Promise<{ status: number; body: any }> {
  const response = await fetch(new URL(path, server.url), {
    method: "POST",
    headers: { cookie: session.cookie, "x-csrf-token": session.csrf, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}
