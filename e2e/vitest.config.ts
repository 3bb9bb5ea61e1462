import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The SDK's tests against the real server exercise its sources; the pack test installs the tarball.
const sdkSources = { "@bahi/sdk": fileURLToPath(new URL("../packages/sdk/src/index.ts", import.meta.url)) };

// Each test builds, starts or installs what a user would: bounded work, given time.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "sdk",
          include: ["test/sdk/**/*.test.ts"],
          globalSetup: ["test/sdk/support/global-setup.ts"],
          hookTimeout: 60_000,
          // A PDF's first render loads its fonts: over 30 s at a load average of 29 on two cores.
          testTimeout: 120_000,
        },
        resolve: { alias: sdkSources },
      },
      {
        test: {
          name: "processes",
          include: ["test/*.test.ts"],
          globalSetup: ["test/support/global-setup.ts"],
          hookTimeout: 300_000,
          testTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
