import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { buildServer, startOwnServer } from "../../support/bahi-server.js";
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

/** How long the server's OAuth access tokens last (BAHI_OAUTH_ACCESS_TOKEN_SECONDS); oauth-token.test.ts waits it out. */
export const OAUTH_ACCESS_TOKEN_SECONDS = 5;

/**
 * One server for the whole integration run. Afterwards, every operation the server implements must
 * have been called through the SDK by some test: a newly built operation without an SDK test fails here.
 */
export default async function setup(project: TestProject) {
  buildServer();
  const server = await startOwnServer({
    // The webhook tests' receiver listens on loopback, as an integrator's development endpoint would.
    BAHI_WEBHOOK_ALLOWED_HOSTS: "127.0.0.1",
    // OAuth access tokens that expire within a test, so that the SDK's refresh is seen to work.
    BAHI_OAUTH_ACCESS_TOKEN_SECONDS: String(OAUTH_ACCESS_TOKEN_SECONDS),
  });
  const operationLog = join(server.dataDir, "sdk-operations.log");
  writeFileSync(operationLog, "");
  project.provide("bahiUrl", server.url);
  project.provide("bahiKey", server.testKey);
  project.provide("bahiSignInLink", server.signInLink);
  project.provide("operationLog", operationLog);
  const implemented = await implementedOperations(server.url, server.testKey);
  project.provide("implementedOperations", implemented);

  return async () => {
    const called = new Set(readFileSync(operationLog, "utf8").split("\n"));
    await server.stop();
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
