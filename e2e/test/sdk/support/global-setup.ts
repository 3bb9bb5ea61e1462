import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { implementedOperations } from "./probe.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** The real server's base URL. */
    bahiUrl: string;
    /** The demo account's test key, as the server printed it. */
    bahiKey: string;
    /** The demo owner's one-time sign-in link, as the server printed it (the OAuth test uses it). */
    bahiSignInLink: string;
    /** A file where the tests' clients append the operationId of each request they send. */
    operationLog: string;
    /** The operations the server has built (it answers the others 404). */
    implementedOperations: string[];
  }
}

const apiRoot = fileURLToPath(new URL("../../../../apps/api/", import.meta.url));
/** A fresh PGlite database takes its time on a busy two-core machine (CI shares one with others). */
const START_TIMEOUT_MS = 180_000;
/** How long the server's OAuth access tokens last (BAHI_OAUTH_ACCESS_TOKEN_SECONDS); oauth-token.test.ts waits it out. */
export const OAUTH_ACCESS_TOKEN_SECONDS = 5;

/**
 * Starts the API as a user does (`pnpm start`: the bundled server, built first so that it is the
 * code under test) on a fresh PGlite directory.
 */
function startServer(
  dataDir: string,
): Promise<{ child: ChildProcess; url: string; key: string; signInLink: string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: "0",
    LOG_LEVEL: "info",
    BAHI_DATA_DIR: dataDir,
    // The webhook tests' receiver listens on loopback, as an integrator's development endpoint would.
    BAHI_WEBHOOK_ALLOWED_HOSTS: "127.0.0.1",
    // OAuth access tokens that expire within a test, so that the SDK's refresh is seen to work.
    BAHI_OAUTH_ACCESS_TOKEN_SECONDS: String(OAUTH_ACCESS_TOKEN_SECONDS),
  };
  delete env.DATABASE_URL;
  const built = spawnSync(process.execPath, ["scripts/build.mjs"], { cwd: apiRoot, encoding: "utf8" });
  if (built.status !== 0) throw new Error(`the API's build failed:\n${built.stderr}`);
  const child = spawn(process.execPath, ["dist/server/main.js"], { cwd: apiRoot, env });
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(
      () => reject(new Error(`the server did not start in ${START_TIMEOUT_MS / 1000} s:\n${output}`)),
      START_TIMEOUT_MS,
    );
    child.stdout.on("data", (chunk) => {
      output += chunk;
      const listening = output.split("\n").find((line) => line.includes('"msg":"listening"'));
      const key = /export BAHI_API_KEY=(sk_test_\w+)/.exec(output)?.[1];
      const signInLink = /(http:\/\/\S+\/app\/sign-in-link#\S+)/.exec(output)?.[1];
      if (listening && key && signInLink) {
        clearTimeout(timer);
        resolve({ child, url: JSON.parse(listening).url, key, signInLink });
      }
    });
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code} before listening:\n${output}`));
    });
  });
}

/**
 * One server for the whole integration run. Afterwards, every operation the server implements must
 * have been called through the SDK by some test: a newly built operation without an SDK test fails here.
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(join(tmpdir(), "bahi-sdk-it-"));
  const server = await startServer(dataDir);
  const operationLog = join(dataDir, "sdk-operations.log");
  writeFileSync(operationLog, "");
  project.provide("bahiUrl", server.url);
  project.provide("bahiKey", server.key);
  project.provide("bahiSignInLink", server.signInLink);
  project.provide("operationLog", operationLog);
  const implemented = await implementedOperations(server.url, server.key);
  project.provide("implementedOperations", implemented);

  return async () => {
    const exited = new Promise((done) => server.child.once("exit", done));
    server.child.kill("SIGTERM");
    await exited;
    const called = new Set(readFileSync(operationLog, "utf8").split("\n"));
    rmSync(dataDir, { recursive: true, force: true });
    const untested = implemented.filter((operationId) => !called.has(operationId));
    if (untested.length > 0) {
      // vitest prints an error thrown here but would still exit 0.
      process.exitCode = 1;
      throw new Error(
        `The server implements operations that no SDK integration test calls: ${untested.join(", ")}. ` +
          "Add them to e2e/test/sdk.",
      );
    }
  };
}
