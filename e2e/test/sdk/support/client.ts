import { appendFileSync } from "node:fs";
import { Bahi, type BahiOptions, type OperationId } from "@bahi/sdk";
import { describe, inject } from "vitest";
import { operationOf } from "./operations.js";

/** A client of the real server; each request's operation is logged for the coverage check at the end. */
export function client(options: Partial<BahiOptions> = {}): Bahi {
  const send = options.fetch ?? ((request: Request) => fetch(request));
  return new Bahi({
    // The demo account's key, unless the test acts with a token.
    ...(options.accessToken ? {} : { apiKey: inject("bahiKey") }),
    baseUrl: inject("bahiUrl"),
    ...options,
    fetch: (request) => {
      const op = operationOf(request);
      if (op) appendFileSync(inject("operationLog"), `${op.operationId}\n`);
      return send(request);
    },
  });
}

/**
 * A block of tests of some operations, run once the server has built all of them: tests can be written
 * from the spec ahead of the server, and start running the day it implements their operations.
 */
export function describeOperations(
  name: string,
  operations: readonly OperationId[],
  tests: () => void,
): void {
  const implemented = new Set(inject("implementedOperations"));
  describe.skipIf(!operations.every((op) => implemented.has(op)))(name, tests);
}
