import { test as base } from "vitest";
import { type CallOptions, type CallResult, startTestApi, type TestApi, type TestApiOptions } from "./api.js";
import { createTestDatabase } from "./database.js";
import { penSeller } from "./pen-seller.js";
import { startReceiver } from "./receiver.js";
import { createTenant, type TenantOptions } from "./tenants.js";

/**
 * The API tests' shared setup. A test names what it needs, `it("…", async ({ api, tenant }) => …)`,
 * and gets it built on first use. File-scoped fixtures are built once per file and torn down after its
 * last test; they count against the time of the first test that uses them, so a slow setup of a
 * file's own (seeding data) belongs in `it.beforeAll(async ({ api }) => …)`, which has the hook's time.
 * A file whose server needs other options says so once, at its top level (not inside a `describe`):
 * `it.override("apiOptions", { rateLimits: … })`.
 */
export const test = base
  /** The options of the file's server (none: the defaults). */
  .extend("apiOptions", { scope: "file" }, {} as TestApiOptions)
  /** A real HTTP server over a fresh database of the driver under test, closed after the file. */
  .extend("api", { scope: "file" }, async ({ apiOptions }, { onCleanup }) => {
    const api = await startTestApi(apiOptions);
    onCleanup(() => api.close());
    return api;
  })
  /** An account in Karnataka on the growth plan, with a test and a live key holding every scope. */
  .extend("tenant", { scope: "file" }, ({ api }) => createTenant(api.database.handle.db))
  /** Calls an operation with the tenant's test key; the answer is checked against the spec. */
  .extend(
    "call",
    { scope: "file" },
    ({ api, tenant }) =>
      <T = Record<string, any>>(operationId: string, options: CallOptions = {}): Promise<CallResult<T>> =>
        api.call<T>(operationId, { key: tenant.testKey, ...options }),
  )
  /** Creates another account on the file's server: a second business, or one a test may change. */
  .extend(
    "newTenant",
    { scope: "file" },
    ({ api }) =>
      (options?: TenantOptions) =>
        createTenant(api.database.handle.db, options),
  )
  /** A webhook endpoint on loopback that records what it is sent, closed after the file. */
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's needs from this pattern.
  .extend("receiver", { scope: "file" }, async ({}, { onCleanup }) => {
    const receiver = await startReceiver();
    onCleanup(() => receiver.close());
    return receiver;
  })
  /** Starts servers of the test's own, with options other than the file's, closed after the test. */
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's needs from this pattern.
  .extend("startApi", async ({}, { onCleanup }) => {
    const started: TestApi[] = [];
    onCleanup(async () => {
      for (const api of started.reverse()) await api.close();
    });
    return async (options: TestApiOptions = {}) => {
      const api = await startTestApi(options);
      started.push(api);
      return api;
    };
  })
  /** A fresh business selling pens (support/pen-seller.ts), new for each test that asks for it. */
  .extend("seller", ({ api }) => penSeller(api))
  /** A migrated database of the driver under test with no server, dropped after the file. */
  // biome-ignore lint/correctness/noEmptyPattern: vitest reads a fixture's needs from this pattern.
  .extend("database", { scope: "file" }, async ({}, { onCleanup }) => {
    const database = await createTestDatabase();
    onCleanup(() => database.drop());
    return database;
  });

export { test as it };
