import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { operationList } from "@bahi/contract";
import { appOperationList } from "@bahi/contract/app";
import { inject } from "vitest";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** A directory where each test process writes the operations and statuses its tests saw answered. */
    statusLog: string;
  }
}

/** Notes that a test saw `operationId` answer `status` (checked against the spec by the caller). */
export function recordAnswer(operationId: string, status: number): void {
  appendFileSync(join(inject("statusLog"), `${process.pid}.log`), `${operationId} ${status}\n`);
}

/**
 * The quality bar asks for a test that triggers every 4xx status the spec lists (/v1's and the
 * application's, spec/app). The answers the
 * run's tests saw are logged; a whole run on PostgreSQL (every test file, no name filter, none failed)
 * then fails on any listed 4xx status of any operation that no test saw. A filtered or failed run
 * says nothing: it did not run every test that could have triggered one; nor does a run on PGlite,
 * whose one connection never shows a request another still runs (409 for an Idempotency-Key in
 * flight), so the tests of those statuses are skipped there.
 */
export function startStatusLog(project: TestProject): () => Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "bahi-statuses-"));
  project.provide("statusLog", dir);
  return async () => {
    try {
      const seen = new Set(
        readdirSync(dir).flatMap((name) => readFileSync(join(dir, name), "utf8").split("\n")),
      );
      if (!process.env.TEST_DATABASE_URL || !(await wholeRunPassed(project))) return;
      const missing = untriggered(seen);
      if (missing.length > 0) {
        // Vitest reports a teardown's error but exits as the tests did.
        process.exitCode = 1;
        throw new Error(`no test triggered these 4xx statuses the spec lists:\n${missing.join("\n")}`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

/** The listed 4xx answers, as `operationId status`, that `seen` lacks. */
function untriggered(seen: ReadonlySet<string>): string[] {
  return [...operationList, ...appOperationList].flatMap((op) =>
    op.responses
      .filter((status) => status >= 400 && status < 500)
      .map((status) => `${op.operationId} ${status}`)
      .filter((answer) => !seen.has(answer)),
  );
}

async function wholeRunPassed(project: TestProject): Promise<boolean> {
  if (project.vitest.config.testNamePattern) return false;
  const { testFiles } = await project.globTestFiles();
  const ran = project.vitest.state.getFiles();
  return (
    ran.length === testFiles.length &&
    ran.every((file) => file.result?.state === "pass" || file.mode === "skip")
  );
}
